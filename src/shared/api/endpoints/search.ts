import type { SearchResult } from '../../schemas/discovery.js'
import { json, type Endpoint } from '../endpoint.js'

/** GET /api/search/advanced (SPEC §7): public; drafts only in an admin's results. */
export const searchEndpoints = {
  advancedSearch: {
    method: 'GET',
    path: '/api/search/advanced',
    access: 'public',
    cache: 'default',
    output: json<SearchResult>(),
  },
} as const satisfies Record<string, Endpoint>
