import { Router, type Request, type Response } from 'express'
import type { Blog } from '../../core/blog.js'
import { FeedsService, type DocumentKind, type FeedDocument } from '../../feeds/feeds-service.js'
import { notModified } from '../conditional.js'

const ROUTES: Record<string, DocumentKind> = {
  '/rss.xml': 'rss',
  '/atom.xml': 'atom',
  '/feed.json': 'json',
  '/sitemap.xml': 'sitemap',
  '/robots.txt': 'robots',
}

/**
 * Feeds, sitemap and robots.txt: public, the same for everyone (a signed-in owner gets the
 * guest's view too, so a reader's feed can never show a draft). Mounted ahead of the pages.
 */
export function feedRoutes(blog: Blog, feeds = new FeedsService(blog)): Router {
  const router = Router()
  for (const [path, kind] of Object.entries(ROUTES)) {
    router.get(path, async (req, res, next) => {
      try {
        sendDocument(req, res, await feeds.document(kind))
      } catch (e) {
        next(e)
      }
    })
  }
  return router
}

function sendDocument(req: Request, res: Response, doc: FeedDocument): void {
  res.setHeader('Content-Type', doc.contentType)
  res.setHeader('ETag', doc.etag)
  res.setHeader('Last-Modified', doc.lastModified.toUTCString())
  // Feed readers poll: five minutes of freshness spares the server (and lets a CDN answer),
  // then a conditional request costs a 304.
  res.setHeader('Cache-Control', 'public, max-age=300')
  res.setHeader('Vary', 'Accept-Encoding')
  if (notModified(req, doc.etag, doc.lastModified)) {
    res.status(304).end()
    return
  }
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
  const body = gzip ? doc.gzipped() : doc.body
  if (gzip) res.setHeader('Content-Encoding', 'gzip')
  res.setHeader('Content-Length', body.length)
  res.end(req.method === 'HEAD' ? undefined : body)
}
