import { z } from 'zod'
import { PostListItemSchema } from './post.js'

/** The enhancements a post can have, by the names `blog generate` uses for them. */
export const ENHANCEMENTS = ['annotations', 'bibliography', 'summary', 'models', 'images'] as const
export const EnhancementSchema = z.enum(ENHANCEMENTS)
export type Enhancement = z.infer<typeof EnhancementSchema>

/** Posts shown per page of the Post Manager unless asked otherwise. */
export const MANAGE_PAGE_SIZE = 20

const either = z.enum(['any', 'yes', 'no'])

/**
 * GET /api/manage/posts: the Post Manager's search, filters and page (issue 23.10). Every
 * field has a default, so the address `?` alone lists the first page of every post. Read from
 * a query string, so numbers arrive as text.
 */
export const ManageQuerySchema = z.object({
  /** Words that must all appear in the title, slug, author or a tag (any case, any accents). */
  q: z.string().trim().max(200, 'The search is too long').default(''),
  status: z.enum(['all', 'draft', 'published']).default('all'),
  featured: either.default('any'),
  /** "Enhanced": has annotations, a bibliography, a summary or a model (images do not count). */
  enhanced: either.default('any'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MANAGE_PAGE_SIZE),
})
export type ManageQuery = z.infer<typeof ManageQuerySchema>
export type ManageQueryInput = z.input<typeof ManageQuerySchema>

export const ManagedPostSchema = PostListItemSchema.extend({ enhancements: z.array(EnhancementSchema) })
export type ManagedPost = z.infer<typeof ManagedPostSchema>

/** One page of the Post Manager, with every match's id and title so a selection can span pages. */
export const ManagePageSchema = z.object({
  posts: z.array(ManagedPostSchema),
  /** How many posts match the filters (all pages). */
  total: z.number().int().min(0),
  /** The page shown: the one asked for, or the last one when fewer posts match now. */
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  pageCount: z.number().int().min(1),
  /** Every matching post in list order, for "Select All" across pages and the bulk dialogs' titles. */
  matching: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** Over all posts, whatever the filters: the numbers beside the filter choices. */
  counts: z.object({
    all: z.number(),
    draft: z.number(),
    published: z.number(),
    featured: z.number(),
    enhanced: z.number(),
  }),
})
export type ManagePage = z.infer<typeof ManagePageSchema>

/** GET /api/manage/ai: which provider will answer the owner's generation calls (issue 23.11). */
export const AiStatusSchema = z.object({
  /** Who draws images: OpenAI's image models, the local artist, or nobody until a key is set. */
  images: z.enum(['openai', 'local', 'unavailable']),
  /** Who writes annotations, bibliographies, summaries and models. */
  text: z.enum(['openai', 'local', 'unavailable']),
  /** Whether the dialog's model, quality and style reach the image provider. */
  imageOptionsApply: z.boolean(),
})
export type AiStatus = z.infer<typeof AiStatusSchema>
