import type { PostListItem } from '../../../src/shared/schemas/index.js'
import { PostCard, PostCardSkeleton } from './post-card.js'
import type { AdminCardControls } from './post-card.js'

interface PostListProps {
  featured: readonly PostListItem[]
  regular: readonly PostListItem[]
  /** The previous results, shown while new ones load. */
  stale?: boolean
  /** Admins' selection boxes and regenerate actions on each card. */
  admin?: AdminCardControls
}

/** SPEC §2: featured posts full-width first, then the others in a two-column grid. */
export function PostList({ featured, regular, stale = false, admin }: PostListProps) {
  return (
    <div className={`post-list${stale ? ' post-list--stale' : ''}`} aria-busy={stale || undefined}>
      {featured.length > 0 && (
        <ul className="post-list__featured" aria-label="Featured posts">
          {featured.map((post) => (
            <li key={post.id}>
              <PostCard post={post} featured admin={admin} />
            </li>
          ))}
        </ul>
      )}
      {regular.length > 0 && (
        <ul className="post-grid" aria-label={featured.length > 0 ? 'More posts' : 'Posts'}>
          {regular.map((post) => (
            <li key={post.id}>
              <PostCard post={post} admin={admin} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function PostListSkeleton() {
  return (
    <div className="post-list">
      <p className="sr-only" role="status">
        Loading posts…
      </p>
      <div className="post-list__featured" aria-hidden="true">
        <PostCardSkeleton featured />
      </div>
      <div className="post-grid" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <PostCardSkeleton key={i} />
        ))}
      </div>
    </div>
  )
}
