import { Printer } from 'lucide-react'
import type { Post } from '../../../src/shared/schemas/index.js'
import { PostMeta } from '../posts/post-meta.js'
import { TagList } from '../posts/tag-list.js'

/** Title, excerpt as a lede, byline, tags and the page's reading actions. */
export function PostHeader({ post, titleId }: { post: Post; titleId: string }) {
  return (
    <header className="post-header">
      <h1 id={titleId} className="post-title">
        {post.title}
      </h1>
      {post.excerpt && <p className="post-lede">{post.excerpt}</p>}
      <div className="post-byline">
        <PostMeta author={post.author} publishedAt={post.publishedAt} readTime={post.readTime} />
        <div className="post-actions">
          <button type="button" className="button button--quiet button--small" onClick={() => window.print()}>
            <Printer size={16} aria-hidden="true" />
            Print
          </button>
        </div>
      </div>
      <TagList tags={post.tags} />
    </header>
  )
}
