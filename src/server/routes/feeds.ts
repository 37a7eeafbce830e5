import { Router, type Request, type Response } from 'express'
import type { Blog } from '../../app/blog.js'
import type { DocumentKind, FeedDocument } from '../../feeds/feeds-service.js'
import { notModified } from '../conditional.js'
import { EncodedBody, encodeFor } from '../encoded-body.js'

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
export function feedRoutes(blog: Blog, feeds = blog.feeds): Router {
  const router = Router()
  // Compression is HTTP's business, not the feeds': each document's encoded forms live as long as it does.
  const encoded = new WeakMap<FeedDocument, EncodedBody>()
  const contentOf = (doc: FeedDocument) => encoded.get(doc) ?? encoded.set(doc, new EncodedBody(doc.body)).get(doc)!
  for (const [path, kind] of Object.entries(ROUTES)) {
    router.get(path, async (req, res, next) => {
      try {
        const doc = await feeds.document(kind)
        sendDocument(req, res, doc, contentOf(doc))
      } catch (e) {
        next(e)
      }
    })
  }
  return router
}

function sendDocument(req: Request, res: Response, doc: FeedDocument, content: EncodedBody): void {
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
  const body = encodeFor(res, content, req.headers['accept-encoding'])
  res.end(req.method === 'HEAD' ? undefined : body)
}
