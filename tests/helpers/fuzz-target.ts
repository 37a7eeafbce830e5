import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { createApp } from '../../src/server/create-app.js'
import { startServer, type RunningServer } from '../../src/server/start.js'
import { fixtureSite, setupPath } from './blog.js'
import { ApiClient } from './http-client.js'
import { tempDir } from './temp-dir.js'

/**
 * A served blog for hostile-input tests: the fixture essays imported, an admin signed in, and
 * every line the server logs kept (a 500's stack trace lands there). Jobs are not run, so
 * nothing writes to the data folder in the background while requests are compared with it.
 */
export interface FuzzTarget {
  blog: Blog
  server: RunningServer
  dataDir: string
  admin: ApiClient
  guest: () => ApiClient
  serverLog: string[]
  routes: string[]
  cleanup(): Promise<void>
}

export const ADMIN = { username: 'owner', password: 'password1' }

export async function fuzzTarget(): Promise<FuzzTarget> {
  const tmp = tempDir('fuzz-')
  const essays = join(tmp.path, 'essays')
  cpSync(fixtureSite, essays, { recursive: true })
  const serverLog: string[] = []
  const log = (msg: string) => serverLog.push(msg)
  const dataDir = join(tmp.path, 'data')
  const blog = await createBlog({ dataDir, ownerName: 'Site Owner', bcryptCost: 10, env: {}, log })
  await blog.importer.importPaths([essays])
  const server = await startServer(blog, { port: 0, log })
  await blog.jobs.stop()
  // The server builds the search index (and saves its snapshot to the data folder) the first
  // time it is idle, which can fall in any pause of the fuzzing: a write that is no request's.
  await blog.search.ready()
  const admin = new ApiClient(server.url)
  const setup = await admin.post(setupPath(blog), ADMIN)
  if (setup.status !== 201) throw new Error(`setup failed: ${setup.status} ${setup.text}`)
  return {
    blog,
    server,
    dataDir,
    admin,
    guest: () => new ApiClient(server.url),
    serverLog,
    routes: routeTable(createApp(blog, { log: () => {} })),
    cleanup: async () => {
      await server.close()
      await blog.close()
      tmp.cleanup()
    },
  }
}

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> }
  handle: { stack?: RouteLayer[] }
}

/** Every `METHOD /path` of the app, read from Express's own route table (as route-guards.test.ts does). */
export function routeTable(app: ReturnType<typeof createApp>): string[] {
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
  return [...new Set(out)]
}
