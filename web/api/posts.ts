import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Post, PostListItem } from '../../src/shared/schemas/index.js'
import { ENDPOINTS } from '../../src/shared/api/endpoints.js'
import { urlOf } from './call.js'
import { whenIdle } from '../lib/when-idle.js'

/** React-query keys, shared with the server's prefetching (see web/routes.ts). */
export const postKeys = {
  list: () => [ENDPOINTS.listPosts.path] as const,
  search: (query: string) => [urlOf('listPosts', { query: `search=${encodeURIComponent(query)}` })] as const,
  // the list's address and the slug: the default query function joins them into GET /api/posts/{slug}
  detail: (slug: string) => [ENDPOINTS.listPosts.path, slug] as const,
}

/** SPEC §7/§9: the home list is polled every 10 seconds. */
export const POSTS_REFETCH_INTERVAL = 10_000

/** The posts list, or the list filtered by a search query when one is given (SPEC §7). */
export function usePostList(search = '', options: { poll?: boolean; enabled?: boolean } = {}) {
  const query = search.trim()
  return useQuery<PostListItem[]>({
    queryKey: query ? postKeys.search(query) : postKeys.list(),
    enabled: options.enabled ?? true,
    refetchInterval: options.poll ? POSTS_REFETCH_INTERVAL : false,
    // keep the last results on screen while the next search is on its way
    placeholderData: query ? keepPreviousData : undefined,
  })
}

/**
 * Posts fetched as the app started, before hydration (a server's page of a long essay, see
 * web/boot-client.tsx): that fetch was SPEC §7's refetch, which their page does not repeat.
 */
export const refetchedOnArrival = new Set<string>()

/**
 * One post by slug. The server seeds `null` for a slug it does not know, so a missing post
 * renders 'Post not found' on the server too; in the browser the API answers 404.
 */
export function usePost(slug: string) {
  const queryClient = useQueryClient()
  const result = useQuery<Post | null>({ queryKey: postKeys.detail(slug), staleTime: 0, refetchOnMount: false })
  // SPEC §7: one post is always refetched (an edit elsewhere shows on the next visit). Not as
  // the hook mounts but once the browser is idle: a page's first fetch() costs the browser
  // milliseconds of setting up, and reading and comparing the answer (the whole essay's HTML)
  // tens more on a phone; in a task right after hydration they lengthened its effects, the
  // page's longest task (issue 40). A first load (no data yet) is joined while under way, and
  // counts as the refetch once it has arrived.
  useEffect(() => {
    if (refetchedOnArrival.delete(slug)) return
    const key = postKeys.detail(slug)
    const seen = queryClient.getQueryState(key)?.dataUpdatedAt
    return whenIdle(() => {
      if (queryClient.getQueryState(key)?.dataUpdatedAt !== seen) return
      void queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false })
    })
  }, [queryClient, slug])
  return result
}
