import { ImageIcon, Sparkles } from 'lucide-react'
import { Link } from 'wouter'
import type { PostListItem } from '../../../src/shared/schemas/index.js'
import { versionedImageUrl } from '../../lib/format.js'
import { postHref } from '../../lib/post-href.js'
import { SelectCheckbox } from '../admin/select-checkbox.js'
import { FallibleImage } from '../ui/fallible-image.js'
import { PostMeta } from './post-meta.js'
import { TagList } from './tag-list.js'

/** SPEC §9: tags shown on a featured card and on a regular one. */
export const FEATURED_CARD_TAGS = 3
export const REGULAR_CARD_TAGS = 2

// Apart from the card, so that a page linking to posts does not bring the card and the
// owner's selection box with it.
export { postHref }

/** SPEC §2: what an admin gets on each card, a selection box and a regenerate action. */
export interface AdminCardControls {
  isSelected: (id: number) => boolean
  toggle: (id: number) => void
  regenerate: (post: PostListItem) => void
}

interface PostCardProps {
  post: PostListItem
  featured?: boolean
  /** Heading level of the card title within the page outline. */
  headingLevel?: 2 | 3
  admin?: AdminCardControls
}

/** A post in a list: the title links to /posts/{slug}; the whole card is clickable. */
export function PostCard({ post, featured = false, headingLevel = 2, admin }: PostCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const selected = admin?.isSelected(post.id) ?? false
  return (
    <article className={`post-card${featured ? ' post-card--featured' : ''}${selected ? ' post-card--selected' : ''}`}>
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
        {admin && (
          <div className="post-card__admin">
            <label className="post-card__select">
              <SelectCheckbox
                checked={selected}
                onToggle={() => admin.toggle(post.id)}
                label={`Select "${post.title}"`}
              />
              <span aria-hidden="true">Select</span>
            </label>
            <button
              type="button"
              className="button button--quiet button--small post-card__regenerate"
              onClick={() => admin.regenerate(post)}
              aria-label={`Regenerate images for "${post.title}"`}
            >
              <ImageIcon size={15} aria-hidden="true" />
              Regenerate Images
            </button>
          </div>
        )}
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
        <PostMeta
          author={post.author}
          publishedAt={post.publishedAt}
          readTime={post.readTime}
          draft={post.status === 'draft'}
          className="post-card__meta"
        />
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
