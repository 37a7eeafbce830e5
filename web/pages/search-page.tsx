import { CircleAlert, SearchX } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useAdvancedSearch } from '../api/search.js'
import { SearchFilters } from '../components/search/search-filters.js'
import { SearchInsights } from '../components/search/search-insights.js'
import { SearchResultCard, SearchResultSkeleton } from '../components/search/search-result-card.js'
import { SearchBar } from '../components/search-bar.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useToast } from '../components/ui/toaster.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { resultCountText } from '../lib/search-display.js'
import {
  activeFilterCount,
  canSearch,
  clearFilters,
  parseSearchState,
  searchHref,
  searchTimeText,
  withTag,
} from '../lib/search-params.js'
import type { SearchState } from '../lib/search-params.js'

/** SPEC §8: the one text of a failed search. */
export const SEARCH_FAILED = 'Search failed. Please try again.'

/**
 * SPEC §2 advanced search. The query and every filter live in the address, so a search can be
 * shared, reloaded and stepped back through; the results come from GET /api/search/advanced
 * (prefetched by the server for the first paint). A search runs only with a non-empty query;
 * filters alone browse the essays they match (lib/search-params.ts searchMode).
 */
export function SearchPage() {
  const [, navigate] = useLocation()
  const search = useSearch()
  const state = useMemo(() => parseSearchState(search), [search])
  const enabled = canSearch(state)
  const { data, isPending, isError, isPlaceholderData, errorUpdatedAt, refetch } = useAdvancedSearch(state, enabled)
  const result = enabled ? data : undefined
  const { toast } = useToast()
  useDocumentTitle(state.q ? `Search: ${state.q}` : 'Search')

  // SPEC §8: a destructive toast for each failed search (the title is not given: 'Error', as the other rows)
  useEffect(() => {
    if (errorUpdatedAt > 0) toast({ title: 'Error', description: SEARCH_FAILED, variant: 'destructive' })
  }, [errorUpdatedAt, toast])

  const go = (next: SearchState, options: { replace?: boolean } = {}) => {
    // the same search again (Enter on an unchanged box) adds no history entry; after a failure it tries again
    if (searchHref(next) !== searchHref(state)) navigate(searchHref(next), options)
    else if (isError) void refetch()
  }
  const addTag = (tag: string) => go(withTag(state, tag))

  let body
  if (!enabled) {
    body = (
      <p className="search-page__hint">
        Search titles, excerpts, tags and the full text of every essay, or filter by tag, author, length and date.
      </p>
    )
  } else if (isPending) {
    body = (
      <div className="search-results" aria-busy="true">
        <span className="sr-only" role="status">
          Searching…
        </span>
        <SearchResultSkeleton />
        <SearchResultSkeleton />
        <SearchResultSkeleton />
      </div>
    )
  } else if (isError && !result) {
    body = <StateMessage tone="error" role="alert" icon={<CircleAlert size={28} />} title={SEARCH_FAILED} />
  } else if (result) {
    const best = result.results.reduce((m, r) => Math.max(m, r.relevanceScore), 0)
    const time = searchTimeText(result.searchTime)
    body = (
      <>
        <p className="search-page__count" role="status">
          <strong>{resultCountText(result.totalCount)}</strong>
          {state.q && ` for "${state.q}"`}
          {time && <span className="search-page__time">{` · ${time}`}</span>}
        </p>
        <SearchInsights
          suggestions={result.suggestions ?? []}
          relatedTags={result.relatedTags ?? []}
          activeTags={state.tags}
          query={state.q}
          onSuggestion={(q) => go({ ...state, q })}
          onTag={addTag}
        />
        {result.results.length === 0 ? (
          <StateMessage
            icon={<SearchX size={28} />}
            title="No posts found"
            actions={
              activeFilterCount(state) > 0 ? (
                <button type="button" className="button button--secondary" onClick={() => go(clearFilters(state))}>
                  Clear filters
                </button>
              ) : undefined
            }
          >
            <p>
              {state.q
                ? `We couldn't find any posts matching "${state.q}". Try searching with different keywords.`
                : 'No posts match these filters. Try widening them.'}
            </p>
          </StateMessage>
        ) : (
          <ol className={`search-results${isPlaceholderData ? ' search-results--stale' : ''}`}>
            {result.results.map((r) => (
              <li key={r.id}>
                <SearchResultCard result={r} best={best} onTag={addTag} />
              </li>
            ))}
          </ol>
        )}
      </>
    )
  }

  return (
    <div className="container page search-page">
      <header className="page-header">
        <h1 className="page-title">Search</h1>
        <p className="page-lede">Find an essay by its title, a tag, or a phrase from its text.</p>
      </header>
      <SearchBar
        value={state.q}
        name="q"
        // a new search gets its own history entry; refining the words in the box replaces it
        onSearch={(q) => go({ ...state, q }, { replace: state.q !== '' && q !== '' })}
        className="search-page__bar"
      />
      <SearchFilters state={state} onChange={go} />
      {body}
    </div>
  )
}
