import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react'
import { useId } from 'react'
import { NATURAL_DIRECTION, SORT_LABELS, isSortKey } from '../../lib/sort-posts.js'
import type { SortKey, SortOrder } from '../../lib/sort-posts.js'

const DIRECTION_LABELS = { asc: 'Ascending', desc: 'Descending' } as const

const LIST_KEYS: readonly SortKey[] = ['date', 'title', 'readTime']
const SEARCH_KEYS: readonly SortKey[] = ['relevance', ...LIST_KEYS]

/**
 * SPEC §2: a sort selector (Date, Title, Read Time) with an ascending/descending toggle; while a
 * search is active it offers Relevance too, which has no direction (best match first).
 */
export function SortControl({
  value,
  onChange,
  searching = false,
}: {
  value: SortOrder
  onChange: (next: SortOrder) => void
  searching?: boolean
}) {
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
        {(searching ? SEARCH_KEYS : LIST_KEYS).map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key]}
          </option>
        ))}
      </select>
      {value.key !== 'relevance' && (
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
      )}
    </div>
  )
}
