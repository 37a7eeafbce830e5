import { cpSync } from 'node:fs'
import sharp from 'sharp'
import { OWNER } from '../../src/auth/auth-service.js'
import { ApiClient } from './http-client.js'
import { join } from 'node:path'
import { createBlog, type Blog, type CreateBlogOptions } from '../../src/app/blog-with-store.js'
import { startServer, type RunningServer } from '../../src/server/start.js'
import { projectRoot, tempDir } from './temp-dir.js'

export const fixtureSite = join(projectRoot, 'tests', 'fixtures', 'site')

/**
 * A Blog on a fresh data folder with the fixture essays imported, served on a free port. `seed`
 * fills the data folder before the Blog opens it (e.g. `copyCorpusData`, the shared corpus import).
 */
export async function servedBlog(
  opts: {
    fixtures?: string | null
    blog?: Omit<CreateBlogOptions, 'dataDir'>
    seed?: (dataDir: string) => Promise<unknown>
  } = {},
): Promise<{ blog: Blog; server: RunningServer; dataDir: string; cleanup: () => Promise<void> }> {
  const tmp = tempDir('blog-')
  const essays = join(tmp.path, 'essays')
  const fixtures = opts.fixtures === undefined ? fixtureSite : opts.fixtures
  if (fixtures) cpSync(fixtures, essays, { recursive: true })
  await opts.seed?.(join(tmp.path, 'data'))
  const blog = await createBlog({
    dataDir: join(tmp.path, 'data'),
    ownerName: 'Site Owner',
    bcryptCost: 10,
    env: {},
    log: () => {},
    ...opts.blog,
  })
  if (fixtures) await blog.importer.importPaths([essays])
  const server = await startServer(blog, { port: 0, log: () => {} })
  return {
    blog,
    server,
    dataDir: join(tmp.path, 'data'),
    cleanup: async () => {
      await server.close()
      await blog.close()
      tmp.cleanup()
    },
  }
}

/** The path of the first-admin setup call, with the setup link's token the terminal owner sees. */
export function setupPath(blog: Blog): string {
  const setup = blog.auth.firstAdminSetup()
  return setup ? `/api/auth/setup?setup=${setup.token}` : '/api/auth/setup'
}

/** An owner account on the served blog, and a client signed in as it. */
export async function signedInOwner(served: { blog: Blog; server: RunningServer }): Promise<ApiClient> {
  await served.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  const client = new ApiClient(served.server.url)
  const login = await client.post('/api/auth/login', { username: 'owner', password: 'password1' })
  if (login.status !== 200) throw new Error(`the owner could not sign in: ${login.status}`)
  return client
}

/** A small plot-like PNG at `path`, for an essay's figure. */
export async function writePlot(path: string): Promise<void> {
  await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .png()
    .toFile(path)
}
