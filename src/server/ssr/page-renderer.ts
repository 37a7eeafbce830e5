import { createHash } from 'node:crypto'
import type { DehydratedState } from '@tanstack/react-query'
import type { Blog } from '../../core/blog.js'
import { isAdmin, type Viewer } from '../../core/viewer.js'
import { LruCache } from '../../store/lru-cache.js'
import { EncodedBody } from '../encoded-body.js'
import { render } from '../../../web/entry-server.js'
import { takePostHtml } from '../../../web/post-html-handover.js'
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
 * Server-side rendering with a page cache. Pages for guests are the same for everyone, so each
 * URL is rendered once and served from memory (with a precomputed ETag) until any post or
 * setting changes. Admin views are never cached.
 */
export class PageRenderer {
  private readonly cache = new LruCache<string, RenderedPage>(500)
  readonly assets: ClientAssets

  constructor(
    private readonly blog: Blog,
    assets?: ClientAssets,
  ) {
    this.assets = assets ?? loadClientAssets()
    blog.events.on('post:changed', () => this.cache.clear())
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
    if (cacheable) this.cache.set(url, page)
    return page
  }

  private async renderFresh(url: string, viewer: Viewer): Promise<RenderedPage> {
    const site = this.blog.site()
    const data = await loadPageData(this.blog, url, viewer)
    const app = render({ url, site, queries: data.queries })
    const handover = takePostHtml(app.state.dehydrated as DehydratedState)
    const state = handover ? { ...app.state, dehydrated: handover.state } : app.state
    const html = renderDocument({ head: renderHead(site, data.head), assets: this.assets, appHtml: app.html, state, postHtml: handover?.html, owner: isAdmin(viewer) })
    const body = Buffer.from(html)
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
    return { status: data.status, content: new EncodedBody(body), etag }
  }
}
