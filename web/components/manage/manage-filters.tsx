import { RadioGroup } from 'radix-ui'
import { useId } from 'react'
import type { ManagePage, ManageQuery } from '../../../src/shared/schemas/manage.js'
import { SearchBar } from '../search-bar.js'
import { DEFAULT_MANAGE_QUERY, isFiltered, withFilter } from './manage-params.js'

interface ManageFiltersProps {
  query: ManageQuery
  counts: ManagePage['counts'] | undefined
  onChange: (next: ManageQuery) => void
}

type Either = ManageQuery['featured']

const STATUS: { value: ManageQuery['status']; label: string; count: keyof ManagePage['counts'] }[] = [
  { value: 'all', label: 'All', count: 'all' },
  { value: 'draft', label: 'Drafts', count: 'draft' },
  { value: 'published', label: 'Published', count: 'published' },
]

/**
 * The Post Manager's search and filters (issue 23.10). They only say what the owner asked
 * for; which posts match is decided by the server (GET /api/manage/posts).
 */
export function ManageFilters({ query, counts, onChange }: ManageFiltersProps) {
  const id = useId()
  const number = (key: keyof ManagePage['counts']) => (counts ? ` (${counts[key]})` : '')
  return (
    <div className="manage-filters">
      <SearchBar
        value={query.q}
        name="q"
        label="Search posts"
        placeholder="Search by title, tag or author…"
        className="manage-filters__search"
        onSearch={(q) => q !== query.q && onChange(withFilter(query, { q }))}
      />
      <div className="manage-filters__row">
        <RadioGroup.Root
          className="segmented"
          aria-label="Status"
          value={query.status}
          orientation="horizontal"
          onValueChange={(v) => onChange(withFilter(query, { status: v as ManageQuery['status'] }))}
        >
          {STATUS.map((s) => (
            <RadioGroup.Item key={s.value} value={s.value} className="segmented__item">
              {s.label}
              <span className="manage-filters__count">{number(s.count)}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        <label className="manage-filters__select" htmlFor={`${id}-featured`}>
          <span>Featured</span>
          <select
            id={`${id}-featured`}
            className="select"
            value={query.featured}
            onChange={(e) => onChange(withFilter(query, { featured: e.target.value as Either }))}
          >
            <option value="any">Any</option>
            <option value="yes">{`Featured${number('featured')}`}</option>
            <option value="no">Not featured</option>
          </select>
        </label>
        <label
          className="manage-filters__select"
          htmlFor={`${id}-enhanced`}
          title="Has annotations, a bibliography, a summary or a model"
        >
          <span>Enhanced</span>
          <select
            id={`${id}-enhanced`}
            className="select"
            value={query.enhanced}
            onChange={(e) => onChange(withFilter(query, { enhanced: e.target.value as Either }))}
          >
            <option value="any">Any</option>
            <option value="yes">{`Enhanced${number('enhanced')}`}</option>
            <option value="no">Not enhanced</option>
          </select>
        </label>
        {isFiltered(query) && (
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => onChange({ ...DEFAULT_MANAGE_QUERY, pageSize: query.pageSize })}
          >
            Clear filters
          </button>
        )}
      </div>
    </div>
  )
}
