import { ChevronDown, SlidersHorizontal } from 'lucide-react'
import { Collapsible, Slider } from 'radix-ui'
import { useEffect, useId, useRef, useState } from 'react'
import {
  READ_TIME_MAX,
  READ_TIME_MIN,
  READ_TIME_STEP,
  activeFilterCount,
  clearFilters,
  readTimeText,
  withoutTag,
  type SearchState,
} from '../../lib/search-params.js'
import { TagFilter } from './tag-filter.js'
import { useDebouncedText } from '../../hooks/use-debounced-text.js'
import { useDebouncedRange } from './use-debounced-range.js'

interface SearchFiltersProps {
  state: SearchState
  /** A new state for the address; `replace` for typing, so history holds one entry per search. */
  onChange: (next: SearchState, options?: { replace?: boolean }) => void
}

/** SPEC §2 the search page's collapsible filters: tags, author, read time, dates, and Clear all. */
export function SearchFilters({ state, onChange }: SearchFiltersProps) {
  const id = useId()
  const active = activeFilterCount(state)
  // open at first when the address already filters, so a shared link shows why results are few
  const [open, setOpen] = useState(active > 0)
  // a tag added from the results (a related tag, a card's tag) opens the filters, so the reader sees it and can take it off
  const tagCount = useRef(state.tags.length)
  useEffect(() => {
    if (state.tags.length > tagCount.current) setOpen(true)
    tagCount.current = state.tags.length
  }, [state.tags.length])
  const author = useDebouncedText(state.author, (text) => onChange({ ...state, author: text }, { replace: true }))
  // the slider moves freely; the address (and the request) follows 300 ms after it stops
  const readTime = useDebouncedRange(state.readTime, (range) =>
    onChange({ ...state, readTime: range }, { replace: true }),
  )

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="search-filters">
      <div className="search-filters__bar">
        <Collapsible.Trigger className="button button--secondary button--small search-filters__toggle">
          <SlidersHorizontal size={15} aria-hidden="true" />
          Filters
          {active > 0 && (
            <span className="search-filters__count">
              {active}
              <span className="sr-only"> active</span>
            </span>
          )}
          <ChevronDown size={15} aria-hidden="true" className="search-filters__chevron" />
        </Collapsible.Trigger>
        {active > 0 && (
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => onChange(clearFilters(state))}
          >
            Clear all
          </button>
        )}
      </div>
      <Collapsible.Content className="search-filters__panel">
        <div className="search-filters__grid">
          <div className="field search-filters__tags">
            <label className="field__label" htmlFor={`${id}-tags`}>
              Tags
            </label>
            <TagFilter
              id={`${id}-tags`}
              tags={state.tags}
              onAdd={(tags) =>
                onChange({ ...state, tags: [...state.tags, ...tags.filter((t) => !state.tags.includes(t))] })
              }
              onRemove={(tag) => onChange(withoutTag(state, tag))}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-author`}>
              Author
            </label>
            <input
              id={`${id}-author`}
              className="input"
              type="text"
              autoComplete="off"
              placeholder="Any author"
              value={author.text}
              onChange={(e) => author.change(e.target.value)}
            />
          </div>
          <div className="field search-filters__read-time">
            <span className="field__label" id={`${id}-rt`}>
              Read time <span className="search-filters__value">{readTimeText(readTime.range)}</span>
            </span>
            <Slider.Root
              className="slider"
              min={READ_TIME_MIN}
              max={READ_TIME_MAX}
              step={READ_TIME_STEP}
              minStepsBetweenThumbs={0}
              value={readTime.range}
              onValueChange={(v) => readTime.change([v[0], v[1]])}
              aria-labelledby={`${id}-rt`}
            >
              <Slider.Track className="slider__track">
                <Slider.Range className="slider__range" />
              </Slider.Track>
              <Slider.Thumb className="slider__thumb" aria-label="Shortest read time, in minutes" />
              <Slider.Thumb className="slider__thumb" aria-label="Longest read time, in minutes" />
            </Slider.Root>
            <span className="slider__ends" aria-hidden="true">
              <span>{READ_TIME_MIN} min</span>
              <span>{READ_TIME_MAX}+ min</span>
            </span>
          </div>
          <div className="search-filters__dates">
            <div className="field">
              <label className="field__label" htmlFor={`${id}-from`}>
                From
              </label>
              <input
                id={`${id}-from`}
                className="input"
                type="date"
                value={state.startDate}
                max={state.endDate || undefined}
                onChange={(e) => onChange({ ...state, startDate: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-to`}>
                To
              </label>
              <input
                id={`${id}-to`}
                className="input"
                type="date"
                value={state.endDate}
                min={state.startDate || undefined}
                onChange={(e) => onChange({ ...state, endDate: e.target.value })}
              />
            </div>
          </div>
        </div>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
