import type { ChildProcess } from 'node:child_process'
import { blogServe } from './cli.js'
import { ApiClient } from './http-client.js'

export const ADMIN = { username: 'owner', password: 'a long enough password 1' }

/** Fast hashing and no rate-limit surprises from the environment. */
export const serverEnv: NodeJS.ProcessEnv = {
  BLOG_BCRYPT_COST: '10',
  BLOG_SESSION_SECRET: 'crash-tests-session-secret-0123456789',
}

export interface SpawnedServer {
  url: string
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
  /** SIGKILL, and wait until the process is gone. */
  kill: () => Promise<void>
}

/** `blog serve` on `dataDir` in a child process (a real crash takes the whole process). */
export async function spawnServer(dataDir: string, extra: string[] = []): Promise<SpawnedServer> {
  const server = await blogServe(['--port', '0', '--data', dataDir, ...extra], { env: serverEnv })
  return {
    ...server,
    kill: () =>
      new Promise<void>((resolve) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve()
        server.child.once('exit', () => resolve())
        server.child.kill('SIGKILL')
      }),
  }
}

/**
 * A client signed in as the site's admin, creating that first admin when there is none (a site
 * with posts takes it only through the setup link `blog serve` prints).
 */
export async function adminClient(server: Pick<SpawnedServer, 'url' | 'output'>): Promise<ApiClient> {
  const client = new ApiClient(server.url)
  const token = await setupToken(server)
  const setup = await client.post(`/api/auth/setup${token ? `?setup=${token}` : ''}`, ADMIN)
  if (setup.status >= 300) {
    const login = await client.post('/api/auth/login', ADMIN)
    if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`)
  }
  return client
}

/** The setup link's token from the server's output, when it printed one (it has no admin yet). */
async function setupToken(server: Pick<SpawnedServer, 'url' | 'output'>): Promise<string | null> {
  for (let i = 0; i < 50; i++) {
    const link = /\/admin-secret\?setup=([\w-]+)/.exec(server.output())
    if (link) return link[1]
    if (server.output().includes('Scholia is serving')) {
      const me = await new ApiClient(server.url).post('/api/auth/login', ADMIN)
      if (me.status === 200) return null
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return null
}
