import { Sparkles } from 'lucide-react'
import { Link } from 'wouter'
import type { PostListItem } from '../../../src/shared/schemas/index.js'
import { versionedImageUrl } from '../../lib/format.js'
import { FallibleImage } from '../ui/fallible-image.js'
import { PostMeta } from './post-meta.js'
import { TagList } from './tag-list.js'

/** SPEC §9: tags shown on a featured card and on a regular one. */
export const FEATURED_CARD_TAGS = 3
export const REGULAR_CARD_TAGS = 2

export function postHref(slug: string): string {
  return `/posts/${slug}`
}

interface PostCardProps {
  post: PostListItem
  featured?: boolean
  /** Heading level of the card title within the page outline. */
  headingLevel?: 2 | 3
}

/** A post in a list: the title links to /posts/{slug}; the whole card is clickable. */
export function PostCard({ post, featured = false, headingLevel = 2 }: PostCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={`post-card${featured ? ' post-card--featured' : ''}`}>
      {post.bannerImage && (
        <div className="post-card__media">
          <FallibleImage
            src={versionedImageUrl(post.bannerImage, post.updatedAt)}
            alt=""
            loading={featured ? 'eager' : 'lazy'}
            decoding="async"
          />
        </div>
      )}
      <div className="post-card__body">
        {(featured || post.status === 'draft') && (
          <p className="post-card__badges">
            {featured && (
              <span className="badge badge--featured">
                <Sparkles size={14} aria-hidden="true" />
                Featured
              </span>
            )}
            {/* SPEC §2: only admins are sent drafts, and see them marked */}
            {post.status === 'draft' && <span className="badge badge--draft">Draft</span>}
          </p>
        )}
        <Heading className="post-card__title">
          <Link href={postHref(post.slug)} className="post-card__link">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && <p className="post-card__excerpt">{post.excerpt}</p>}
        <PostMeta author={post.author} publishedAt={post.publishedAt} readTime={post.readTime} className="post-card__meta" />
        <TagList tags={post.tags} max={featured ? FEATURED_CARD_TAGS : REGULAR_CARD_TAGS} />
      </div>
    </article>
  )
}

/** The shape of a card while the list loads. */
export function PostCardSkeleton({ featured = false }: { featured?: boolean }) {
  return (
    <div className={`post-card post-card--skeleton${featured ? ' post-card--featured' : ''}`} aria-hidden="true">
      <div className="post-card__body">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--title" style={{ width: '60%' }} />
        <span className="skeleton skeleton--text" />
        <span className="skeleton skeleton--text" />
        <span className="skeleton skeleton--text" style={{ width: '75%' }} />
        <span className="skeleton skeleton--meta" />
      </div>
    </div>
  )
}
