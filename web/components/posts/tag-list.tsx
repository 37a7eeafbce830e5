import { Link } from 'wouter'
import { homeHref } from '../../lib/home-params.js'
import { SEARCH_SORT } from '../../lib/sort-posts.js'

/** Where a tag badge leads: the home list searched for that tag. */
export function tagHref(tag: string): string {
  return homeHref({ search: tag, sort: SEARCH_SORT, page: 1 })
}

/** Tag badges, at most `max` of them (SPEC §9: 3 on a featured card, 2 on a regular one). */
export function TagList({ tags, max, label = 'Tags' }: { tags: readonly string[]; max?: number; label?: string }) {
  const shown = max === undefined ? tags : tags.slice(0, max)
  if (shown.length === 0) return null
  return (
    <ul className="tag-list" aria-label={label}>
      {shown.map((tag) => (
        <li key={tag}>
          <Link href={tagHref(tag)} className="post-tag">
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  )
}
