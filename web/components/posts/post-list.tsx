import type { PostListItem } from '../../../src/shared/schemas/index.js'
import { PostCard, PostCardSkeleton } from './post-card.js'

interface PostListProps {
  featured: readonly PostListItem[]
  regular: readonly PostListItem[]
}

/** SPEC §2: featured posts full-width first, then the others in a two-column grid. */
export function PostList({ featured, regular }: PostListProps) {
  return (
    <div className="post-list">
      {featured.length > 0 && (
        <ul className="post-list__featured" aria-label="Featured posts">
          {featured.map((post) => (
            <li key={post.id}>
              <PostCard post={post} featured />
            </li>
          ))}
        </ul>
      )}
      {regular.length > 0 && (
        <ul className="post-grid" aria-label={featured.length > 0 ? 'More posts' : 'Posts'}>
          {regular.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function PostListSkeleton() {
  return (
    <div className="post-list" aria-hidden="true">
      <div className="post-list__featured">
        <PostCardSkeleton featured />
      </div>
      <div className="post-grid">
        {[0, 1, 2, 3].map((i) => (
          <PostCardSkeleton key={i} />
        ))}
      </div>
    </div>
  )
}
