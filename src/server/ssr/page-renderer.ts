import { createHash } from 'node:crypto'
import type { DehydratedState } from '@tanstack/react-query'
import { LRUCache } from 'lru-cache'
import type { Blog } from '../../app/blog.js'
import { isAdmin, type Viewer } from '../../core/viewer.js'
import { EncodedBody } from '../encoded-body.js'
import { render } from '../../../web/entry-server.js'
import { leaveLongPostHtml, takePostHtml } from '../../../web/post-html-handover.js'
import { loadClientAssets, type ClientAssets } from './client-assets.js'
import { renderDocument } from './document.js'
import { renderHead } from './head.js'
import { loadPageData } from './page-data.js'

export interface RenderedPage {
  status: number
  /** The HTML, with its compressed forms made once each, then served from memory. */
  content: EncodedBody
  etag: string
}

/**
 * What the page cache may hold, in bytes of HTML and its compressed forms: some 300 post pages
 * of a typical 170 kB with their copies. Bounded by bytes, not by count, because one long
 * essay's page can be 2 MB before its brotli and gzip copies.
 */
export const PAGE_CACHE_BYTES = 64 * 1024 * 1024

export interface PageRendererOptions {
  /** The page cache's budget in bytes (PAGE_CACHE_BYTES by default). */
  cacheBytes?: number
}

/**
 * Server-side rendering with a page cache. Pages for guests are the same for everyone, so each
 * URL is rendered once and served from memory (with a precomputed ETag) until any post or
 * setting changes, or until pages used more recently need its room. Admin views are never cached.
 */
export class PageRenderer {
  private readonly cache: LRUCache<string, RenderedPage>
  readonly assets: ClientAssets

  constructor(
    private readonly blog: Blog,
    assets?: ClientAssets,
    options: PageRendererOptions = {},
  ) {
    this.assets = assets ?? loadClientAssets()
    this.cache = new LRUCache<string, RenderedPage>({
      maxSize: options.cacheBytes ?? PAGE_CACHE_BYTES,
      // A page larger than the whole budget is rendered for each request, never cached.
      sizeCalculation: (page, url) => page.content.byteLength + url.length + page.etag.length,
    })
    blog.events.on('post:changed', () => this.cache.clear())
  }

  /** Bytes the cached pages hold now, compressed forms included. */
  get cachedBytes(): number {
    return this.cache.calculatedSize
  }

  /** A page already rendered for guests, if any. */
  cached(url: string): RenderedPage | undefined {
    return this.cache.get(url)
  }

  async page(url: string, viewer: Viewer): Promise<RenderedPage> {
    // Only what every guest sees alike is shared; a signed-in page carries its user.
    const cacheable = viewer.userId === null
    if (cacheable) {
      const hit = this.cache.get(url)
      if (hit) return hit
    }
    const page = await this.renderFresh(url, viewer)
    if (cacheable) {
      this.cache.set(url, page)
      page.content.onEncoded = () => this.reweigh(url, page)
    }
    return page
  }

  /**
   * Counts a cached page again once it holds a compressed form more (made on first demand, after
   * the page was cached). lru-cache sizes an entry when it is set, and setting the same value
   * again keeps the old size: the entry is set afresh, which may make room by evicting others.
   */
  private reweigh(url: string, page: RenderedPage): void {
    if (this.cache.peek(url) !== page) return
    this.cache.delete(url)
    this.cache.set(url, page)
  }

  private async renderFresh(url: string, viewer: Viewer): Promise<RenderedPage> {
    const site = this.blog.site()
    const data = await loadPageData(this.blog, url, viewer)
    const app = render({ url, site, queries: data.queries })
    // a short essay goes twice, in the article and as a copy; a long one in the article alone
    const dehydrated = app.state.dehydrated as DehydratedState
    const handover = takePostHtml(dehydrated)
    const leftInPage = handover ? null : leaveLongPostHtml(dehydrated)
    const state = handover
      ? { ...app.state, dehydrated: handover.state }
      : leftInPage
        ? { ...app.state, dehydrated: leftInPage }
        : app.state
    const html = renderDocument({
      head: renderHead(site, data.head),
      assets: this.assets,
      appHtml: app.html,
      state,
      postHtml: handover?.html ?? (leftInPage ? '' : undefined),
      owner: isAdmin(viewer),
    })
    const body = Buffer.from(html)
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
    return { status: data.status, content: new EncodedBody(body), etag }
  }
}
