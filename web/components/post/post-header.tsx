import type { Post } from '../../../src/shared/schemas/index.js'
import { PostMeta } from '../posts/post-meta.js'
import { TagList } from '../posts/tag-list.js'
import { PostShare } from './post-share.js'

/** Title, excerpt as a lede, byline (author, date, read time), the share actions and the tags. */
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
          <PostShare slug={post.slug} title={post.title} excerpt={post.excerpt} />
        </div>
      </div>
      <TagList tags={post.tags} />
    </header>
  )
}
