import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { SearchResult } from '../../src/shared/schemas/discovery.js'
import { searchQueryString, type SearchState } from '../lib/search-params.js'
import { urlOf } from './call.js'

/**
 * React-query keys for the advanced search, shared with the server's prefetching
 * (web/routes.ts). One string, the API address itself, so the reading tracker can tell which
 * search a cached answer belongs to (lib/tracking.ts searchQueryOfKey).
 */
export const searchKeys = {
  advanced: (state: SearchState) => [`${urlOf('advancedSearch')}?${searchQueryString(state)}`] as const,
}

/** GET /api/search/advanced for the page's state (SPEC §7); `enabled` false leaves it idle. */
export function useAdvancedSearch(state: SearchState, enabled: boolean) {
  return useQuery<SearchResult>({
    queryKey: searchKeys.advanced(state),
    enabled,
    // the last results stay on screen (dimmed) while the next search is on its way
    placeholderData: keepPreviousData,
  })
}
