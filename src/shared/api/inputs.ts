import type { z } from 'zod'
import {
  AboutSchema,
  CommentInputSchema,
  CommentModerationSchema,
  FooterUpdateSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ManageQuerySchema,
  PasswordResetSchema,
  PostUpdateSchema,
  RegenerateImagesBodySchema,
  SearchQuerySchema,
  SetupQuerySchema,
  SetupSchema,
  SubscriptionSchema,
  TrackingEventSchema,
  UpdateEmailSchema,
  UpdatePasswordSchema,
} from '../schemas/index.js'
import type { EndpointName, Endpoints } from './endpoints.js'
import type { ParamNames } from './endpoint.js'
import {
  BulkBody,
  BulkModels,
  ClearAnnotations,
  DeleteMany,
  IdParam,
  JobIdParam,
  ListQuery,
  PostIdParam,
  Preview,
  RelatedQuery,
  SlugParams,
  TokenQuery,
} from './input-schemas.js'

/**
 * What an endpoint reads from a request, each part parsed on first use so a handler decides the
 * order (a guard's or a service's refusal before the body is looked at, as today).
 * `params`: one schema per path parameter, each parsed alone (its message has no field name),
 * or one object schema for all of them (its messages name the field).
 * `emptyBody`: a missing body counts as `{}` (the field-by-field message rather than "expected object").
 */
export interface InputSpec {
  readonly params?: Readonly<Record<string, z.ZodType>> | z.ZodObject
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly emptyBody?: boolean
}

const none = {} as const

/** Every endpoint's input, by the names of ENDPOINTS; an endpoint without an entry here fails to compile. */
export const ENDPOINT_INPUTS = {
  me: none,
  login: { body: LoginSchema },
  logout: none,
  setup: { query: SetupQuerySchema, body: SetupSchema },
  forgotPassword: { body: ForgotPasswordSchema },
  resetPassword: { body: PasswordResetSchema },
  updateEmail: { body: UpdateEmailSchema },
  updatePassword: { body: UpdatePasswordSchema },
  adminList: none,

  about: none,
  updateAbout: { body: AboutSchema },
  footer: none,
  updateFooter: { body: FooterUpdateSchema },

  subscribe: { body: SubscriptionSchema },
  unsubscribe: { query: TokenQuery },
  unsubscribeOneClick: { query: TokenQuery },
  comments: { params: { postId: IdParam } },
  addComment: { params: { postId: IdParam }, body: CommentInputSchema },
  pendingComments: none,
  approveComment: { params: { id: IdParam }, body: CommentModerationSchema },
  deleteComment: { params: { id: IdParam } },
  track: { body: TrackingEventSchema },

  clearAnnotations: { body: ClearAnnotations },
  deletePosts: { body: DeleteMany },
  updatePost: { params: { id: PostIdParam }, body: PostUpdateSchema, emptyBody: true },
  deletePost: { params: { id: PostIdParam } },
  preview: { body: Preview },
  // multipart: the files and their `paths` are read by the route (src/server/routes/upload.ts)
  upload: none,
  exportArxiv: { params: { id: IdParam } },
  exportArxivArchive: { params: { id: IdParam } },

  bulkAnnotations: { body: BulkBody, emptyBody: true },
  bulkBibliography: { body: BulkBody, emptyBody: true },
  bulkModels: { body: BulkModels, emptyBody: true },
  generateAnnotations: { params: { id: PostIdParam } },
  generateBibliography: { params: { id: PostIdParam } },
  generateModel: { params: { postId: PostIdParam } },
  regenerateModel: { params: { postId: PostIdParam } },
  regenerateImages: { params: { id: PostIdParam }, body: RegenerateImagesBodySchema, emptyBody: true },

  jobsStatus: none,
  cancelJob: { params: { id: JobIdParam } },
  cancelAllJobs: none,

  managePosts: { query: ManageQuerySchema },
  aiStatus: none,

  related: { params: { postId: PostIdParam }, query: RelatedQuery },
  smartSidebar: { params: { id: PostIdParam } },
  argumentStrength: { params: { id: PostIdParam } },
  crossReferences: { params: { id: PostIdParam } },
  conceptEvolution: none,
  userInsights: none,

  advancedSearch: { query: SearchQuerySchema },

  listPosts: { query: ListQuery },
  getPost: { params: SlugParams },
} as const satisfies { readonly [K in EndpointName]: InputSpec & ParamsSpecOf<Endpoints[K]> }

/** A params spec, when given, names exactly the path's parameters. */
type ParamsSpecOf<E extends { path: string }> = [ParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: { readonly [N in ParamNames<E['path']>]: z.ZodType } | z.ZodObject }

export type Inputs = typeof ENDPOINT_INPUTS

type Part<K extends EndpointName, P extends 'query' | 'body', Dir extends 'in' | 'out'> = Inputs[K] extends {
  readonly [Q in P]: infer S extends z.ZodType
}
  ? Dir extends 'in'
    ? z.input<S>
    : z.output<S>
  : undefined

/** The body a client sends to an endpoint. */
export type BodyOf<K extends EndpointName> = Part<K, 'body', 'in'>
/** The query a client sends (before the server's coercion). */
export type QueryOf<K extends EndpointName> = Part<K, 'query', 'in'>

/** The parsed input a handler reads. */
export interface ParsedInput<K extends EndpointName> {
  readonly params: Inputs[K] extends { readonly params: infer P }
    ? P extends z.ZodObject
      ? z.output<P>
      : { [N in keyof P]: P[N] extends z.ZodType ? z.output<P[N]> : never }
    : Record<string, never>
  readonly query: Part<K, 'query', 'out'>
  readonly body: Part<K, 'body', 'out'>
}
