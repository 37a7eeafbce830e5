import type { DehydratedState } from '@tanstack/react-query'
import type { Blog } from '../app/blog.js'
import { GUEST } from '../core/viewer.js'
import type { ClientAssets } from '../server/ssr/client-assets.js'
import { renderDocument } from '../server/ssr/document.js'
import { escapeHtml } from '../server/ssr/escape.js'
import { renderHead } from '../server/ssr/head.js'
import { loadPageData, type PageData } from '../server/ssr/page-data.js'
import { render, resolveRoute } from '../../web/entry-server.js'
import { takePostHtmlFromPage } from '../../web/post-html-handover.js'
import { STATIC_META_NAME } from '../../web/static/static-site.js'
import { htmlWithBase } from './base-path.js'
import { staticQueryData } from './static-data.js'

/** Rendered for 404.html: an address no route matches, so the page is 'Page Not Found'. */
export const NOT_FOUND_URL = '/404/not-found'

export interface StaticPageContext {
  blog: Blog
  assets: ClientAssets
  base: string
}

/** What a page is made from: the server's page data for a guest. */
export type StaticPageData = PageData

/** The data of one page, as a guest gets it: everything its rendering reads apart from the context. */
export function loadStaticPage(ctx: StaticPageContext, url: string): Promise<StaticPageData> {
  return loadPageData(ctx.blog, url, GUEST)
}

/**
 * One page of the site as a guest sees it, through the server's own rendering (page-data,
 * entry-server, head, document), then made static: addresses under the base, the query
 * state's data likewise and without the render time, and the marker that puts the browser
 * app in static mode. `renderedPath` is '' for a page served for other addresses (404.html).
 *
 * A page depends on nothing but its data and the context (no build time, no hash of the whole
 * site), so a page whose data did not change is the same file, and an incremental build keeps it.
 */
export function renderStaticPage(
  ctx: StaticPageContext,
  url: string,
  renderedPath: string,
  data: StaticPageData,
): { status: number; html: string } {
  const site = ctx.blog.site()
  const app = render({ url, site, queries: data.queries })
  const dehydrated = staticState(app.state.dehydrated as DehydratedState, ctx, dataStamp(data))
  // The essay's HTML is in the article only: the browser reads it from there (web/post-html-handover.ts),
  // told so by the empty handover element.
  const handedOver = takePostHtmlFromPage(dehydrated)
  const state = { ...app.state, dehydrated: handedOver ?? dehydrated }
  // The marker's values are an app path and the base, not addresses: htmlWithBase leaves them.
  const marker = `<meta name="${STATIC_META_NAME}" content="${escapeHtml(renderedPath)}" data-base="${escapeHtml(ctx.base)}">`
  const document = renderDocument({
    head: `${marker}\n    ${renderHead(site, data.head)}`,
    assets: ctx.assets,
    appHtml: app.html,
    state,
    postHtml: handedOver ? '' : undefined,
  })
  return { status: data.status, html: htmlWithBase(document, ctx.base) }
}

/**
 * Stands in for the render time in the page's query state, so a build is reproducible: the
 * newest `updatedAt` the page's data carries (a post, the posts of a list), else 0.
 */
function dataStamp(data: StaticPageData): number {
  let newest = 0
  const see = (value: unknown) => {
    if (typeof value !== 'object' || value === null || !('updatedAt' in value) || typeof value.updatedAt !== 'string')
      return
    const at = Date.parse(value.updatedAt)
    if (at > newest) newest = at
  }
  for (const q of data.queries) {
    if (Array.isArray(q.data)) q.data.forEach(see)
    else see(q.data)
  }
  return newest
}

function staticState(state: DehydratedState, ctx: StaticPageContext, stamp: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      dehydratedAt: stamp,
      state: { ...q.state, dataUpdatedAt: stamp, data: staticQueryData(q.queryKey, q.state.data, ctx.base) },
    })),
  }
}

/**
 * Whether `/{slug}` shows the post on the live site: not when a page of the site (/about,
 * /search) or a reserved segment (/assets, /media) takes that address first.
 */
export function hasAliasPage(slug: string): boolean {
  return resolveRoute(`/${slug}`).name === 'post-alias'
}

/**
 * `/{slug}` for a direct visit: a small page that sends the reader on to `/posts/{slug}`
 * (meta refresh, no script) and names it canonical. Inside the app, links to `/{slug}` render
 * the post without loading this file.
 */
export function aliasRedirectPage(ctx: StaticPageContext, post: { slug: string; title: string }): string {
  const site = ctx.blog.site()
  const path = `/posts/${encodeURIComponent(post.slug)}`
  const title = escapeHtml(`${post.title} · ${site.name}`)
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <title>${title}</title>
    <meta name="robots" content="noindex">
    <link rel="canonical" href="${escapeHtml(site.baseUrl + path)}">
    <meta http-equiv="refresh" content="0; url=${path}">
  </head>
  <body>
    <p>This essay is at <a href="${path}">${escapeHtml(post.title)}</a>.</p>
  </body>
</html>
`
  return htmlWithBase(html, ctx.base)
}
