import { createHash } from 'node:crypto'
import type { BlogEventBus } from '../core/events.js'
import type { PostsService } from '../posts/posts-service.js'
import type { SiteInfo } from '../shared/site-info.js'
import { GUEST } from '../core/viewer.js'
import { renderAtom } from './atom.js'
import { latestEntries, postUrl } from './feed-entries.js'
import { renderJsonFeed } from './json-feed.js'
import { renderRss } from './rss.js'
import { renderRobots, renderSitemap, STATIC_PAGES } from './sitemap.js'
import type { FeedEntry } from './types.js'

export type DocumentKind = 'rss' | 'atom' | 'json' | 'sitemap' | 'robots'

/** A rendered feed, sitemap or robots.txt, with what a conditional GET needs. */
export interface FeedDocument {
  kind: DocumentKind
  contentType: string
  body: Buffer
  etag: string
  /** When this content was first served; kept while the content stays byte-identical. */
  lastModified: Date
}

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
  sitemap: 'application/xml; charset=utf-8',
  robots: 'text/plain; charset=utf-8',
}

interface FeedsDeps {
  posts: PostsService
  events: BlogEventBus
  site(): SiteInfo
}

/**
 * Feeds (RSS, Atom, JSON Feed), the sitemap and robots.txt, built on demand and kept in memory
 * until a post changes (the same `post:changed` stream that clears the page cache). Only what
 * a guest may see goes in: drafts never appear.
 */
export class FeedsService {
  /** How many of the newest posts a feed carries. */
  static readonly FEED_SIZE = 20
  private readonly built = new Map<DocumentKind, Promise<FeedDocument>>()
  /** The last document served per kind, across invalidations, to keep Last-Modified honest. */
  private readonly previous = new Map<DocumentKind, { doc: FeedDocument; generation: number }>()
  private entries: { generation: number; value: Promise<FeedEntry[]> } | null = null
  private generation = 0

  constructor(
    private readonly blog: FeedsDeps,
    private readonly now: () => Date = () => new Date(),
  ) {
    blog.events.on('post:changed', () => this.invalidate())
  }

  /** The same documents for the site served at another address (`blog build --base-url`). */
  at(baseUrl: string): FeedsService {
    return new FeedsService({ ...this.blog, site: () => ({ ...this.blog.site(), baseUrl }) }, this.now)
  }

  /** Forget every built document; the next request builds it again from the store. */
  invalidate(): void {
    this.generation++
    this.built.clear()
    this.entries = null
  }

  document(kind: DocumentKind): Promise<FeedDocument> {
    let doc = this.built.get(kind)
    if (!doc) {
      const built = this.build(kind, this.generation)
      // A failed build is not cached: the next request tries again.
      built.catch(() => this.built.get(kind) === built && this.built.delete(kind))
      this.built.set(kind, (doc = built))
    }
    return doc
  }

  private async build(kind: DocumentKind, generation: number): Promise<FeedDocument> {
    const { text, contentDate } = await this.render(kind)
    const body = Buffer.from(text)
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
    const prev = this.previous.get(kind)
    // Unchanged bytes keep their date, so If-Modified-Since keeps matching after an unrelated change.
    if (prev?.doc.etag === etag) return prev.doc
    // Changed since something was served: "now" is the only date sure to be later than what a
    // client holds (a removed post lowers the newest date). At start, the content's own date.
    const lastModified = prev ? this.now() : contentDate
    const doc: FeedDocument = { kind, contentType: CONTENT_TYPES[kind], body, etag, lastModified }
    if (!prev || prev.generation <= generation) this.previous.set(kind, { doc, generation })
    return doc
  }

  private async render(kind: DocumentKind): Promise<{ text: string; contentDate: Date }> {
    const site = this.blog.site()
    if (kind === 'robots') return { text: renderRobots(site), contentDate: this.now() }
    if (kind === 'sitemap') {
      const posts = this.blog.posts.visible(GUEST)
      const newest = newestDate(posts)
      const urls = [
        // The home page lists the posts, so it changes when the newest of them does.
        ...STATIC_PAGES.map((path) => ({ loc: site.baseUrl + path, lastmod: path === '/' ? newest : null })),
        ...posts.map((p) => ({ loc: postUrl(site, p.slug), lastmod: p.updatedAt })),
      ]
      return { text: renderSitemap(urls), contentDate: newest ? new Date(newest) : this.now() }
    }
    const entries = await this.latest()
    // An empty feed has no date of its own; the build time stands in.
    const updated = newestDate(entries) ?? this.now().toISOString()
    const input = { site, entries, updated }
    const text = kind === 'rss' ? renderRss(input) : kind === 'atom' ? renderAtom(input) : renderJsonFeed(input)
    return { text, contentDate: new Date(updated) }
  }

  /** The feed entries, shared by the three feed formats within one generation. */
  private latest(): Promise<FeedEntry[]> {
    if (this.entries?.generation !== this.generation) {
      const value = latestEntries(this.blog.posts, this.blog.site(), FeedsService.FEED_SIZE)
      const entries = (this.entries = { generation: this.generation, value })
      value.catch(() => this.entries === entries && (this.entries = null))
    }
    return this.entries.value
  }
}

function newestDate(items: readonly { updatedAt: string }[]): string | null {
  let newest: string | null = null
  for (const { updatedAt } of items)
    if (newest === null || Date.parse(updatedAt) > Date.parse(newest)) newest = updatedAt
  return newest
}
