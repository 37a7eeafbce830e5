import type { DehydratedState } from '@tanstack/react-query'
import type { Blog } from '../core/blog.js'
import { GUEST } from '../core/viewer.js'
import type { ClientAssets } from '../server/ssr/client-assets.js'
import { renderDocument } from '../server/ssr/document.js'
import { escapeHtml } from '../server/ssr/escape.js'
import { renderHead } from '../server/ssr/head.js'
import { loadPageData } from '../server/ssr/page-data.js'
import { render, resolveRoute } from '../../web/entry-server.js'
import { takePostHtml } from '../../web/post-html-handover.js'
import { STATIC_META_NAME } from '../../web/static/static-site.js'
import { htmlWithBase } from './base-path.js'
import { staticQueryData } from './static-data.js'

/** Rendered for 404.html: an address no route matches, so the page is 'Page Not Found'. */
export const NOT_FOUND_URL = '/404/not-found'

export interface StaticPageContext {
  blog: Blog
  assets: ClientAssets
  base: string
  /** Hash of the data files (see web/static/static-site.ts). */
  version: string
  /** Stands in for the render time in the page's query state, so a build is reproducible. */
  dataStamp: number
}

/**
 * One page of the site as a guest sees it, through the server's own rendering (page-data,
 * entry-server, head, document), then made static: addresses under the base, the query
 * state's data likewise and without the render time, and the marker that puts the browser
 * app in static mode. `renderedPath` is '' for a page served for other addresses (404.html).
 */
export async function renderStaticPage(ctx: StaticPageContext, url: string, renderedPath: string): Promise<{ status: number; html: string }> {
  const site = ctx.blog.site()
  const data = await loadPageData(ctx.blog, url, GUEST)
  const app = render({ url, site, queries: data.queries })
  const dehydrated = staticState(app.state.dehydrated as DehydratedState, ctx)
  // The essay's HTML goes beside the state as raw text (web/post-html-handover.ts); it already
  // has the base, and htmlWithBase leaves a script element's text as it is.
  const handover = takePostHtml(dehydrated)
  const state = { ...app.state, dehydrated: handover?.state ?? dehydrated }
  // The marker's values are an app path and the base, not addresses: htmlWithBase leaves them.
  const marker = `<meta name="${STATIC_META_NAME}" content="${escapeHtml(renderedPath)}" data-base="${escapeHtml(ctx.base)}" data-version="${ctx.version}">`
  const document = renderDocument({ head: `${marker}\n    ${renderHead(site, data.head)}`, assets: ctx.assets, appHtml: app.html, state, postHtml: handover?.html })
  return { status: data.status, html: htmlWithBase(document, ctx.base) }
}

function staticState(state: DehydratedState, ctx: StaticPageContext): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => ({
      ...q,
      dehydratedAt: ctx.dataStamp,
      state: { ...q.state, dataUpdatedAt: ctx.dataStamp, data: staticQueryData(q.queryKey, q.state.data, ctx.base) },
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
