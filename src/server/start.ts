import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Blog } from '../app/blog.js'
import { warmRenderWorkers } from '../importer/render-pool.js'
import { createApp, type AppOptions } from './create-app.js'
import { whenIdle } from './when-idle.js'

export interface RunningServer {
  url: string
  server: Server
  close(): Promise<void>
}

/** Listen, and follow writes other processes make to the data folder. */
export async function startServer(
  blog: Blog,
  opts: AppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const app = createApp(blog, opts)
  const server = createServer((req, res) => {
    if (!app.fastPath(req, res)) app(req, res)
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 4321, opts.host ?? '127.0.0.1', () => resolve())
  })
  const storeWatcher = blog.watchDataFolder({
    onError: (e) => (opts.log ?? console.error)(`Could not reload the data folder: ${String(e)}`),
  })
  // The serving process sends new-post alerts, also for posts another process published.
  const stopAlerts = blog.alerts.start()
  // Jobs (images, bulk generation) run here, in the serving process; so does the media sweep.
  const stopJobs = blog.jobs.start()
  const stopMedia = blog.images.start()
  // Built when the server first has a quiet second, or by the first search, whichever is sooner.
  const stopWarmUp = whenIdle(server, () => {
    blog.search.warm()
    // The Post Manager's filters need what each body holds (see PostManager.warm).
    void blog.manage.warm().catch(() => {})
    // The first upload or preview then finds a render worker loaded (see render-pool.ts).
    warmRenderWorkers()
  })
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    server,
    close: async () => {
      stopWarmUp()
      stopAlerts()
      stopMedia()
      await stopJobs()
      await blog.alerts.run()
      await storeWatcher.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
