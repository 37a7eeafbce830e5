import type { IncomingMessage, ServerResponse } from 'node:http'
import { Router, type Request, type Response, type NextFunction } from 'express'
import type { PageRenderer, RenderedPage } from '../ssr/page-renderer.js'
import { encodeFor, preferredEncoding, type ContentEncoding } from '../encoded-body.js'
import { viewerOf } from '../http.js'
import { API_PREFIX } from '../../shared/api/endpoints.js'

/** Every non-API GET is a page of the React app, rendered on the server. */
export function pageRoutes(pages: PageRenderer): Router {
  const router = Router()
  // DECISIONS.md: the spec's /post/{slug} reading is a defect; send it to the canonical address.
  router.get('/post/:slug', (req, res) => {
    res.redirect(301, `/posts/${encodeURIComponent(req.params.slug)}`)
  })
  router.get('/{*splat}', async (req: Request, res: Response, next: NextFunction) => {
    try {
      sendPage(req, res, await pages.page(req.originalUrl, viewerOf(res)))
    } catch (e) {
      next(e)
    }
  })
  return router
}

/**
 * The hot path: a guest (no cookie, so no session) asking for a page already rendered gets it
 * from memory before the rest of the middleware stack runs. Anything else falls through.
 */
export function cachedPageFastPath(pages: PageRenderer) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const page = cachedPageFor(req, pages)
    if (page) sendPage(req, res, page)
    else next()
  }
}

/**
 * The same hot path on node's own request and response, for the listening server to try before
 * Express: a cached guest page then costs no router, no request decoration and no middleware
 * chain, which is most of the time such an answer takes. Its headers go out as one list made
 * per page (`headLine`). Answers true when it sent the page.
 */
export function cachedPageServer(pages: PageRenderer, headers: readonly (readonly [string, string])[] = []) {
  const fixed = headers.flat()
  // per server: the lists hold this server's fixed headers
  const lines = new WeakMap<RenderedPage, Map<string, string[]>>()
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const page = cachedPageFor(req, pages)
    if (!page) return false
    if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
      for (const [name, value] of headers) res.setHeader(name, value)
      sendPage(req, res, page)
      return true
    }
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    const body = page.content.as(encoding)
    res.writeHead(page.status, headLine(lines, page, encoding, body.length, fixed))
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}

/** The page a guest's GET or HEAD asks for, when the cache holds it; null for anything else. */
function cachedPageFor(req: IncomingMessage, pages: PageRenderer): RenderedPage | null {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.cookie) return null
  const url = req.url ?? '/'
  if (url.startsWith(`${API_PREFIX}/`) || url.startsWith('/assets/') || url.startsWith('/post/')) return null
  return pages.cached(url) ?? null
}

/**
 * A cached page's whole header list for one encoding, as node's flat [name, value, …] array,
 * made once per page and encoding: set one by one (helmet's twelve and the page's six), the
 * headers were most of what answering from the cache cost, and the server answered 0.7× as
 * many requests a second as node:http sending the same bytes (npm run bench, issue 24).
 */
function headLine(
  lines: WeakMap<RenderedPage, Map<string, string[]>>,
  page: RenderedPage,
  encoding: ContentEncoding | null,
  length: number,
  fixed: string[],
): string[] {
  let ofPage = lines.get(page)
  if (!ofPage) lines.set(page, (ofPage = new Map()))
  const key = encoding ?? ''
  let line = ofPage.get(key)
  if (!line) {
    line = [...fixed, ...pageHeaders(page).flat()]
    if (encoding) line.push('Content-Encoding', encoding)
    line.push('Content-Length', String(length))
    ofPage.set(key, line)
  }
  return line
}

function pageHeaders(page: RenderedPage): [string, string][] {
  return [
    ['ETag', page.etag],
    ['Cache-Control', 'no-cache'],
    ['Vary', 'Accept-Encoding, Cookie'],
    ['Content-Type', 'text/html; charset=utf-8'],
  ]
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: RenderedPage): void {
  for (const [name, value] of pageHeaders(page)) res.setHeader(name, value)
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
    res.statusCode = 304
    res.end()
    return
  }
  const body = encodeFor(res, page.content, req.headers['accept-encoding'])
  res.statusCode = page.status
  res.end(req.method === 'HEAD' ? undefined : body)
}
