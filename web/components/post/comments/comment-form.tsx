import { Send } from 'lucide-react'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { groupThousands } from '../../../../src/shared/plain-format.js'
import { COMMENT_MAX, CommentInputSchema } from '../../../../src/shared/schemas/community.js'
import { isAdmin, useCurrentUser } from '../../../api/auth.js'
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.js'
import { serverMessage } from '../../../lib/errors.js'
import { checkForm } from '../../../lib/form-errors.js'
import type { FieldErrors } from '../../../lib/form-errors.js'
import { Field } from '../../ui/field.js'
import { useToast } from '../../ui/toaster.js'
import { commentNote } from './comment-note.js'
import { usePostComment } from './use-comments.js'

type Values = { name: string; text: string; website: string }
const EMPTY: Values = { name: '', text: '', website: '' }

/**
 * The comment form (DECISIONS.md): name and up to 5,000 characters, with a counter, and a
 * field people never see or reach (a honeypot for bots). After posting, the server's message
 * is shown ('Thank you! Your comment will appear once it has been approved.').
 */
export function CommentForm({ postId }: { postId: number }) {
  const post = usePostComment(postId)
  const { user } = useCurrentUser()
  const { toast } = useToast()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors<keyof Values>>({})
  const [message, setMessage] = useState('')
  const { container, flag } = useFocusFirstInvalid<HTMLFormElement>()
  const id = useId()

  const change = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }))
    if (message) setMessage('')
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (post.isPending) return
    const check = checkForm(CommentInputSchema, { ...values })
    if (!check.ok) {
      setErrors(check.errors)
      flag()
      return
    }
    setErrors({})
    post.mutate(check.data, {
      onSuccess: (answer) => {
        setValues((v) => ({ ...EMPTY, name: v.name }))
        setMessage(answer.message)
      },
      onError: (error) => {
        toast({
          title: 'Comment Failed',
          description: serverMessage(error, 'Your comment could not be posted. Please try again.'),
          variant: 'destructive',
        })
      },
    })
  }

  const textId = `${id}-text`
  const countId = `${id}-count`
  const errorId = `${id}-error`
  return (
    <form ref={container} className="comment-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="comment-form__title">
        Leave a comment
      </h3>
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={80}
        value={values.name}
        error={errors.name}
        onChange={(e) => change('name', e.target.value)}
      />
      <div className="field">
        <label htmlFor={textId} className="field__label">
          Comment
        </label>
        <textarea
          id={textId}
          name="text"
          className="input field__input comment-form__text"
          rows={5}
          maxLength={COMMENT_MAX}
          value={values.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={[errors.text ? errorId : null, countId].filter(Boolean).join(' ')}
          onChange={(e) => change('text', e.target.value)}
        />
        <p
          id={countId}
          className={`field__hint comment-form__count${values.text.length >= COMMENT_MAX ? ' comment-form__count--full' : ''}`}
        >
          {groupThousands(values.text.length)} / {groupThousands(COMMENT_MAX)} characters
        </p>
        {errors.text && (
          <p id={errorId} className="field__error">
            {errors.text}
          </p>
        )}
      </div>
      {/* A honeypot: invisible and unreachable for people; a bot that fills it is ignored. */}
      <div className="comment-form__trap" aria-hidden="true">
        <label>
          Website
          <input
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => change('website', e.target.value)}
          />
        </label>
      </div>
      <div className="comment-form__actions">
        <button type="submit" className="button button--primary" disabled={post.isPending}>
          <Send size={16} aria-hidden="true" />
          {post.isPending ? 'Posting…' : 'Post Comment'}
        </button>
        <p className="comment-form__note">{commentNote(isAdmin(user))}</p>
      </div>
      <p role="status" className={message ? 'comment-form__message' : 'sr-only'}>
        {message}
      </p>
    </form>
  )
}
