import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from 'wouter'
import type { PostNeighbour } from '../../../src/shared/schemas/index.js'
import { formatReadTime } from '../../lib/format.js'
import { postHref } from '../../lib/post-href.js'

type Neighbour = PostNeighbour

function NeighbourCard({ post, direction }: { post: Neighbour; direction: 'previous' | 'next' }) {
  const Icon = direction === 'previous' ? ArrowLeft : ArrowRight
  return (
    <Link
      href={postHref(post.slug)}
      className={`neighbour neighbour--${direction}`}
      rel={direction === 'previous' ? 'prev' : 'next'}
    >
      <span className="neighbour__label">
        {direction === 'previous' && <Icon size={16} aria-hidden="true" />}
        {direction === 'previous' ? 'Previous' : 'Next'}
        {direction === 'next' && <Icon size={16} aria-hidden="true" />}
      </span>
      <span className="neighbour__title">{post.title}</span>
      <span className="neighbour__meta">{formatReadTime(post.readTime)}</span>
    </Link>
  )
}

/** Previous/next post cards at the end of an essay, linking /posts/{slug}. */
export function PostNeighbours({ previous, next }: { previous: Neighbour | null; next: Neighbour | null }) {
  if (!previous && !next) return null
  return (
    <nav className="post-neighbours" aria-label="More posts">
      {previous ? <NeighbourCard post={previous} direction="previous" /> : <span aria-hidden="true" />}
      {next ? <NeighbourCard post={next} direction="next" /> : <span aria-hidden="true" />}
    </nav>
  )
}
