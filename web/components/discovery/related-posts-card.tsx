import { ArrowRight, Search, Sparkles } from 'lucide-react'
import type { CSSProperties } from 'react'
import { Link } from 'wouter'
import type { RelatedPost } from '../../../src/shared/schemas/discovery.js'
import { SIMILARITY_EXPLAINED } from '../../../src/shared/related-weights.js'
import { useRelatedPosts } from '../../api/discovery.js'
import { useNearViewport } from '../../hooks/use-near-viewport.js'
import { firstOf, percent, relationshipText, similarityText } from '../../lib/score-style.js'
import { searchHref } from '../../lib/search-params.js'
import { PostMeta } from '../posts/post-meta.js'

/** SPEC §2: a related post shows its first 3 tags, then '+N'. */
export const RELATED_CARD_TAGS = 3

/** SPEC §2: related-post links use the short address /{slug}. */
export const relatedHref = (slug: string) => `/${slug}`

function RelatedItem({ post }: { post: RelatedPost }) {
  const tags = firstOf(post.tags, RELATED_CARD_TAGS)
  const href = relatedHref(post.slug)
  return (
    <li className="related-item">
      <div className="related-item__head">
        <h3 className="related-item__title">
          <Link href={href}>{post.title}</Link>
        </h3>
        <span
          className="similarity"
          title={SIMILARITY_EXPLAINED}
          style={{ '--similarity': `${percent(post.similarityScore)}%` } as CSSProperties}
        >
          {similarityText(post.similarityScore)}
        </span>
      </div>
      <PostMeta
        author={post.author}
        publishedAt={post.publishedAt}
        readTime={post.readTime}
        className="related-item__meta"
      />
      {post.excerpt && <p className="related-item__excerpt">{post.excerpt}</p>}
      <div className="related-item__foot">
        <p className="related-item__why">
          <Sparkles size={14} aria-hidden="true" />
          {relationshipText(post.relationshipType)}
        </p>
        {tags.shown.length > 0 && (
          <ul className="tag-list related-item__tags" aria-label="Tags">
            {tags.shown.map((tag) => (
              <li key={tag}>
                <Link href={searchHref({ tags: [tag] })} className="post-tag" data-tag={tag}>
                  {tag}
                </Link>
              </li>
            ))}
            {tags.more > 0 && (
              <li>
                <span className="tag-more">{`+${tags.more}`}</span>
              </li>
            )}
          </ul>
        )}
        {/* The title rides along unseen, so the link says where it goes to crawlers and screen readers alike. */}
        <Link href={href} className="button button--quiet button--small related-item__more">
          <span className="sr-only">{`Read More: ${post.title}`}</span>
          <span aria-hidden="true">Read More</span>
          <ArrowRight size={15} aria-hidden="true" />
        </Link>
      </div>
    </li>
  )
}

/**
 * SPEC §2 Related posts card, under the essay: up to 5 posts the server finds similar, each
 * with why. While loading it is titled 'Related Posts' with three skeleton rows; a failed
 * fetch or an empty list shows nothing at all (SPEC §8 silent failures). It is fetched only
 * once the reader nears it: most never scroll that far, and the page starts with less work.
 */
export function RelatedPostsCard({ postId, postTitle }: { postId: number; postTitle: string }) {
  const { ref, near } = useNearViewport<HTMLElement>()
  const { data, isPending, isError } = useRelatedPosts(postId, near)
  const titleId = `related-${postId}`

  if (isPending) {
    return (
      <section ref={ref} className="related-card" aria-labelledby={titleId} aria-busy="true">
        <header className="related-card__header">
          <h2 id={titleId} className="related-card__title">
            Related Posts
          </h2>
        </header>
        <ul className="related-card__list" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="related-item related-item--skeleton">
              <span className="skeleton skeleton--title" style={{ width: `${70 - i * 10}%` }} />
              <span className="skeleton skeleton--meta" />
              <span className="skeleton skeleton--text" />
            </li>
          ))}
        </ul>
      </section>
    )
  }
  if (isError || !Array.isArray(data) || data.length === 0) return null

  return (
    <section className="related-card" aria-labelledby={titleId}>
      <header className="related-card__header">
        <h2 id={titleId} className="related-card__title">
          <Sparkles size={18} aria-hidden="true" className="related-card__icon" />
          AI-Recommended Related Posts
        </h2>
        <p className="related-card__subtitle">{`Posts with similar themes and concepts to "${postTitle}"`}</p>
      </header>
      <ul className="related-card__list">
        {data.map((post) => (
          <RelatedItem key={post.id} post={post} />
        ))}
      </ul>
      <footer className="related-card__footer">
        <Link href="/search" className="button button--secondary">
          <Search size={16} aria-hidden="true" />
          Discover More with Advanced Search
        </Link>
      </footer>
    </section>
  )
}
