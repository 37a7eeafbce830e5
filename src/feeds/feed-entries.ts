import type { PostsService } from '../posts/posts-service.js'
import type { Post } from '../shared/schemas/index.js'
import type { SiteInfo } from '../shared/site-info.js'
import { GUEST } from '../core/viewer.js'
import { isBlogError } from '../core/errors.js'
import { absoluteUrl, absolutizeHtml } from './absolute-urls.js'
import type { FeedEntry } from './types.js'

/** The canonical address of a post (DECISIONS.md: `/posts/{slug}` everywhere). */
export const postUrl = (site: SiteInfo, slug: string): string => `${site.baseUrl}/posts/${encodeURIComponent(slug)}`

export function toFeedEntry(site: SiteInfo, post: Post): FeedEntry {
  const url = postUrl(site, post.slug)
  return {
    url,
    title: post.title,
    summary: post.excerpt || post.metaDescription || '',
    html: absolutizeHtml(post.html, url, site.baseUrl),
    author: post.author || site.ownerName,
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
  return loaded.filter((p): p is Post => p !== null).map((p) => toFeedEntry(site, p))
}
