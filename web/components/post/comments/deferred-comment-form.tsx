import { Suspense, lazy, useState } from 'react'
import { LoadFailureBoundary } from '../../ui/load-failure-boundary.js'
import { RetryButton } from '../../ui/retry-button.js'
import { commentNote } from './comment-note.js'

// The form's code, and zod with it (the shared rules it checks input against), is a file of
// its own, fetched once the reader nears the comments: it stays out of the post page's start-up.
const loadForm = () => lazy(() => import('./comment-form.js').then((m) => ({ default: m.CommentForm })))

/**
 * Holds the form's place while its code is away (server render, first paint, loading): the
 * same frame, title and note, and blocks as tall as the fields, so nothing below jumps when
 * the form arrives. Hidden from assistive technology; print hides it with the form.
 */
export function CommentFormPlaceholder({ admin }: { admin: boolean }) {
  return (
    <div className="comment-form comment-form--placeholder" aria-hidden="true">
      <p className="comment-form__title">Leave a comment</p>
      <span className="skeleton comment-form__ghost comment-form__ghost--name" />
      <span className="skeleton comment-form__ghost comment-form__ghost--text" />
      <div className="comment-form__actions">
        <span className="skeleton comment-form__ghost comment-form__ghost--button" />
        <p className="comment-form__note">{commentNote(admin)}</p>
      </div>
    </div>
  )
}

/** The comment form once `near` (its code then loads), its placeholder until it is there. */
export function DeferredCommentForm({ postId, near, admin }: { postId: number; near: boolean; admin: boolean }) {
  // A lazy component remembers a failed fetch; trying again needs a fresh one.
  const [CommentForm, setCommentForm] = useState(loadForm)
  const placeholder = <CommentFormPlaceholder admin={admin} />
  if (!near) return placeholder
  return (
    <LoadFailureBoundary
      fallback={(retry) => (
        <div className="comment-form comments__error" role="alert">
          <span>The comment form could not be loaded.</span>
          <RetryButton
            busy={false}
            onRetry={() => {
              setCommentForm(loadForm)
              retry()
            }}
          />
        </div>
      )}
    >
      <Suspense fallback={placeholder}>
        <CommentForm postId={postId} />
      </Suspense>
    </LoadFailureBoundary>
  )
}
