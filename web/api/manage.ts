import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AiStatus, ManagePage, ManageQuery } from '../../src/shared/schemas/manage.js'
import { manageQueryString } from '../components/manage/manage-params.js'
import { urlOf } from './call.js'

/**
 * React-query keys of the owner's reads. The posts page's key starts with '/api/manage/posts',
 * which refreshPosts (api/admin.ts) counts among the queries that show posts.
 */
export const manageKeys = {
  posts: (query: ManageQuery) => {
    const qs = manageQueryString(query)
    return [urlOf('managePosts', { query: qs })] as const
  },
  ai: () => [urlOf('aiStatus')] as const,
}

/** GET /api/manage/posts: one page of the Post Manager; the last page stays while the next loads. */
export function useManagedPosts(query: ManageQuery) {
  return useQuery<ManagePage>({ queryKey: manageKeys.posts(query), placeholderData: keepPreviousData })
}

/** GET /api/manage/ai: who draws images and writes text (a setting: read once per page load). */
export function useAiStatus(enabled = true) {
  return useQuery<AiStatus>({ queryKey: manageKeys.ai(), enabled, staleTime: Infinity })
}
