import { z } from 'zod'
import { PostCitationSchema } from './citation.js'
import { EssayDocumentSchema } from './essay-document.js'

/** A missing status means published (SPEC §3); anything else is rejected at the edge. */
export const PostStatusSchema = z.enum(['draft', 'published'])
export type PostStatus = z.infer<typeof PostStatusSchema>

export const TocEntrySchema = z.object({
  depth: z.number().int().min(1).max(6),
  text: z.string(),
  id: z.string(),
  /** The heading's rendered markup, present only when it holds math that reads badly as TeX. */
  html: z.string().optional(),
})
export type TocEntry = z.infer<typeof TocEntrySchema>

const isoDate = z.string().datetime({ offset: true })

/**
 * What the store keeps in the post index: everything a list, a card or a search filter needs,
 * and nothing large. Bodies (markdown, rendered HTML, generated JSON) live in PostBody.
 */
export const PostMetaSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1),
  slug: z.string().min(1),
  excerpt: z.string(),
  metaDescription: z.string().nullable(),
  author: z.string(),
  tags: z.array(z.string()),
  readTime: z.number().int().min(1),
  wordCount: z.number().int().min(0),
  publishedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  status: PostStatusSchema,
  featured: z.union([z.literal(0), z.literal(1)]),
  bannerImage: z.string().nullable(),
  contentImages: z.array(z.string()),
  /** Where an imported post came from, so re-imports update rather than duplicate. */
  source: z
    .object({
      path: z.string(),
      hash: z.string(),
      /** The local files its figures came from, with a stamp of their sizes and times (see figure-stamp.ts). */
      figures: z.object({ files: z.array(z.string()), stamp: z.string() }).optional(),
      /** An upload's path inside the folder it came in (`chapter/attention.md`): essays uploaded together refer to each other by it. */
      relative: z.string().max(1000).optional(),
      /** Where the author's site published it (`/2019/03/01/foo/`, a Hugo alias): links written to them lead here. */
      addresses: z.array(z.string().max(1000)).max(60).optional(),
      /** When an import last wrote the post from its file (an edit in the site changes updatedAt, not this). */
      importedAt: isoDate.optional(),
    })
    .nullable(),
  /** Hash of the markdown the stored HTML was rendered from. */
  contentHash: z.string(),
  /** Bumped on every change of the post (cache keys, ETags). */
  rev: z.number().int().min(1),
  /** Names the body file of this version; bumped only when the body changes. */
  bodyRev: z.number().int().min(1),
})
export type PostMeta = z.infer<typeof PostMetaSchema>

/** The large, per-post part, stored in a file of its own. */
export const PostBodySchema = z.object({
  content: z.string(),
  enhancedContent: z.string().nullable(),
  html: z.string(),
  toc: z.array(TocEntrySchema),
  plainText: z.string(),
  renderVersion: z.number().int(),
  annotations: z.string().nullable(),
  annotatedContent: z.string().nullable(),
  summary: z.string().nullable(),
  bibliography: z.string().nullable(),
  bibliographyContent: z.string().nullable(),
  mathematicalModel: z.string().nullable(),
  /** Which provider and model made each stored enhancement, and when (DECISIONS.md). */
  provenance: z
    .partialRecord(
      z.enum(['annotations', 'bibliography', 'summary', 'mathematicalModel', 'bannerImage', 'contentImages']),
      z.object({ provider: z.enum(['local', 'openai']), model: z.string(), generatedAt: z.string() }),
    )
    .default({}),
  /** Frontmatter as read, kept for later enhancement (e.g. a `sources` list). */
  frontmatter: z.record(z.string(), z.unknown()),
  /** What the essay's reading resolved: stored figures, cited entries, labels, warnings. */
  document: EssayDocumentSchema.optional(),
})
export type PostBody = z.infer<typeof PostBodySchema>

/** A post's place in the posts list, enough for a previous/next card. */
export const PostNeighbourSchema = z.object({ slug: z.string(), title: z.string(), readTime: z.number().int() })
export type PostNeighbour = z.infer<typeof PostNeighbourSchema>

/** SPEC §3 Post as a list item: the card fields, no bodies. */
export const PostListItemSchema = PostMetaSchema.omit({ source: true, contentHash: true, rev: true, bodyRev: true })
export type PostListItem = z.infer<typeof PostListItemSchema>

/** SPEC §3 Post as the API returns it for one post: the card fields plus the public part of the body. */
export const PostSchema = PostListItemSchema.extend(
  PostBodySchema.omit({ plainText: true, renderVersion: true, frontmatter: true, document: true }).shape,
).extend({
  contentSummary: z.string().nullable(),
  /** The posts either side of this one in the order of the posts list (SPEC §2), as the reader may see it. */
  neighbours: z.object({ previous: PostNeighbourSchema.nullable(), next: PostNeighbourSchema.nullable() }),
  /** DOI, version and archived copy from the front matter (issue 40); absent: none of them. */
  citation: PostCitationSchema.optional(),
  /** The essay's own TeX definitions, for formulas shown outside its HTML (the model panel); absent: none. */
  mathMacros: z.array(z.string()).optional(),
})
export type Post = z.infer<typeof PostSchema>

/** Images the site shows: its own media, or a web address; never a `javascript:` or `data:` URL. */
const ImageUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine((v) => /^(\/(?!\/)|https?:\/\/)/i.test(v), 'Images must be a site path (/media/…) or an http(s) address')

/**
 * PUT /api/posts/{id} (SPEC §7). Trimming per SPEC §5. id, slug and the timestamps are not
 * writable: keys other than these fields are dropped, never applied.
 */
export const PostUpdateSchema = z
  .object({
    title: z.string('Title is required').trim().min(1, 'Title is required').max(500),
    content: z.string().trim().min(1, 'Content is required').max(5_000_000),
    excerpt: z.string().trim().max(2_000),
    tags: z
      .union([z.array(z.string().max(100)).max(50), z.string().max(5_000)])
      .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter(Boolean))]),
    metaDescription: z.string().trim().max(500).nullable(),
    author: z.string().trim().max(300),
    featured: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => (v ? 1 : 0) as 0 | 1),
    publishedAt: isoDate.or(z.string().date()).transform((v) => new Date(v).toISOString()),
    status: z.enum(['draft', 'published'], 'Status must be draft or published'),
    bannerImage: ImageUrlSchema.nullable(),
    enhancedContent: z.string().max(5_000_000).nullable(),
    contentImages: z.array(ImageUrlSchema).max(100),
  })
  .partial()
export type PostUpdate = z.infer<typeof PostUpdateSchema>
