import { ChevronDown, ChevronUp, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFloatingPanel } from '../../hooks/use-floating-panel.js'

interface FloatingPanelProps {
  /** The prefix of the panel's classes (`model` → model-dock, model-launcher, model-panel…). */
  kind: string
  title: string
  icon: LucideIcon
  /** Buttons in the open panel's header, before Collapse. */
  actions?: ReactNode
  /** The reader pointed at or focused the launcher: time to start loading the content. */
  onIntent?: () => void
  /** The open panel's content, below its header. */
  children: ReactNode
}

/**
 * A floating panel docked at the bottom of the page (the Mathematical Model, Essay Analytics):
 * a launcher button that expands into a panel with a heading and a Collapse button. Focus
 * follows the reader in and out, and Escape inside the panel collapses it.
 */
export function FloatingPanel({ kind, title, icon: Icon, actions, onIntent, children }: FloatingPanelProps) {
  const { open, set, onPanelKeyDown, launcher, heading, panelId, titleId } = useFloatingPanel()

  if (!open) {
    return (
      <div className={`${kind}-dock`}>
        <button
          ref={launcher}
          type="button"
          className={`${kind}-launcher`}
          aria-expanded={false}
          aria-controls={panelId}
          onClick={() => set(true)}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          <Icon size={18} aria-hidden="true" />
          <span className={`${kind}-launcher__label`}>{title}</span>
          <ChevronUp size={16} aria-hidden="true" className={`${kind}-launcher__chevron`} />
        </button>
      </div>
    )
  }

  return (
    <div className={`${kind}-dock`}>
      <section id={panelId} className={`${kind}-panel`} aria-labelledby={titleId} onKeyDown={onPanelKeyDown}>
        <header className={`${kind}-panel__header`}>
          <Icon size={18} aria-hidden="true" className={`${kind}-panel__icon`} />
          <h2 id={titleId} ref={heading} tabIndex={-1} className={`${kind}-panel__title`}>
            {title}
          </h2>
          {actions}
          <button
            type="button"
            className="icon-button"
            aria-expanded={true}
            aria-controls={panelId}
            aria-label={`Collapse ${title}`}
            onClick={() => set(false)}
          >
            <ChevronDown size={18} aria-hidden="true" />
          </button>
        </header>
        {children}
      </section>
    </div>
  )
}
