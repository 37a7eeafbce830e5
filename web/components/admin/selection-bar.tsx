import { CheckSquare, XSquare } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Selection } from './selection.js'

/**
 * SPEC §2 'Select All' / 'Clear All' with the number selected, and the bulk buttons that act
 * on the selection (each labelled with the count by its caller).
 */
export function SelectionBar({
  selection,
  total,
  onSelectAll,
  allSelected,
  children,
  label = 'Selection',
}: {
  selection: Selection
  /** How many there are to select. */
  total: number
  onSelectAll?: () => void
  /** True when everything Select All would pick is picked already. */
  allSelected?: boolean
  children?: ReactNode
  label?: string
}) {
  return (
    <div className="selection-bar" role="group" aria-label={label}>
      <div className="selection-bar__select">
        <button
          type="button"
          className="button button--quiet button--small"
          onClick={onSelectAll ?? (() => selection.selectAll())}
          disabled={total === 0 || (allSelected ?? selection.state === 'all')}
        >
          <CheckSquare size={16} aria-hidden="true" />
          Select All
        </button>
        <button
          type="button"
          className="button button--quiet button--small"
          onClick={selection.clear}
          disabled={selection.count === 0}
        >
          <XSquare size={16} aria-hidden="true" />
          Clear All
        </button>
        <span className="selection-bar__count" role="status">
          {selection.count === 0 ? 'None selected' : `${selection.count} selected`}
        </span>
      </div>
      {children && <div className="selection-bar__actions">{children}</div>}
    </div>
  )
}
