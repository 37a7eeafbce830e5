/** SPEC §2/§9: the home page's sort options, and relevance while a search is active (issue 40). */
export type SortKey = 'date' | 'title' | 'readTime' | 'relevance'
export type SortDirection = 'asc' | 'desc'

export interface SortOrder {
  key: SortKey
  direction: SortDirection
}

/** SPEC §9: date, descending. */
export const DEFAULT_SORT: SortOrder = { key: 'date', direction: 'desc' }

export const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Relevance',
  date: 'Date',
  title: 'Title',
  readTime: 'Read Time',
}

/** What a search's results are sorted by until the reader picks another order. */
export const SEARCH_SORT: SortOrder = { key: 'relevance', direction: 'desc' }

/**
 * The direction a key starts in when the reader picks it: newest first, A to Z, shortest
 * first. The toggle then flips it.
 */
export const NATURAL_DIRECTION: Record<SortKey, SortDirection> = {
  date: 'desc',
  title: 'asc',
  readTime: 'asc',
  relevance: 'desc',
}

export interface SortablePost {
  title: string
  publishedAt: string
  readTime: number
}

const SERIES_NUMBER = /\b(?:essay|chapter)\b[\s:#.-]*(\d+)/i

/** The number after 'Essay' or 'Chapter' in a title ("Essay 12: On Method" → 12), if any. */
export function seriesNumber(title: string): number | null {
  const match = SERIES_NUMBER.exec(title)
  return match ? Number(match[1]) : null
}

const alphabetical = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })

/**
 * SPEC §9 title rule: when both titles carry a number after 'Essay' or 'Chapter', the numbers
 * decide ("Essay 2" before "Essay 10"); otherwise (or on equal numbers) alphabetical order.
 */
export function compareTitles(a: string, b: string): number {
  const na = seriesNumber(a)
  const nb = seriesNumber(b)
  if (na !== null && nb !== null && na !== nb) return na - nb
  return alphabetical(a, b)
}

const time = (iso: string) => {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? 0 : t
}

const ascending: Record<Exclude<SortKey, 'relevance'>, (a: SortablePost, b: SortablePost) => number> = {
  date: (a, b) => time(a.publishedAt) - time(b.publishedAt),
  title: (a, b) => compareTitles(a.title, b.title),
  readTime: (a, b) => a.readTime - b.readTime,
}

/**
 * A sorted copy of `posts`. Ties on the chosen key keep a stable order that does not flip with
 * the direction: newest first, then by title. Relevance is the order the search ranked them in
 * (best first), which only the server knows: the list is kept as given.
 */
export function sortPosts<T extends SortablePost>(posts: readonly T[], order: SortOrder = DEFAULT_SORT): T[] {
  if (order.key === 'relevance') return order.direction === 'desc' ? [...posts] : [...posts].reverse()
  const primary = ascending[order.key]
  const sign = order.direction === 'asc' ? 1 : -1
  return [...posts].sort(
    (a, b) => sign * primary(a, b) || time(b.publishedAt) - time(a.publishedAt) || alphabetical(a.title, b.title),
  )
}

export function isSortKey(value: string | null | undefined): value is SortKey {
  return value === 'date' || value === 'title' || value === 'readTime' || value === 'relevance'
}
