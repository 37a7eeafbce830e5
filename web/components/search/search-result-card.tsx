import { Link } from 'wouter'
import type { z } from 'zod'
import type { SearchResultItemSchema } from '../../../src/shared/schemas/discovery.js'
import { firstOf } from '../../lib/score-style.js'
import { SEARCH_CARD_TAGS, matchTypeLabel, relevanceLevel, relevanceText } from '../../lib/search-display.js'
import { PostMeta } from '../posts/post-meta.js'
import { postHref } from '../../lib/post-href.js'

export type SearchResultItem = z.infer<typeof SearchResultItemSchema>

/** Five bars, the first `level` filled: how well this result matches, next to the best one. */
function RelevanceBars({ level }: { level: number }) {
  const text = relevanceText(level)
  return (
    <span className="relevance" title={text}>
      <span className="sr-only">{text}</span>
      {[1, 2, 3, 4, 5].map((i) => (
        <span key={i} aria-hidden="true" className={`relevance__bar${i <= level ? ' relevance__bar--on' : ''}`} />
      ))}
    </span>
  )
}

interface SearchResultCardProps {
  result: SearchResultItem
  /** The best relevance score among the results shown, for the bars. */
  best: number
  /** A tag on the card was chosen: the page adds it as a filter. */
  onTag: (tag: string) => void
}

/** SPEC §2 search result card: title, excerpt, author/date/read time, 5 tags then '+N more', and how it matched. */
export function SearchResultCard({ result, best, onTag }: SearchResultCardProps) {
  const tags = firstOf(result.tags, SEARCH_CARD_TAGS)
  const terms = result.matchedTerms ?? []
  return (
    <article className="search-card">
      <p className="search-card__match">
        <span className={`match-badge match-badge--${result.matchType}`}>{matchTypeLabel(result.matchType)}</span>
        <RelevanceBars level={relevanceLevel(result.relevanceScore, best)} />
      </p>
      <h2 className="search-card__title">
        <Link href={postHref(result.slug)} className="search-card__link">
          {result.title}
        </Link>
      </h2>
      {result.excerpt && <p className="search-card__excerpt">{result.excerpt}</p>}
      <PostMeta
        author={result.author}
        publishedAt={result.publishedAt}
        readTime={result.readTime}
        className="search-card__meta"
      />
      {terms.length > 0 && (
        <p className="search-card__terms">
          <span className="search-card__terms-label">Matched:</span> {terms.slice(0, 6).join(', ')}
        </p>
      )}
      {tags.shown.length > 0 && (
        <ul className="tag-list search-card__tags" aria-label="Tags">
          {tags.shown.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="post-tag"
                data-tag={tag}
                onClick={() => onTag(tag)}
                title={`Filter by the tag "${tag}"`}
              >
                {tag}
              </button>
            </li>
          ))}
          {tags.more > 0 && (
            <li>
              <span className="tag-more">{`+${tags.more} more`}</span>
            </li>
          )}
        </ul>
      )}
    </article>
  )
}

/** The shape of a result card while the first results load. */
export function SearchResultSkeleton() {
  return (
    <div className="search-card search-card--skeleton" aria-hidden="true">
      <span className="skeleton skeleton--meta" style={{ width: '7rem' }} />
      <span className="skeleton skeleton--title" style={{ width: '70%' }} />
      <span className="skeleton skeleton--text" />
      <span className="skeleton skeleton--text" style={{ width: '80%' }} />
      <span className="skeleton skeleton--meta" />
    </div>
  )
}
