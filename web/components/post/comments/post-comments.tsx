import { Check, CircleAlert, MessageSquare, Trash2 } from 'lucide-react'
import { isAdmin, useCurrentUser } from '../../../api/auth.js'
import type { Comment } from '../../../../src/shared/schemas/community.js'
import { useNearViewport } from '../../../hooks/use-near-viewport.js'
import { serverMessage } from '../../../lib/errors.js'
import { formatDate } from '../../../lib/format.js'
import { RetryButton } from '../../ui/retry-button.js'
import { useToast } from '../../ui/toaster.js'
import { DeferredCommentForm } from './deferred-comment-form.js'
import { useComments, useModerateComment } from './use-comments.js'

function initial(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase()
}

function CommentItem({ comment, admin, postId }: { comment: Comment; admin: boolean; postId: number }) {
  const { approve, remove } = useModerateComment(postId)
  const { toast } = useToast()
  const pending = comment.status === 'pending'
  const busy = approve.isPending || remove.isPending

  function onApprove() {
    approve.mutate(comment.id, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to approve comment'),
          variant: 'destructive',
        }),
    })
  }

  function onDelete() {
    if (!window.confirm(`Delete the comment by ${comment.name}? This cannot be undone.`)) return
    remove.mutate(comment.id, {
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to delete comment'),
          variant: 'destructive',
        }),
    })
  }

  const nameId = `comment-${comment.id}-name`
  return (
    <li className={`comment${pending ? ' comment--pending' : ''}`}>
      <article aria-labelledby={nameId}>
        <header className="comment__header">
          <span className="comment__avatar" aria-hidden="true">
            {initial(comment.name)}
          </span>
          <span className="comment__who">
            <span id={nameId} className="comment__name">
              {comment.name}
            </span>
            <time className="comment__date" dateTime={comment.createdAt}>
              {formatDate(comment.createdAt)}
            </time>
          </span>
          {pending && <span className="comment__badge">Awaiting approval</span>}
        </header>
        {/* plain text, never HTML: React escapes it; line breaks are kept by CSS */}
        <p className="comment__text">{comment.text}</p>
        {admin && (
          <div className="comment__actions">
            {pending && (
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={onApprove}
                disabled={busy}
              >
                <Check size={15} aria-hidden="true" />
                Approve
              </button>
            )}
            <button
              type="button"
              className="button button--small button--quiet comment__delete"
              onClick={onDelete}
              disabled={busy}
            >
              <Trash2 size={15} aria-hidden="true" />
              Delete
            </button>
          </div>
        )}
      </article>
    </li>
  )
}

/**
 * The comments section (DECISIONS.md): approved comments for everyone, oldest first; admins
 * also see pending ones, marked 'Awaiting approval', with Approve and Delete. Then the form.
 * Comments and form load once the reader nears the section (most never scroll that far);
 * until then it shows its loading state, as the server renders it.
 */
export function PostComments({ postId }: { postId: number }) {
  const { user } = useCurrentUser()
  const admin = isAdmin(user)
  const { ref, near } = useNearViewport<HTMLElement>()
  const { data, isPending, isError, isFetching, refetch } = useComments(postId, user?.id ?? null, near)
  const approved = data?.filter((c) => c.status === 'approved').length ?? 0
  const waiting = data ? data.length - approved : 0

  return (
    <section ref={ref} className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="comments__title">
        <MessageSquare size={20} aria-hidden="true" />
        Comments
        {approved > 0 && <span className="comments__count">{` (${approved})`}</span>}
      </h2>
      {admin && waiting > 0 && (
        <p className="comments__waiting">
          {waiting} {waiting === 1 ? 'comment is' : 'comments are'} awaiting approval.
        </p>
      )}
      {isPending ? (
        <div className="comments__loading" aria-busy="true">
          <span className="sr-only" role="status">
            Loading comments…
          </span>
          <span className="skeleton skeleton--text" style={{ width: '30%' }} aria-hidden="true" />
          <span className="skeleton skeleton--text" aria-hidden="true" />
        </div>
      ) : isError ? (
        <div className="comments__error" role="alert">
          <CircleAlert size={18} aria-hidden="true" />
          <span>The comments could not be loaded.</span>
          <RetryButton onRetry={() => void refetch()} busy={isFetching} />
        </div>
      ) : data.length === 0 ? (
        <p className="comments__empty">No comments yet. Be the first to share your thoughts.</p>
      ) : (
        <ol className="comments__list">
          {data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} admin={admin} postId={postId} />
          ))}
        </ol>
      )}
      <DeferredCommentForm postId={postId} near={near} admin={admin} />
    </section>
  )
}
