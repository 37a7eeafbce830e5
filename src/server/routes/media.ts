import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { Router, type Request, type Response, type NextFunction } from 'express'
import type { Blog } from '../../app/blog.js'
import { AssetStore, type AssetFile } from '../../media/asset-store.js'
import { POST_IMAGE_FILE, type MediaStore } from '../../media/media-store.js'
import { notModified } from '../conditional.js'
import { viewerOf } from '../http.js'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Generated images (public): `/media/posts/{id}/{kind}-{hash}.png`, and the social card
 * `/og/posts/{slug}.png`; essays' own figures and files: `/media/assets/{hash}.{ext}` and their
 * WebP variants `/media/assets/{hash}-w{width}.webp`. Only addresses of exactly these shapes are answered, and paths are
 * built from the validated parts, so nothing else under the data folder can be reached.
 * Images of drafts are shown to admins only, never cached by shared caches.
 */
export function mediaRoutes(blog: Blog, media: MediaStore = blog.images.media): Router {
  const router = Router()
  router.get('/media/posts/:postId/:file', async (req, res, next) => {
    try {
      const postId = /^[1-9]\d{0,15}$/.test(req.params.postId) ? Number(req.params.postId) : NaN
      const file = req.params.file
      const path = POST_IMAGE_FILE.test(file) ? media.postImagePath(postId, file) : null
      const draftFor = blog.posts.visibility(postId, viewerOf(res))
      if (!path || draftFor === 'hidden') return notFound(res)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) return notFound(res)
      const etag = `"${file.slice(file.indexOf('-') + 1, -4)}"`
      res.setHeader('Cache-Control', draftFor === 'admin' ? 'private, no-store' : IMMUTABLE)
      sendPng(req, res, etag, info.mtime, info.size, () => createReadStream(path))
    } catch (e) {
      next(e)
    }
  })
  router.get('/og/posts/:file', async (req, res, next) => {
    try {
      const slug = /^(.+)\.png$/.exec(req.params.file)?.[1]
      if (!slug) return notFound(res)
      const viewer = viewerOf(res)
      const { png, etag } = await blog.images.socialCard(slug, viewer)
      const draft = blog.posts.visibility(slug, viewer) !== 'public'
      // The address stays the same when the title changes (a `?v=` marks versions): a day of freshness.
      res.setHeader('Cache-Control', draft ? 'private, no-store' : 'public, max-age=86400')
      sendPng(req, res, etag, null, png.length, () => png)
    } catch (e) {
      next(e)
    }
  })
  const assets = new AssetStore(blog.config.dataDir)
  router.get('/media/assets/:file', async (req, res, next) => {
    try {
      const found = await assets.file(req.params.file)
      if (!found) return notFound(res)
      sendAsset(res, found, next)
    } catch (e) {
      next(e)
    }
  })
  // Anything else under /media is not a page of the site: no listing, no fallback.
  router.use('/media', notFoundHandler)
  return router
}

/**
 * An essay's stored file (or a WebP variant of it): public and immutable, since the address is
 * its content hash. Never sniffed into another type, and an SVG gets a policy of its own, so
 * that even opened on its own it cannot run script, load anything or reach the site's cookies.
 */
function sendAsset(res: Response, file: AssetFile, next: NextFunction): void {
  const headers: Record<string, string> = { 'Content-Type': file.mime, 'X-Content-Type-Options': 'nosniff' }
  if (file.mime === 'image/svg+xml')
    headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
  // Relative to its folder: `dotfiles` then judges the file name only, not the data folder's own path.
  res.sendFile(
    basename(file.path),
    { root: dirname(file.path), headers, maxAge: '1y', immutable: true, dotfiles: 'deny' },
    (err?: Error) => {
      if (err && !res.headersSent) next(err)
    },
  )
}

function sendPng(
  req: Request,
  res: Response,
  etag: string,
  lastModified: Date | null,
  size: number,
  body: () => Uint8Array | NodeJS.ReadableStream,
): void {
  res.setHeader('Content-Type', 'image/png')
  res.setHeader('ETag', etag)
  if (lastModified) res.setHeader('Last-Modified', lastModified.toUTCString())
  if (notModified(req, etag, lastModified ?? undefined)) {
    res.status(304).end()
    return
  }
  res.setHeader('Content-Length', size)
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const content = body()
  if (content instanceof Uint8Array) res.end(content)
  else (content as NodeJS.ReadableStream).on('error', () => res.destroy()).pipe(res)
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store')
  res.end('Not found')
}

function notFoundHandler(_req: Request, res: Response, _next: NextFunction): void {
  notFound(res)
}
