import { DEFAULT_SORT, isSortKey } from './sort-posts.js'
import type { SortOrder } from './sort-posts.js'

/**
 * The home page's state lives in its address (`/?search=…&sort=title&dir=asc&page=2`), so a
 * page renders the same on the server as in the browser and can be shared or reloaded.
 */
export interface HomeParams {
  search: string
  sort: SortOrder
  page: number
}

/** Reads the home state from a query string (with or without the leading '?'). */
export function parseHomeParams(query: string): HomeParams {
  const params = new URLSearchParams(query)
  const key = params.get('sort')
  const dir = params.get('dir')
  const sortKey = isSortKey(key) ? key : DEFAULT_SORT.key
  const page = Number.parseInt(params.get('page') ?? '', 10)
  return {
    search: (params.get('search') ?? '').trim(),
    sort: {
      key: sortKey,
      direction: dir === 'asc' || dir === 'desc' ? dir : DEFAULT_SORT.direction,
    },
    page: Number.isFinite(page) && page > 1 ? page : 1,
  }
}

/** The home address for a state; defaults are left out, so the plain state is just '/'. */
export function homeHref(state: HomeParams): string {
  const params = new URLSearchParams()
  if (state.search) params.set('search', state.search)
  if (state.sort.key !== DEFAULT_SORT.key) params.set('sort', state.sort.key)
  if (state.sort.direction !== DEFAULT_SORT.direction) params.set('dir', state.sort.direction)
  if (state.page > 1) params.set('page', String(state.page))
  const query = params.toString()
  return query ? `/?${query}` : '/'
}
