import type { Enhancement, ManagePage, ManageQuery, PostMeta } from '../shared/schemas/index.js'
import { toListItem } from './post-views.js'

/** Enhancements that make a post "enhanced": the generated reading aids. Images do not count:
 * every upload gets a banner on its own, so counting it would make nearly every post enhanced. */
const TEXT_ENHANCEMENTS: readonly Enhancement[] = ['annotations', 'bibliography', 'summary', 'models']

export const isEnhanced = (has: readonly Enhancement[]): boolean => has.some((e) => TEXT_ENHANCEMENTS.includes(e))

/** Lower case without accents, so "Erdős" is found by "erdos". */
const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** Every word of the query in the title, slug, author or a tag. */
function matcher(q: string): (meta: PostMeta) => boolean {
  const words = fold(q).split(/\s+/).filter(Boolean)
  if (words.length === 0) return () => true
  return (meta) => {
    const hay = fold([meta.title, meta.slug, meta.author, ...meta.tags].join('\n'))
    return words.every((w) => hay.includes(w))
  }
}

const yesNo = (want: 'any' | 'yes' | 'no', value: boolean) => want === 'any' || (want === 'yes') === value

/**
 * The Post Manager's rule (issue 23.10): the posts, in the list order given, that match the
 * query's words and filters, cut to the page asked for (the last page when fewer match now).
 */
export function browsePosts(
  ordered: readonly PostMeta[],
  enhancements: ReadonlyMap<number, readonly Enhancement[]>,
  query: ManageQuery,
): ManagePage {
  const has = (meta: PostMeta) => enhancements.get(meta.id) ?? []
  const words = matcher(query.q)
  const matched = ordered.filter(
    (meta) =>
      (query.status === 'all' || meta.status === query.status) &&
      yesNo(query.featured, meta.featured === 1) &&
      yesNo(query.enhanced, isEnhanced(has(meta))) &&
      words(meta),
  )
  const pageCount = Math.max(1, Math.ceil(matched.length / query.pageSize))
  const page = Math.min(query.page, pageCount)
  const start = (page - 1) * query.pageSize
  return {
    posts: matched
      .slice(start, start + query.pageSize)
      .map((meta) => ({ ...toListItem(meta), enhancements: [...has(meta)] })),
    total: matched.length,
    page,
    pageSize: query.pageSize,
    pageCount,
    matching: matched.map((meta) => ({ id: meta.id, title: meta.title })),
    counts: {
      all: ordered.length,
      draft: ordered.filter((m) => m.status === 'draft').length,
      published: ordered.filter((m) => m.status === 'published').length,
      featured: ordered.filter((m) => m.featured === 1).length,
      enhanced: ordered.filter((m) => isEnhanced(has(m))).length,
    },
  }
}
