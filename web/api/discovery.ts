import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  ArgumentStrengthSchema,
  CrossReferenceSchema,
  RelatedPost,
  SmartSidebar,
  UserInsightsSchema,
} from '../../src/shared/schemas/discovery.js'

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
  related: (postId: number) => ['/api/posts', String(postId), `related?limit=${RELATED_LIMIT}`] as const,
  sidebar: (postId: number) => ['/api/posts', String(postId), 'smart-sidebar'] as const,
  argumentStrength: (postId: number) => ['/api/posts', String(postId), 'argument-strength'] as const,
  crossReferences: (postId: number) => ['/api/posts', String(postId), 'cross-references'] as const,
  conceptEvolution: () => ['/api/concepts/evolution'] as const,
  userInsights: () => ['/api/user/insights'] as const,
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
