import { z } from 'zod'

/**
 * The API's own input schemas: path parameters, queries and bodies that are not entities of
 * their own (those live in ../schemas). Their messages are the API's 400 answers, word for word.
 */
const positiveId = (message: string) =>
  z.coerce.number(message).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message)

/** A post's id in the path of the owner's and the discovery calls. */
export const PostIdParam = positiveId('Not a valid post id')
/** A comment's (or, for comments and the export, a post's) id in the path. */
export const IdParam = positiveId('Not a valid id')
export const JobIdParam = z.string().min(1).max(100)
export const SlugParams = z.object({ slug: z.string().min(1).max(200) })

export const ListQuery = z.object({ search: z.string().max(500).optional() })
export const RelatedQuery = z.object({
  limit: z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 to 20')
    .max(20, 'limit must be 1 to 20')
    .default(5),
})
export const TokenQuery = z.object({
  token: z
    .string('The unsubscribe link is incomplete.')
    .min(1, 'The unsubscribe link is incomplete.')
    .max(200, 'The unsubscribe link is not valid.'),
})

const PostIds = z.array(PostIdParam).min(1, 'Select at least one post').max(10_000)
export const DeleteMany = z.object({ ids: PostIds })
export const ClearAnnotations = z.object({ postIds: PostIds })
export const BulkBody = z.object({ postIds: PostIds })
/** Models are made during the call, so fewer at a time. */
export const BulkModels = z.object({ postIds: z.array(PostIdParam).min(1, 'Select at least one post').max(1_000) })
/** The edit modal's Preview; `postId` renders with that post's stored figures and cited entries, as its page does. */
export const Preview = z.object({ content: z.string().max(5_000_000), postId: z.number().int().positive().optional() })
