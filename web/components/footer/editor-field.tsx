import type { ReactNode } from 'react'

interface EditorFieldProps {
  /** The input's id: problems are focused by it. */
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
  maxLength?: number
  multiline?: boolean
  type?: 'text' | 'url'
  placeholder?: string
  required?: boolean
  className?: string
}

/** A labelled input (or textarea) of the footer editor, its hint and error read with it. */
export function EditorField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  multiline,
  type = 'text',
  placeholder,
  required,
  className,
}: EditorFieldProps) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    value,
    maxLength,
    placeholder,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  }
  let input: ReactNode
  if (multiline) {
    input = (
      <textarea
        {...common}
        className="input field__input editor-field__textarea"
        rows={3}
        onChange={(e) => onChange(e.target.value)}
      />
    )
  } else {
    // type=url would refuse site paths and '#'; the editor checks addresses itself
    input = (
      <input
        {...common}
        className="input field__input"
        type="text"
        inputMode={type === 'url' ? 'url' : undefined}
        autoComplete="off"
        spellCheck={type === 'url' ? false : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    )
  }
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {input}
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
