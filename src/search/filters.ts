import type { PostMeta, SearchQuery } from '../shared/schemas/index.js'
import { isAdmin, type Viewer } from '../core/viewer.js'

/**
 * Which posts a search may return: those the viewer may see (drafts only for admins) that pass
 * every filter. Tags must all be present (case-insensitive); the author matches when the post's
 * author contains it; read times and dates are inclusive, dates compared on the publication day.
 */
export function postFilter(query: Omit<SearchQuery, 'q'>, viewer: Viewer): (meta: PostMeta) => boolean {
  const admin = isAdmin(viewer)
  const tags = query.tags.map((t) => t.toLowerCase())
  const author = query.author?.toLowerCase()
  return (meta) => {
    if (!admin && meta.status !== 'published') return false
    if (query.minReadTime !== undefined && meta.readTime < query.minReadTime) return false
    if (query.maxReadTime !== undefined && meta.readTime > query.maxReadTime) return false
    if (query.startDate || query.endDate) {
      const day = meta.publishedAt.slice(0, 10)
      if (query.startDate && day < query.startDate) return false
      if (query.endDate && day > query.endDate) return false
    }
    if (author && !meta.author.toLowerCase().includes(author)) return false
    if (tags.length) {
      const own = new Set(meta.tags.map((t) => t.toLowerCase()))
      if (!tags.every((t) => own.has(t))) return false
    }
    return true
  }
}

/** Tags the results share that the query does not already filter on, most common first. */
export function relatedTags(posts: readonly PostMeta[], filtered: readonly string[], limit = 8): string[] {
  const exact = new Map<string, { n: number }>()
  for (const p of posts) {
    for (const tag of p.tags) {
      const seen = exact.get(tag)
      if (seen) seen.n++
      else exact.set(tag, { n: 1 })
    }
  }
  return topTags(
    Array.from(exact, ([tag, { n }]) => [tag, n]),
    filtered,
    limit,
  )
}

/**
 * The most common tags from counts per exact spelling (a search may match thousands of posts,
 * with a few dozen distinct tags), merged case-insensitively under the spelling met first.
 */
export function topTags(
  exact: readonly (readonly [tag: string, posts: number])[],
  filtered: readonly string[],
  limit = 8,
): string[] {
  const skip = new Set(filtered.map((t) => t.toLowerCase()))
  const counts = new Map<string, { tag: string; n: number }>()
  for (const [tag, n] of exact) {
    const key = tag.toLowerCase()
    if (skip.has(key)) continue
    const entry = counts.get(key)
    if (entry) entry.n += n
    else counts.set(key, { tag, n })
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || a.tag.localeCompare(b.tag))
    .slice(0, limit)
    .map((e) => e.tag)
}
