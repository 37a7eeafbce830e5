import type { IncomingMessage, ServerResponse } from 'node:http'
import { Router, type Request, type Response, type NextFunction } from 'express'
import type { PageRenderer, RenderedPage } from '../ssr/page-renderer.js'
import { encodeFor } from '../encoded-body.js'
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
  const serve = cachedPageServer(pages)
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!serve(req, res)) next()
  }
}

/**
 * The same hot path on node's own request and response, for the listening server to try before
 * Express: a cached guest page then costs no router, no request decoration and no middleware
 * chain, which is most of the time such an answer takes. Answers true when it sent the page.
 */
export function cachedPageServer(pages: PageRenderer, headers: readonly (readonly [string, string])[] = []) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.cookie) return false
    const url = req.url ?? '/'
    if (url.startsWith(`${API_PREFIX}/`) || url.startsWith('/assets/') || url.startsWith('/post/')) return false
    const page = pages.cached(url)
    if (!page) return false
    for (const [name, value] of headers) res.setHeader(name, value)
    sendPage(req, res, page)
    return true
  }
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: RenderedPage): void {
  res.setHeader('ETag', page.etag)
  res.setHeader('Cache-Control', 'no-cache')
  res.setHeader('Vary', 'Accept-Encoding, Cookie')
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
    res.statusCode = 304
    res.end()
    return
  }
  const body = encodeFor(res, page.content, req.headers['accept-encoding'])
  res.statusCode = page.status
  res.end(req.method === 'HEAD' ? undefined : body)
}
