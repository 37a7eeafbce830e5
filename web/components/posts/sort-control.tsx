import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react'
import { useId } from 'react'
import { NATURAL_DIRECTION, SORT_LABELS, isSortKey } from '../../lib/sort-posts.js'
import type { SortOrder } from '../../lib/sort-posts.js'

const DIRECTION_LABELS = { asc: 'Ascending', desc: 'Descending' } as const

/** SPEC §2: a sort selector (Date, Title, Read Time) with an ascending/descending toggle. */
export function SortControl({ value, onChange }: { value: SortOrder; onChange: (next: SortOrder) => void }) {
  const id = useId()
  const next = value.direction === 'asc' ? 'desc' : 'asc'
  const Icon = value.direction === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow
  return (
    <div className="sort-control">
      <label htmlFor={`${id}-key`} className="sort-control__label">
        Sort by
      </label>
      <select
        id={`${id}-key`}
        className="select"
        value={value.key}
        onChange={(e) => {
          const key = e.target.value
          if (isSortKey(key)) onChange({ key, direction: NATURAL_DIRECTION[key] })
        }}
      >
        {Object.entries(SORT_LABELS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--quiet sort-control__direction"
        aria-label={`${DIRECTION_LABELS[value.direction]} order; switch to ${DIRECTION_LABELS[next].toLowerCase()}`}
        title={`Switch to ${DIRECTION_LABELS[next].toLowerCase()} order`}
        onClick={() => onChange({ ...value, direction: next })}
      >
        <Icon size={18} aria-hidden="true" />
        <span className="sort-control__direction-text" aria-hidden="true">
          {DIRECTION_LABELS[value.direction]}
        </span>
      </button>
    </div>
  )
}
