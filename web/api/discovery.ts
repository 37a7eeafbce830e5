import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  ArgumentStrengthSchema,
  CrossReferenceSchema,
  RelatedPost,
  SmartSidebar,
  UserInsightsSchema,
} from '../../src/shared/schemas/discovery.js'
import { ENDPOINTS } from '../../src/shared/api/endpoints.js'
import { urlOf } from './call.js'

// The discovery calls of the post page (SPEC §2, §7). Types come from the shared zod schemas;
// the browser does not parse with zod (it stays out of the bundle), so the components read
// every list leniently (`?? []`).

export type ArgumentStrength = z.infer<typeof ArgumentStrengthSchema>
export type CrossReference = z.infer<typeof CrossReferenceSchema>
export type UserInsights = z.infer<typeof UserInsightsSchema>

/** SPEC §9: related posts are fetched 5 at a time and stay fresh for 300000 ms. */
export const RELATED_LIMIT = 5
export const RELATED_STALE_MS = 300_000
/** SPEC §9: the smart sidebar is cached for 5 minutes. */
export const SIDEBAR_STALE_MS = 5 * 60_000

/** Keys spell the API address (parts joined with '/'); they start with '/api/posts' so a post change refetches them too. */
export const discoveryKeys = {
  related: (postId: number) => underPosts(urlOf('related', { params: { postId }, query: `limit=${RELATED_LIMIT}` })),
  sidebar: (postId: number) => underPosts(urlOf('smartSidebar', { params: { id: postId } })),
  argumentStrength: (postId: number) => underPosts(urlOf('argumentStrength', { params: { id: postId } })),
  crossReferences: (postId: number) => underPosts(urlOf('crossReferences', { params: { id: postId } })),
  conceptEvolution: () => [urlOf('conceptEvolution')] as const,
  userInsights: () => [urlOf('userInsights')] as const,
}

/**
 * The key of a call under /api/posts/{id}/…: the posts list's address, then each further
 * segment ([posts, '4', 'related?limit=5']), so the default query function joins it back into
 * the address and a key starting with the posts address counts among the posts (refreshPosts).
 */
function underPosts(url: string): readonly [string, string, string] {
  const [id, rest] = url.slice(ENDPOINTS.listPosts.path.length + 1).split(/\/(.*)/s)
  return [ENDPOINTS.listPosts.path, id, rest]
}

/** GET /api/posts/{id}/related?limit=5 (SPEC §2 Related posts card); `enabled` false until the card is near the viewport. */
export function useRelatedPosts(postId: number, enabled = true) {
  return useQuery<RelatedPost[]>({ queryKey: discoveryKeys.related(postId), staleTime: RELATED_STALE_MS, enabled })
}

/** GET /api/posts/{id}/smart-sidebar; `enabled` false where the sidebar is not shown. */
export function useSmartSidebar(postId: number, enabled = true) {
  return useQuery<SmartSidebar>({ queryKey: discoveryKeys.sidebar(postId), staleTime: SIDEBAR_STALE_MS, enabled })
}

/**
 * The analytics panel's calls: each tab's content mounts (and so fetches) only once the reader
 * opens it; going back to a tab shows the answer already had (analyses change slowly).
 */
export const ANALYTICS_STALE_MS = 5 * 60_000

export function useArgumentStrength(postId: number) {
  return useQuery<ArgumentStrength>({ queryKey: discoveryKeys.argumentStrength(postId), staleTime: ANALYTICS_STALE_MS })
}

export function useCrossReferences(postId: number) {
  return useQuery<CrossReference[]>({ queryKey: discoveryKeys.crossReferences(postId), staleTime: ANALYTICS_STALE_MS })
}

export function useConceptEvolution() {
  return useQuery<unknown>({ queryKey: discoveryKeys.conceptEvolution(), staleTime: ANALYTICS_STALE_MS })
}

export function useUserInsights() {
  return useQuery<UserInsights>({ queryKey: discoveryKeys.userInsights(), staleTime: ANALYTICS_STALE_MS })
}
