import { ArrowLeft, CircleAlert, FileQuestion } from 'lucide-react'
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { Post } from '../../src/shared/schemas/index.js'
import { useCurrentUser } from '../api/auth.js'
import { usePost } from '../api/posts.js'
import { GenerateContentBox } from '../components/admin/generate-content-box.js'
import { AnalyticsDock } from '../components/discovery/analytics-dock.js'
import { RelatedPostsCard } from '../components/discovery/related-posts-card.js'
import { SmartSidebar } from '../components/discovery/smart-sidebar.js'
import { AnnotatedProse } from '../components/post/annotated-prose.js'
import { AnnotationToggle } from '../components/post/annotation-toggle.js'
import { PostComments } from '../components/post/comments/post-comments.js'
import { ModelPanel } from '../components/post/model-panel.js'
import { PostBibliography } from '../components/post/post-bibliography.js'
import { CiteThis } from '../components/post/cite-this.js'
import { PostHeader } from '../components/post/post-header.js'
import { PostNeighbours } from '../components/post/post-neighbours.js'
import { PostSkeleton } from '../components/post/post-skeleton.js'
import { PostSummary } from '../components/post/post-summary.js'
import { TableOfContents } from '../components/post/table-of-contents.js'
import { FallibleImage } from '../components/ui/fallible-image.js'
import { RetryButton } from '../components/ui/retry-button.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { useHydrated } from '../hooks/use-hydrated.js'
import { useReadingAids } from '../hooks/use-reading-aids.js'
import { withContentFigures } from '../lib/content-figures.js'
import { fragmentTarget, landOn } from '../lib/essay-jump.js'
import { isNotFound } from '../lib/errors.js'
import { serverComputed } from '../lib/server-computed.js'
import { versionedImageUrl } from '../lib/format.js'
import type { MathematicalModel } from '../lib/math-model.js'
import { NotFoundPage } from './not-found-page.js'
import { essayCitation } from '../../src/shared/citation/essay-citation.js'
import { useSite } from '../site-context.js'

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
          actions={<RetryButton onRetry={() => void refetch()} busy={isFetching} />}
        />
      </div>
    )
  }

  return <PostView post={post} />
}

const PROSE_ID = 'post-content'

/** SPEC §2: signed-in users get the 'Generate Content' box. */
function SignedInGenerateBox({ post }: { post: Post }) {
  const { user } = useCurrentUser()
  return user !== null ? <GenerateContentBox post={{ id: post.id, title: post.title }} /> : null
}

/** The Mathematical Model panel: shown when the post has a model, and to signed-in users (its Generate/Regen). */
function PostModelPanel({ post, model }: { post: Post; model: MathematicalModel | null }) {
  const { user } = useCurrentUser()
  const signedIn = user !== null
  if (!model && !signedIn) return null
  return (
    <ModelPanel
      model={model}
      macros={post.mathMacros}
      generate={signedIn ? { postId: post.id, slug: post.slug } : undefined}
    />
  )
}

/**
 * The essay with its generated content images placed between its sections (lib/content-figures.ts),
 * each with the post's title in its alt text and a cache-busting address like the banner's.
 */
function useEssayHtml(post: Post, html: string): string {
  const { contentImages, title, updatedAt, toc } = post
  return useMemo(() => {
    const top = Math.min(...toc.map((t) => t.depth))
    const sections = toc.filter((t) => t.depth === top && t.id !== 'references-heading').map((t) => t.id)
    const figures = contentImages.map((src) => ({
      src: versionedImageUrl(src, updatedAt),
      alt: `Illustration for “${title}”`,
    }))
    return withContentFigures(html, sections, figures)
  }, [html, contentImages, title, updatedAt, toc])
}

/**
 * An in-app navigation to /posts/slug#id renders the essay after the route changed: land on
 * #id once it is there. The server's page is left to the browser, which follows the fragment
 * itself (prose.css lays the essay out for it).
 */
function useLandOnFragment(slug: string) {
  const hydrated = useHydrated()
  const mountedInApp = useRef(hydrated)
  useEffect(() => {
    if (!mountedInApp.current) return
    const target = fragmentTarget()
    if (target) landOn(target, false)
  }, [slug])
}

// The signed-in parts read the current user themselves: when that read answers (a guest's
// 401 after the page is hydrated), only they render again, not the whole essay. Memoised on
// the post: SPEC §7's refetch of a shown post toggles the query's fetching state twice, and an
// unchanged answer keeps the same object (react-query shares it), so the essay, its contents
// and its cards are not rendered again for nothing — in one blocking task each time, as
// react-query's store updates are synchronous.
const PostView = memo(function PostView({ post }: { post: Post }) {
  const [showAnnotations, setShowAnnotations] = useState(false)
  const { annotations, highlighted, annotationTypes, bibliography, model } = useReadingAids(post)
  const annotating = showAnnotations && highlighted !== null
  const { previous, next } = post.neighbours
  const titleId = 'post-title'
  const summary = post.summary?.trim() || post.contentSummary?.trim() || null
  const essayHtml = useEssayHtml(post, annotating ? highlighted.html : post.html)
  const site = useSite()
  // The same citation as the page's Scholar tags and JSON-LD (server/ssr/head.ts).
  // (worked out by the server as it renders the page: hydration reads its answer)
  const citation = useMemo(
    () =>
      serverComputed(`citation:${post.slug}:${post.updatedAt}:${post.publishedAt}`, () => essayCitation(post, site)),
    [post, site],
  )
  useLandOnFragment(post.slug)
  return (
    <div className="container post-page">
      {/* the sidebar is always there on large screens: the smart sidebar is for every post */}
      <div className="post-layout post-layout--with-toc">
        <aside className="post-sidebar" aria-label="Post sidebar">
          <div className="post-sidebar__inner">
            <TableOfContents entries={post.toc} contentVersion={annotating} />
            <SignedInGenerateBox post={post} />
            <SmartSidebar postId={post.id} />
          </div>
        </aside>
        <div className="post-main">
          <article className="post" aria-labelledby={titleId}>
            <PostHeader post={post} titleId={titleId} />
            {post.bannerImage && (
              <figure className="post-banner">
                <FallibleImage
                  src={versionedImageUrl(post.bannerImage, post.updatedAt)}
                  alt=""
                  width={1200}
                  height={630}
                  decoding="async"
                />
              </figure>
            )}
            <TableOfContents entries={post.toc} contentVersion={annotating} inline />
            <PostSummary text={summary} />
            {/* fixed at the bottom left on wide screens; on a phone a button here, over no text (post-model.css) */}
            <PostModelPanel post={post} model={model} />
            {highlighted && (
              <AnnotationToggle
                shown={annotating}
                onToggle={() => setShowAnnotations((s) => !s)}
                count={highlighted.placed.length}
                types={annotationTypes}
                controls={PROSE_ID}
              />
            )}
            <div id={PROSE_ID} className={`post-content${annotating ? ' post-content--annotated' : ''}`}>
              <AnnotatedProse html={essayHtml} annotations={annotating ? annotations : null} />
            </div>
            {bibliography && <PostBibliography bibliography={bibliography} />}
            <CiteThis citation={citation} />
          </article>
          <RelatedPostsCard postId={post.id} postTitle={post.title} />
          <PostNeighbours previous={previous} next={next} />
          <PostComments postId={post.id} />
        </div>
      </div>
      <AnalyticsDock postId={post.id} />
    </div>
  )
})
