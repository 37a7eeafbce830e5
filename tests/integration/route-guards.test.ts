import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from '../../src/server/create-app.js'
import { clientDistDir } from '../../src/core/paths.js'
import { servedBlog, setupPath } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'

/**
 * Every route of the app, read from Express's own route table, must either be on one of these
 * lists or refuse a guest (401) and a signed-in non-admin (403). A route added later without a
 * guard fails here until someone decides, in this file, that it is public.
 */
const PUBLIC = new Set([
  'GET /api/posts',
  'GET /api/search/advanced',
  'GET /api/posts/:slug',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/about',
  'GET /api/footer',
  'POST /api/subscribe',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  'GET /api/posts/:postId/comments',
  'POST /api/posts/:postId/comments',
  'POST /api/user/track',
  'GET /api/posts/:postId/related',
  'GET /api/posts/:id/smart-sidebar',
  'GET /post/:slug',
  'GET /rss.xml',
  'GET /atom.xml',
  'GET /feed.json',
  'GET /sitemap.xml',
  'GET /robots.txt',
  'GET /media/posts/:postId/:file',
  'GET /media/assets/:file',
  'GET /og/posts/:file',
  'GET /{*splat}',
])
/** The top-level files of the client build (favicon…) are served by name. */
const clientFiles = (() => {
  try {
    return readdirSync(clientDistDir).filter((f) => !f.startsWith('.') && statSync(join(clientDistDir, f)).isFile())
  } catch {
    return []
  }
})()
for (const file of clientFiles) PUBLIC.add(`GET /${file}`)

/** Open to anyone signed in, whatever their role: their own account. */
const SIGNED_IN = new Set(['GET /api/auth/me', 'PATCH /api/auth/update-email', 'PATCH /api/auth/update-password'])

interface RouteLayer {
  name: string
  route?: { path: string; methods: Record<string, boolean> }
  handle: { stack?: RouteLayer[] }
}

function routeTable(app: ReturnType<typeof createApp>): string[] {
  const out: string[] = []
  const walk = (stack: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route)
        for (const m of Object.keys(layer.route.methods))
          if (m !== '_all') out.push(`${m.toUpperCase()} ${layer.route.path}`)
      if (layer.handle.stack) walk(layer.handle.stack)
    }
  }
  walk((app as unknown as { router: { stack: RouteLayer[] } }).router.stack)
  return out
}

/** A concrete URL for a route pattern. */
const concrete = (path: string) => path.replace(/:\w+/g, '1').replace(/\{\*\w+\}/g, 'x')

describe('route guards', () => {
  let ctx: Awaited<ReturnType<typeof servedBlog>>
  let routes: string[]
  let reader: ApiClient
  beforeAll(async () => {
    ctx = await servedBlog()
    routes = routeTable(createApp(ctx.blog, { log: () => {} }))
    const owner = new ApiClient(ctx.server.url)
    expect((await owner.post(setupPath(ctx.blog), { username: 'owner', password: 'password1' })).status).toBe(201)
    await ctx.blog.store.transact((tx) => {
      tx.db.users.push({ ...tx.db.users[0], id: 50, username: 'reader', role: 'guest' })
    })
    reader = new ApiClient(ctx.server.url)
    expect((await reader.post('/api/auth/login', { username: 'reader', password: 'password1' })).status).toBe(200)
  })
  afterAll(() => ctx.cleanup())

  it('finds the routes of the app (the walk itself works)', () => {
    expect(routes).toContain('GET /api/auth/admin-list')
    expect(routes).toContain('POST /api/auth/setup')
    expect(routes).toContain('GET /api/posts/:slug')
  })

  it('refuses guests (401) and non-admins (403) on every route that is not public', async () => {
    const checked: string[] = []
    for (const route of routes) {
      if (PUBLIC.has(route)) continue
      const [method, path] = route.split(' ')
      const url = concrete(path)
      const body = method === 'GET' || method === 'HEAD' ? undefined : {}
      const asGuest = await new ApiClient(ctx.server.url).request(method, url, body)
      expect(asGuest.status, `${route} as a guest`).toBe(401)
      expect(asGuest.body, `${route} answers {message}`).toEqual({ message: expect.any(String) })
      if (!SIGNED_IN.has(route)) {
        const asReader = await reader.request(method, url, body)
        expect(asReader.status, `${route} as a signed-in non-admin`).toBe(403)
      }
      checked.push(route)
    }
    expect(checked.length).toBeGreaterThanOrEqual(5)
  })

  it('lists no public route that the app does not have (the lists stay honest)', () => {
    for (const route of [...PUBLIC, ...SIGNED_IN]) expect(routes, route).toContain(route)
  })
})
