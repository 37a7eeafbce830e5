import express, { type Express } from 'express'
import expressStaticGzip from 'express-static-gzip'
import compression from 'compression'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Blog } from '../app/blog.js'
import { clientDistDir } from '../core/paths.js'
import { resolveViewer } from './middleware/viewer.js'
import { sameOriginWrites, securityHeaderList, securityHeaders } from './middleware/security.js'
import { sessions } from './middleware/session.js'
import { apiNotFound, errorHandler } from './middleware/errors.js'
import { postsRoutes } from './routes/posts.js'
import { searchRoutes } from './routes/search.js'
import { discoveryRoutes } from './routes/discovery.js'
import { exportRoutes } from './routes/export.js'
import { imagesRoutes } from './routes/images.js'
import { enhanceRoutes } from './routes/enhance.js'
import { jobsRoutes } from './routes/jobs.js'
import { manageRoutes } from './routes/manage.js'
import { mediaRoutes } from './routes/media.js'
import { authRoutes } from './routes/auth.js'
import { siteContentRoutes } from './routes/site-content.js'
import { communityRoutes } from './routes/community.js'
import { postsAdminRoutes } from './routes/posts-admin.js'
import { API_PREFIX } from '../shared/api/endpoints.js'
import { findEndpoint } from '../shared/api/find-endpoint.js'
import { uploadRoutes } from './routes/upload.js'
import { cachedPageFastPath, cachedPageServer, pageRoutes } from './routes/pages.js'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { feedRoutes } from './routes/feeds.js'
import { PageRenderer } from './ssr/page-renderer.js'
import type { ClientAssets } from './ssr/client-assets.js'

export interface AppOptions {
  log?: (msg: string) => void
  /** Injected in tests; by default read from the Vite build in dist/client. */
  assets?: ClientAssets
  clientDir?: string
}

/** The Express app over a Blog, not listening: tests call it in-process, `startServer` listens. */
export interface ScholiaApp extends Express {
  pages: PageRenderer
  /** Sends a cached guest page straight from node's request, before Express; false when it did not. */
  fastPath: (req: IncomingMessage, res: ServerResponse) => boolean
}

export function createApp(blog: Blog, opts: AppOptions = {}): ScholiaApp {
  const log = opts.log ?? ((msg: string) => console.error(msg))
  const app = express()
  // Pages carry their own precomputed ETag; Express's would hash every body on every request.
  app.set('etag', false)
  app.set('x-powered-by', false)
  app.set('query parser', 'simple')
  app.set('trust proxy', blog.config.trustProxy)

  app.use(securityHeaders())
  const pages = new PageRenderer(blog, opts.assets)
  app.use(cachedPageFastPath(pages))
  app.use(feedRoutes(blog))

  const clientDir = opts.clientDir ?? clientDistDir
  // Hashed file names never change content: cache them for a year.
  app.use(
    '/assets',
    // The build leaves brotli and gzip copies beside each script and style; the reader's Accept-Encoding picks one.
    expressStaticGzip(join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', fallthrough: false, index: false },
    }),
  )
  // The few top-level public files (favicon…), by name: a catch-all static handler would stat
  // the disk for every page request.
  for (const name of publicFiles(clientDir)) {
    app.get(`/${name}`, (_req, res) => res.sendFile(join(clientDir, name), { maxAge: '1h' }))
  }

  app.use(API_PREFIX, compression())
  app.use(API_PREFIX, smallJsonBodies())
  app.use(sessions(blog.sessionSecret))
  app.use(sameOriginWrites(new URL(blog.config.baseUrl).origin))
  app.use(resolveViewer(blog))
  app.use(mediaRoutes(blog))
  app.use(authRoutes(blog))
  app.use(siteContentRoutes(blog))
  app.use(communityRoutes(blog))
  app.use(postsAdminRoutes(blog))
  app.use(uploadRoutes(blog))
  app.use(jobsRoutes(blog))
  app.use(manageRoutes(blog))
  app.use(imagesRoutes(blog))
  app.use(enhanceRoutes(blog))
  app.use(discoveryRoutes(blog))
  app.use(searchRoutes(blog))
  app.use(postsRoutes(blog))
  app.use(exportRoutes(blog))
  app.use(API_PREFIX, apiNotFound)

  if (!pages.assets.available)
    log('Note: no client build found in dist/client; pages are served without scripts or styles. Run `npm run build`.')
  app.use(pageRoutes(pages))
  app.use(errorHandler(log))
  return Object.assign(app, { pages, fastPath: cachedPageServer(pages, securityHeaderList()) })
}

/**
 * JSON bodies up to 1 MB, read before anyone is known. The owner's calls that carry a whole
 * essay (PUT /api/posts/{id}, the preview) read their larger bodies themselves, after the guard.
 */
function smallJsonBodies() {
  const parse = express.json({ limit: '1mb' })
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const found = findEndpoint(req.method, req.baseUrl + req.path)
    if (found?.endpoint.body === 'essay-json') return next()
    parse(req, res, next)
  }
}

function publicFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isFile())
  } catch {
    return []
  }
}
