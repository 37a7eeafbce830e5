import { Search, X } from 'lucide-react'
import { useId, useRef } from 'react'
import { useDebouncedText } from '../hooks/use-debounced-text.js'
import { useTypedBeforeHydration } from '../hooks/use-typed-before-hydration.js'
import type { FormEvent } from 'react'

export { SEARCH_DEBOUNCE_MS } from '../hooks/use-debounced-text.js'

interface SearchBarProps {
  /** The query currently in effect (e.g. from the address); the box follows it when it changes elsewhere. */
  value: string
  /** Called on submit, and 300 ms after typing stops, with the trimmed text. */
  onSearch: (query: string) => void
  placeholder?: string
  label?: string
  /** The field's name, so the form also works as a plain GET form before the script loads. */
  name?: string
  autoFocus?: boolean
  className?: string
}

/** SPEC §2 search bar component. */
export function SearchBar({
  value,
  onSearch,
  placeholder = 'Search blog posts...',
  label = 'Search blog posts',
  name = 'search',
  autoFocus = false,
  className = '',
}: SearchBarProps) {
  const id = useId()
  const { text, change: onChange, flush } = useDebouncedText(value, onSearch)
  const input = useRef<HTMLInputElement>(null)
  useTypedBeforeHydration(input, text, onChange)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    flush()
  }

  return (
    <form role="search" className={`search-bar ${className}`.trim()} onSubmit={onSubmit}>
      <label htmlFor={`${id}-q`} className="sr-only">
        {label}
      </label>
      <Search className="search-bar__icon" size={18} aria-hidden="true" />
      <input
        ref={input}
        id={`${id}-q`}
        className="input search-bar__input"
        type="search"
        name={name}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      {text && (
        <button
          type="button"
          className="search-bar__clear"
          aria-label="Clear search"
          onClick={() => {
            flush('')
            input.current?.focus()
          }}
        >
          <X size={16} aria-hidden="true" />
        </button>
      )}
      <button type="submit" className="sr-only">
        Search
      </button>
    </form>
  )
}
