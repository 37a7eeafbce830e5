import { Lightbulb, Tag } from 'lucide-react'

interface SearchInsightsProps {
  suggestions: readonly string[]
  relatedTags: readonly string[]
  /** Tags already filtered on: not offered again. */
  activeTags: readonly string[]
  query: string
  onSuggestion: (query: string) => void
  onTag: (tag: string) => void
}

/** SPEC §2: the search's 'did you mean' suggestions (they replace the query) and related tags (they add a filter). */
export function SearchInsights({
  suggestions,
  relatedTags,
  activeTags,
  query,
  onSuggestion,
  onTag,
}: SearchInsightsProps) {
  const lower = query.toLowerCase()
  const ideas = suggestions.filter((s) => s.trim() && s.toLowerCase() !== lower)
  const taken = new Set(activeTags.map((t) => t.toLowerCase()))
  const tags = relatedTags.filter((t) => t.trim() && !taken.has(t.toLowerCase()))
  if (ideas.length === 0 && tags.length === 0) return null
  return (
    <div className="search-insights">
      {ideas.length > 0 && (
        <p className="search-insights__row">
          <Lightbulb size={15} aria-hidden="true" className="search-insights__icon" />
          <span className="search-insights__label">Did you mean</span>
          {ideas.map((s) => (
            <button key={s} type="button" className="suggestion" onClick={() => onSuggestion(s)}>
              {s}
            </button>
          ))}
        </p>
      )}
      {tags.length > 0 && (
        <p className="search-insights__row">
          <Tag size={15} aria-hidden="true" className="search-insights__icon" />
          <span className="search-insights__label">Related tags</span>
          {tags.map((t) => (
            <button
              key={t}
              type="button"
              className="post-tag post-tag--add"
              data-tag={t}
              onClick={() => onTag(t)}
              aria-label={`Filter by the tag "${t}"`}
            >
              + {t}
            </button>
          ))}
        </p>
      )}
    </div>
  )
}
