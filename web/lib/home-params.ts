import { paginate } from './pagination.js'
import { DEFAULT_SORT, SEARCH_SORT, isSortKey, sortPosts } from './sort-posts.js'
import type { SortablePost, SortOrder } from './sort-posts.js'

/**
 * The home page's state lives in its address (`/?search=…&sort=title&dir=asc&page=2`), so a
 * page renders the same on the server as in the browser and can be shared or reloaded.
 */
export interface HomeParams {
  search: string
  sort: SortOrder
  page: number
}

/** The order a list starts in: by relevance while searching (the search ranked it), else newest first. */
export function defaultSort(search: string) {
  return search ? SEARCH_SORT : DEFAULT_SORT
}

/** Reads the home state from a query string (with or without the leading '?'). */
export function parseHomeParams(query: string): HomeParams {
  const params = new URLSearchParams(query)
  const search = (params.get('search') ?? '').trim()
  const key = params.get('sort')
  const dir = params.get('dir')
  const fallback = defaultSort(search)
  // Relevance means nothing without a search.
  const sortKey = isSortKey(key) && (key !== 'relevance' || search) ? key : fallback.key
  const page = Number.parseInt(params.get('page') ?? '', 10)
  return {
    search,
    sort: {
      key: sortKey,
      direction: dir === 'asc' || dir === 'desc' ? dir : fallback.direction,
    },
    page: Number.isFinite(page) && page > 1 ? page : 1,
  }
}

/**
 * The state after the reader searches for `search`: a new search starts by relevance, and a
 * cleared one leaves relevance for the list's own order; any other order the reader chose stays.
 */
export function withSearch(state: HomeParams, search: string): HomeParams {
  const starting = !state.search && search
  const sort =
    starting && state.sort.key === DEFAULT_SORT.key && state.sort.direction === DEFAULT_SORT.direction
      ? SEARCH_SORT
      : !search && state.sort.key === 'relevance'
        ? DEFAULT_SORT
        : state.sort
  return { search, sort, page: 1 }
}

/** The home address for a state; defaults are left out, so the plain state is just '/'. */
export function homeHref(state: HomeParams): string {
  const params = new URLSearchParams()
  const fallback = defaultSort(state.search)
  if (state.search) params.set('search', state.search)
  if (state.sort.key !== fallback.key && (state.search || state.sort.key !== 'relevance'))
    params.set('sort', state.sort.key)
  if (state.sort.direction !== fallback.direction) params.set('dir', state.sort.direction)
  if (state.page > 1) params.set('page', String(state.page))
  const query = params.toString()
  return query ? `/?${query}` : '/'
}

export interface HomeView<T> {
  /** Shown full-width above the grid: on the first page, or with every search result. */
  featured: T[]
  /** The grid: one page of regular posts, or every regular search result. */
  regular: T[]
  /** The page shown (an out-of-range page is clamped) and the page count; 1 of 1 while searching. */
  page: number
  totalPages: number
}

/**
 * What the home page lists for a state (SPEC §2): the posts sorted, featured ones first, the
 * others 6 to a page. A search lists every result with no pagination. Featured posts open the
 * first page only; later pages continue the regular list.
 */
export function homeView<T extends SortablePost & { featured: number }>(
  posts: readonly T[],
  state: HomeParams,
): HomeView<T> {
  const sorted = sortPosts(posts, state.sort)
  const featured = sorted.filter((p) => p.featured === 1)
  const regular = sorted.filter((p) => p.featured !== 1)
  if (state.search) return { featured, regular, page: 1, totalPages: 1 }
  const current = paginate(regular, state.page)
  return {
    featured: current.page === 1 ? featured : [],
    regular: current.items,
    page: current.page,
    totalPages: current.totalPages,
  }
}
