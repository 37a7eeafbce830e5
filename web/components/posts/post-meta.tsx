import { CalendarDays, Clock, UserRound } from 'lucide-react'
import { formatDate, formatReadTime } from '../../lib/format.js'

interface PostMetaProps {
  author: string
  publishedAt: string
  readTime: number
  /** A draft is not published: its date is the one it carries, not a publication date. */
  draft?: boolean
  className?: string
}

/** Author, published date (or a draft's date) and read time, as a definition-free inline list. */
export function PostMeta({ author, publishedAt, readTime, draft = false, className = '' }: PostMetaProps) {
  return (
    <ul className={`post-meta ${className}`.trim()}>
      {author && (
        <li>
          <UserRound size={15} aria-hidden="true" />
          <span className="sr-only">Author: </span>
          {author}
        </li>
      )}
      <li>
        <CalendarDays size={15} aria-hidden="true" />
        {draft ? <span className="post-meta__draft">Draft dated </span> : <span className="sr-only">Published </span>}
        <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>
      </li>
      <li>
        <Clock size={15} aria-hidden="true" />
        {formatReadTime(readTime)}
      </li>
    </ul>
  )
}
