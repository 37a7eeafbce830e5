import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Comment, CommentInput } from '../../../../src/shared/schemas/community.js'
import { ApiError, apiRequest } from '../../../api/query-client.js'

/**
 * A post's comments, per viewer: an admin's list holds pending comments too, so signing in or
 * out reads them again. Not prefetched by the server: comments load after the essay.
 */
export const commentKeys = {
  all: (postId: number) => ['comments', postId] as const,
  forViewer: (postId: number, viewerId: number | null) => ['comments', postId, viewerId] as const,
}

/** `enabled` false until the comments section is near the viewport: most readers never get there. */
export function useComments(postId: number, viewerId: number | null, enabled = true) {
  return useQuery<Comment[]>({
    queryKey: commentKeys.forViewer(postId, viewerId),
    enabled,
    queryFn: async ({ signal }) => {
      const res = await fetch(`/api/posts/${postId}/comments`, { credentials: 'include', signal })
      if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText)
      return (await res.json()) as Comment[]
    },
  })
}

export interface PostCommentAnswer {
  comment: Comment | null
  message: string
}

export function usePostComment(postId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CommentInput): Promise<PostCommentAnswer> => (await apiRequest('POST', `/api/posts/${postId}/comments`, input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all(postId) }),
  })
}

/** Admin moderation: approve (PATCH {status:'approved'}) or delete one comment. */
export function useModerateComment(postId: number) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentKeys.all(postId) })
  const approve = useMutation({
    mutationFn: async (id: number) => (await apiRequest('PATCH', `/api/comments/${id}`, { status: 'approved' })).json() as Promise<Comment>,
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/comments/${id}`)
    },
    onSuccess: refresh,
  })
  return { approve, remove }
}
