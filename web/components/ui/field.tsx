import { useId } from 'react'
import type { InputHTMLAttributes, Ref } from 'react'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string
  /** Shown under the input, announced with it (aria-describedby) and marking it invalid. */
  error?: string
  /** A quiet note under the input, also read with it. */
  hint?: string
  /** Extra words after the label, e.g. '(optional)'. */
  labelNote?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled text input with its hint and error bound to it for assistive technology. */
export function Field({ label, error, hint, labelNote, ref, ...input }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
        {labelNote && <span className="field__label-note"> {labelNote}</span>}
      </label>
      <input
        ref={ref}
        id={id}
        className="input field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}
