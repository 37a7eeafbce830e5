import { readPostCitation } from '../shared/schemas/citation.js'
import { texDefinitions } from '../shared/tex-definitions.js'
import type { Post, PostBody, PostListItem, PostMeta, PostNeighbour } from '../shared/schemas/index.js'

/** The list shape of SPEC §3: card fields only, internal bookkeeping left out. */
export function toListItem(meta: PostMeta): PostListItem {
  const { source: _source, contentHash: _hash, rev: _rev, bodyRev: _bodyRev, ...item } = meta
  return item
}

/** The full post of SPEC §3, with the server-rendered HTML and table of contents. */
export function toPost(
  meta: PostMeta,
  body: PostBody,
  neighbours: Post['neighbours'] = { previous: null, next: null },
): Post {
  return {
    ...toListItem(meta),
    content: body.content,
    enhancedContent: body.enhancedContent,
    html: body.html,
    toc: body.toc,
    annotations: body.annotations,
    annotatedContent: body.annotatedContent,
    summary: body.summary,
    contentSummary: body.summary,
    bibliography: body.bibliography,
    bibliographyContent: body.bibliographyContent,
    mathematicalModel: body.mathematicalModel,
    provenance: body.provenance,
    neighbours,
    ...citationOf(body.frontmatter),
    ...macrosOf(body),
  }
}

/** The definitions the page typesets the essay's formulas with, for the model panel's KaTeX (issue 39). */
function macrosOf(body: PostBody): Pick<Post, 'mathMacros'> {
  const definitions = texDefinitions(body.document?.reading ?? [], body.document?.macros ?? [])
  return definitions.length > 0 ? { mathMacros: definitions } : {}
}

/** The front matter's DOI, version and archive, read as the import read them (issue 40). */
function citationOf(frontmatter: Record<string, unknown>): Pick<Post, 'citation'> {
  const { citation } = readPostCitation(frontmatter)
  return citation.doi || citation.version || citation.archive ? { citation } : {}
}

const neighbour = (meta: PostMeta | undefined): PostNeighbour | null =>
  meta ? { slug: meta.slug, title: meta.title, readTime: meta.readTime } : null

/** SPEC §2: previous and next are the entries either side of the post in the list order. */
export function neighboursIn(ordered: readonly PostMeta[], id: number): Post['neighbours'] {
  const index = ordered.findIndex((p) => p.id === id)
  if (index < 0) return { previous: null, next: null }
  return { previous: neighbour(ordered[index - 1]), next: neighbour(ordered[index + 1]) }
}

/** Newest first: the order of the posts list, which also gives a post its neighbours (SPEC §2). */
export function byPublishedDesc(a: PostMeta, b: PostMeta): number {
  return b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id
}
