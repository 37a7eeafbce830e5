import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { RequestHandler } from 'express'
import { createApp } from '../../src/server/create-app.js'
import { ENDPOINTS, type EndpointName } from '../../src/shared/api/endpoints.js'
import type { Endpoint } from '../../src/shared/api/endpoint.js'
import { GUARDS } from '../../src/server/api/register.js'
import { adminOnly, signedInOnly } from '../../src/server/middleware/guards.js'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'

/**
 * Issue 25: the endpoint table is the API. Every endpoint has its Express route, behind the
 * guard its access rule names, and the web reaches it through the table; the app has no API
 * route the table does not list.
 */
interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: RequestHandler }[] }
  handle: { stack?: RouteLayer[] }
}

function routes(app: ReturnType<typeof createApp>): Map<string, RequestHandler[]> {
  const out = new Map<string, RequestHandler[]>()
  const walk = (stack: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route)
        for (const m of Object.keys(layer.route.methods))
          if (m !== '_all')
            out.set(
              `${m.toUpperCase()} ${layer.route.path}`,
              layer.route.stack.map((l) => l.handle),
            )
      if (layer.handle.stack) walk(layer.handle.stack)
    }
  }
  walk((app as unknown as { router: { stack: RouteLayer[] } }).router.stack)
  return out
}

const NAMES = Object.keys(ENDPOINTS) as EndpointName[]
const endpoint = (name: EndpointName): Endpoint => ENDPOINTS[name]
const key = (e: Endpoint) => `${e.method} ${e.path}`
const concrete = (path: string) => path.replace(/:\w+/g, '1')

/** Endpoints no screen of the web app calls: links in e-mails and an API-only list. */
const NOT_FROM_THE_WEB = new Set<EndpointName>(['unsubscribe', 'unsubscribeOneClick', 'pendingComments'])

function webSources(dir: string): string {
  return readdirSync(dir)
    .map((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return webSources(path)
      return /\.(ts|tsx)$/.test(name) ? readFileSync(path, 'utf8') : ''
    })
    .join('\n')
}

describe('the endpoint table', () => {
  let ctx: Awaited<ReturnType<typeof servedBlog>>
  let table: Map<string, RequestHandler[]>
  beforeAll(async () => {
    ctx = await servedBlog({ fixtures: null })
    table = routes(createApp(ctx.blog, { log: () => {} }))
  })
  afterAll(() => ctx.cleanup())

  it('has one Express route per endpoint, and the app no API route outside it', () => {
    for (const name of NAMES) expect(table.has(key(endpoint(name))), `${name}: ${key(endpoint(name))}`).toBe(true)
    const listed = new Set(NAMES.map((n) => key(endpoint(n))))
    const apiRoutes = [...table.keys()].filter((r) => r.split(' ')[1].startsWith('/api/'))
    expect(apiRoutes.filter((r) => !listed.has(r))).toEqual([])
    expect(apiRoutes).toHaveLength(listed.size)
  })

  it('puts the guard of each access rule first, and none before a public call', () => {
    for (const name of NAMES) {
      const e = endpoint(name)
      const handlers = table.get(key(e))!
      const guards = GUARDS[e.access]
      expect(handlers.slice(0, guards.length), name).toEqual(guards)
      expect(
        handlers.slice(guards.length).some((h) => h === adminOnly || h === signedInOnly),
        `${name} has a second guard`,
      ).toBe(false)
    }
    expect(GUARDS.admin).toEqual([adminOnly])
    expect(GUARDS['signed-in']).toEqual([signedInOnly])
  })

  it('refuses a guest on every admin and signed-in endpoint with 401 {message}', async () => {
    const guarded = NAMES.filter((n) => endpoint(n).access === 'admin' || endpoint(n).access === 'signed-in')
    expect(guarded.length).toBeGreaterThan(20)
    for (const name of guarded) {
      const e = endpoint(name)
      const res = await new ApiClient(ctx.server.url).request(
        e.method,
        concrete(e.path),
        e.method === 'GET' ? undefined : {},
      )
      expect(res.status, name).toBe(401)
      expect(res.body, name).toEqual({ message: expect.any(String) })
    }
  })

  it('is how the web client reaches every endpoint it calls (by name, through the table)', () => {
    const web = webSources(join(import.meta.dirname, '..', '..', 'web'))
    const reached = NAMES.filter((name) => new RegExp(`['"]${name}['"]|ENDPOINTS\\.${name}\\b`).test(web))
    expect(NAMES.filter((n) => !reached.includes(n) && !NOT_FROM_THE_WEB.has(n))).toEqual([])
  })
})
