import { ArrowLeft, CircleAlert, FileQuestion } from 'lucide-react'
import { Link } from 'wouter'
import { usePost } from '../api/posts.js'
import { PostHeader } from '../components/post/post-header.js'
import { PostNeighbours } from '../components/post/post-neighbours.js'
import { PostSkeleton } from '../components/post/post-skeleton.js'
import { TableOfContents } from '../components/post/table-of-contents.js'
import { FallibleImage } from '../components/ui/fallible-image.js'
import { RetryButton } from '../components/ui/retry-button.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { isNotFound } from '../lib/errors.js'
import { versionedImageUrl } from '../lib/format.js'
import { NotFoundPage } from './not-found-page.js'

/**
 * Post detail (SPEC §2), at /posts/{slug} and at /{slug}. At the short address a slug that is
 * no post is just an unknown page, so it reads 'Page Not Found' (as the server's head does).
 */
export function PostPage({ slug, alias = false }: { slug: string; alias?: boolean }) {
  const { data: post, error, isPending, isFetching, refetch } = usePost(slug)
  const missing = post === null || isNotFound(error)
  useDocumentTitle(post ? post.title : missing ? (alias ? 'Page Not Found' : 'Post not found') : null)

  if (isPending) {
    return (
      <div className="container post-page">
        <PostSkeleton />
      </div>
    )
  }

  if (missing && alias) return <NotFoundPage />

  if (missing) {
    return (
      <div className="container page">
        <StateMessage
          level={1}
          icon={<FileQuestion size={30} />}
          title="Post not found"
          actions={
            <Link href="/" className="button button--primary">
              <ArrowLeft size={16} aria-hidden="true" />
              Back to all posts
            </Link>
          }
        >
          <p>The essay you are looking for does not exist, or it has moved.</p>
        </StateMessage>
      </div>
    )
  }

  if (!post) {
    return (
      <div className="container page">
        <StateMessage
          level={1}
          tone="error"
          role="alert"
          icon={<CircleAlert size={30} />}
          title="Failed to load the post. Please try again."
          actions={
            <RetryButton onRetry={() => void refetch()} busy={isFetching} />
          }
        />
      </div>
    )
  }

  const { previous, next } = post.neighbours
  const titleId = 'post-title'
  return (
    <div className="container post-page">
      <div className={`post-layout${post.toc.length > 0 ? ' post-layout--with-toc' : ''}`}>
        {post.toc.length > 0 && (
          <aside className="post-sidebar" aria-label="Table of contents">
            <div className="post-sidebar__inner">
              <TableOfContents entries={post.toc} />
            </div>
          </aside>
        )}
        <div className="post-main">
          <article className="post" aria-labelledby={titleId}>
            <PostHeader post={post} titleId={titleId} />
            {post.bannerImage && (
              <figure className="post-banner">
                <FallibleImage src={versionedImageUrl(post.bannerImage, post.updatedAt)} alt="" width={1200} height={630} decoding="async" />
              </figure>
            )}
            <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
          </article>
          <PostNeighbours previous={previous} next={next} />
        </div>
      </div>
    </div>
  )
}
