import { setImmediate as nextTurn } from 'node:timers/promises'
import type { PostsService } from '../posts/posts-service.js'
import type { Post } from '../shared/schemas/index.js'
import type { SiteInfo } from '../shared/site-info.js'
import { GUEST } from '../core/viewer.js'
import { isBlogError } from '../core/errors.js'
import { absoluteUrl, absolutizeHtml } from './absolute-urls.js'
import { feedMath } from './feed-math.js'
import type { FeedEntry } from './types.js'
import { authorNames } from '../shared/authors.js'

/** The canonical address of a post (DECISIONS.md: `/posts/{slug}` everywhere). */
export const postUrl = (site: SiteInfo, slug: string): string => `${site.baseUrl}/posts/${encodeURIComponent(slug)}`

/**
 * Most characters of HTML one feed entry carries, and all entries of one feed together. A feed
 * reader fetches the whole document every few minutes and often on a phone: a 0.8 MB essay of
 * KaTeX arrays made a 269 MB /rss.xml, and building it held the server for 10 s at 2.2 GB
 * (issue 21). A post past either cap goes in as its excerpt and a link to the page.
 */
export const MAX_ENTRY_HTML_CHARS = 200 * 1024
export const MAX_FEED_HTML_CHARS = 2 * 1024 * 1024
/**
 * How much larger than its cap a post's stored HTML may be and still be tried whole: a feed
 * carries formulas as MathML only (feed-math.ts), which leaves 13–35% of a math-heavy essay
 * (a 0.97 MB statproofbook proof becomes 127 kB). Anything larger is not parsed at all.
 */
const MATH_SHRINK = 5

/** `room`: characters of HTML the feed still has space for; a longer post goes in as its excerpt. */
/** One name per author; a line that names nobody a reader would recognise stays as written. */
function feedAuthors(line: string): string[] {
  const names = authorNames(line)
  return names.length ? names : [line]
}

export function toFeedEntry(site: SiteInfo, post: Post, room = MAX_FEED_HTML_CHARS): FeedEntry {
  const url = postUrl(site, post.slug)
  const summary = post.excerpt || post.metaDescription || ''
  const cap = Math.min(MAX_ENTRY_HTML_CHARS, room)
  const html = post.html.length <= cap * MATH_SHRINK ? feedMath(post.html) : null
  return {
    url,
    title: post.title,
    summary,
    html: html !== null && html.length <= cap ? absolutizeHtml(html, url, site.baseUrl) : excerptHtml(summary, url),
    authors: feedAuthors(post.author || site.ownerName),
    tags: post.tags,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    image: post.bannerImage ? absoluteUrl(post.bannerImage, url, site.baseUrl) : null,
  }
}

/**
 * The newest `limit` posts a guest may read, as feed entries. Read through PostsService as a
 * guest, so drafts can't slip in and bodies from an older pipeline are re-rendered like on the site.
 */
export async function latestEntries(posts: PostsService, site: SiteInfo, limit: number): Promise<FeedEntry[]> {
  const metas = posts.visible(GUEST).slice(0, limit)
  const loaded = await Promise.all(
    metas.map((meta) =>
      posts.get(meta.slug, GUEST).catch((e: unknown) => {
        // Removed or unpublished between the list and the read: leave it out of this build.
        if (isBlogError(e) && e.status === 404) return null
        throw e
      }),
    ),
  )
  let room = MAX_FEED_HTML_CHARS
  const entries: FeedEntry[] = []
  for (const post of loaded) {
    if (!post) continue
    // A math-heavy body takes a parse (feed-math.ts): other requests get their turn in between.
    await nextTurn()
    const entry = toFeedEntry(site, post, room)
    room -= entry.html.length
    entries.push(entry)
  }
  return entries
}

/** What a feed carries for a post too large to carry whole: its excerpt and where to read it. */
function excerptHtml(summary: string, url: string): string {
  const link = `<p><a href="${escapeHtml(url)}">Read the whole essay on the site.</a></p>`
  return summary ? `<p>${escapeHtml(summary)}</p>${link}` : link
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
