/**
 * The search page's state lives in its address (`/search?q=…&tags=a,b&author=…&minReadTime=…
 * &maxReadTime=…&startDate=…&endDate=…`): shareable, reloadable, and the back button steps
 * through it. The same names as GET /api/search/advanced takes (SPEC §7), so the API call is
 * the address's own query string.
 */

/** SPEC §9: the read-time slider runs from 0 to 30 minutes in steps of 1, default [0, 30]. */
export const READ_TIME_MIN = 0
export const READ_TIME_MAX = 30
export const READ_TIME_STEP = 1

export interface SearchState {
  q: string
  tags: string[]
  author: string
  /** Minutes; [0, 30] is "any length", and 30 at the top means "30 or more". */
  readTime: [number, number]
  /** yyyy-mm-dd or '' */
  startDate: string
  endDate: string
}

export const EMPTY_SEARCH: SearchState = {
  q: '',
  tags: [],
  author: '',
  readTime: [READ_TIME_MIN, READ_TIME_MAX],
  startDate: '',
  endDate: '',
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

function validDate(text: string | null): string {
  if (!text || !DATE.test(text)) return ''
  return Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? '' : text
}

function minutes(text: string | null, fallback: number): number {
  if (text === null || text.trim() === '') return fallback
  const n = Number(text)
  if (!Number.isFinite(n)) return fallback
  return Math.min(READ_TIME_MAX, Math.max(READ_TIME_MIN, Math.round(n)))
}

/** Tags from a comma list: trimmed, empty ones dropped, each once (case-insensitively). */
export function parseTags(text: string | null | undefined): string[] {
  const seen = new Set<string>()
  const tags: string[] = []
  for (const raw of (text ?? '').split(',')) {
    const tag = raw.trim()
    if (!tag || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    tags.push(tag)
  }
  return tags
}

/** Reads the state from a query string (with or without '?'); anything unreadable is left at its default. */
export function parseSearchState(query: string): SearchState {
  const p = new URLSearchParams(query)
  let min = minutes(p.get('minReadTime'), READ_TIME_MIN)
  let max = minutes(p.get('maxReadTime'), READ_TIME_MAX)
  if (min > max) [min, max] = [max, min]
  // the server refuses a range that ends before it starts: read it the right way round
  let startDate = validDate(p.get('startDate'))
  let endDate = validDate(p.get('endDate'))
  if (startDate && endDate && startDate > endDate) [startDate, endDate] = [endDate, startDate]
  return {
    q: (p.get('q') ?? '').trim(),
    tags: parseTags(p.get('tags')),
    author: (p.get('author') ?? '').trim(),
    readTime: [min, max],
    startDate,
    endDate,
  }
}

/**
 * The query string for a state, defaults left out, in a fixed order: the address and the
 * API call are the same string for the same search (one cache entry, one server prefetch).
 * A top of 30 sends no maxReadTime: the slider's end stands for "30 minutes or more".
 */
export function searchQueryString(state: SearchState): string {
  const p = new URLSearchParams()
  if (state.q.trim()) p.set('q', state.q.trim())
  if (state.tags.length > 0) p.set('tags', state.tags.join(','))
  if (state.author.trim()) p.set('author', state.author.trim())
  const [min, max] = state.readTime
  if (min > READ_TIME_MIN) p.set('minReadTime', String(min))
  if (max < READ_TIME_MAX) p.set('maxReadTime', String(max))
  if (state.startDate) p.set('startDate', state.startDate)
  if (state.endDate) p.set('endDate', state.endDate)
  return p.toString()
}

/** The search page's address for a state. */
export function searchHref(state: Partial<SearchState>): string {
  const query = searchQueryString({ ...EMPTY_SEARCH, ...state })
  return query ? `/search?${query}` : '/search'
}

/** How many filters are set (the query itself is not a filter). */
export function activeFilterCount(state: SearchState): number {
  return (
    (state.tags.length > 0 ? 1 : 0) +
    (state.author ? 1 : 0) +
    (state.readTime[0] > READ_TIME_MIN || state.readTime[1] < READ_TIME_MAX ? 1 : 0) +
    (state.startDate ? 1 : 0) +
    (state.endDate ? 1 : 0)
  )
}

/**
 * What the page does with a state (SPEC §5, issue 23.13): a search runs only with a non-empty
 * query; filters without one are a browse (every essay tagged 'probability'), which readers
 * expect and which is not counted as a search; with neither, nothing is asked of the server.
 */
export function searchMode(state: SearchState): 'search' | 'browse' | 'idle' {
  if (state.q.trim() !== '') return 'search'
  return activeFilterCount(state) > 0 ? 'browse' : 'idle'
}

/** Whether the page asks the server at all: a search, or a browse by filters. */
export function canSearch(state: SearchState): boolean {
  return searchMode(state) !== 'idle'
}

/** The state with every filter cleared and the query kept ('Clear all'). */
export function clearFilters(state: SearchState): SearchState {
  return { ...EMPTY_SEARCH, q: state.q }
}

/** The state with one more tag filter (a related tag clicked); a tag already there is not added twice. */
export function withTag(state: SearchState, tag: string): SearchState {
  return { ...state, tags: parseTags([...state.tags, tag].join(',')) }
}

/** The state without one tag filter. */
export function withoutTag(state: SearchState, tag: string): SearchState {
  return { ...state, tags: state.tags.filter((t) => t !== tag) }
}

/** 'Up to 10 min', '5–20 min', '20+ min': the slider's value in words. */
export function readTimeText([min, max]: readonly [number, number]): string {
  if (min <= READ_TIME_MIN && max >= READ_TIME_MAX) return 'Any length'
  if (max >= READ_TIME_MAX) return `${min}+ min`
  if (min <= READ_TIME_MIN) return `Up to ${max} min`
  return min === max ? `${min} min` : `${min}–${max} min`
}

/** Search time as read: '12 ms', '1.2 s'. The API answers milliseconds. */
export function searchTimeText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return ''
  if (ms < 1) return '< 1 ms'
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(1)} s`
}
