import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Comment, CommentInput } from '../../../../src/shared/schemas/community.js'
import type { OutputOf } from '../../../../src/shared/api/endpoint.js'
import type { Endpoints } from '../../../../src/shared/api/endpoints.js'
import { call, request } from '../../../api/call.js'

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
    queryFn: ({ signal }) => call('comments', { params: { postId }, signal }),
  })
}

export type PostCommentAnswer = OutputOf<Endpoints['addComment']>

export function usePostComment(postId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CommentInput): Promise<PostCommentAnswer> =>
      call('addComment', { params: { postId }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all(postId) }),
  })
}

/** Admin moderation: approve (PATCH {status:'approved'}) or delete one comment. */
export function useModerateComment(postId: number) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentKeys.all(postId) })
  const approve = useMutation({
    mutationFn: (id: number) => call('approveComment', { params: { id }, body: { status: 'approved' } }),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await request('deleteComment', { params: { id } })
    },
    onSuccess: refresh,
  })
  return { approve, remove }
}
