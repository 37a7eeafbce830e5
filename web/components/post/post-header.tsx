import { doiUrl } from '../../../src/shared/doi.js'
import type { Post, PostCitation } from '../../../src/shared/schemas/index.js'
import { PostMeta } from '../posts/post-meta.js'
import { TagList } from '../posts/tag-list.js'
import { ledeRepeatsOpening } from '../../lib/lede.js'
import { serverComputed } from '../../lib/server-computed.js'
import { PostShare } from './post-share.js'

/**
 * Title, excerpt as a lede, byline (author, date, read time), the share actions and the tags.
 * The lede is left out when it is only the essay's first paragraph again (an essay without a
 * description gets its opening as excerpt); cards and meta tags still use the excerpt.
 */
export function PostHeader({ post, titleId }: { post: Post; titleId: string }) {
  const lede = post.excerpt && !ledeRepeats(post) ? post.excerpt : null
  return (
    <header className="post-header">
      <h1 id={titleId} className="post-title">
        {post.title}
      </h1>
      {lede && <p className="post-lede">{lede}</p>}
      <div className="post-byline">
        <PostMeta
          author={post.author}
          publishedAt={post.publishedAt}
          readTime={post.readTime}
          draft={post.status === 'draft'}
        />
        <div className="post-actions">
          <PostShare slug={post.slug} title={post.title} excerpt={post.excerpt} />
        </div>
      </div>
      {post.citation && <PostIdentifiers citation={post.citation} />}
      <TagList tags={post.tags} />
    </header>
  )
}

/** Worked out by the server as it renders the page; the hydrating browser reads its answer. */
function ledeRepeats(post: Post): boolean {
  const { slug, updatedAt, excerpt, html } = post
  return serverComputed(`lede:${slug}:${updatedAt}:${excerpt.length}:${html.length}`, () =>
    ledeRepeatsOpening(excerpt, html),
  )
}

/** The essay's DOI (a doi.org link), version and archived copy, from its front matter (issue 40). */
function PostIdentifiers({ citation: { doi, version, archive } }: { citation: PostCitation }) {
  return (
    <ul className="post-identifiers">
      {doi && (
        <li>
          <span className="post-identifiers__label">DOI</span>{' '}
          <a href={doiUrl(doi)} className="post-identifiers__doi">
            {doiUrl(doi)}
          </a>
        </li>
      )}
      {version && (
        <li>
          <span className="post-identifiers__label">Version</span>
          {` ${version}`}
        </li>
      )}
      {archive && (
        <li>
          <a href={archive}>Archived copy</a>
        </li>
      )}
    </ul>
  )
}
