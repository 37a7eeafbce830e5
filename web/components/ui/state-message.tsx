import type { ReactNode } from 'react'

interface StateMessageProps {
  icon?: ReactNode
  title: string
  /** Heading level in the page outline (the 404 page uses 1). */
  level?: 1 | 2
  children?: ReactNode
  actions?: ReactNode
  tone?: 'neutral' | 'error'
  role?: 'status' | 'alert'
}

/** A centred message for empty, missing and failed states. */
export function StateMessage({ icon, title, level = 2, children, actions, tone = 'neutral', role }: StateMessageProps) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <div className={`state-message state-message--${tone}`} role={role}>
      {icon && (
        <div className="state-message__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="state-message__title">{title}</Heading>
      {children && <div className="state-message__text">{children}</div>}
      {actions && <div className="state-message__actions">{actions}</div>}
    </div>
  )
}
