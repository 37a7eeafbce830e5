import { describe, expect, it } from 'vitest'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { blogServe } from '../helpers/cli.js'
import { tempDir } from '../helpers/temp-dir.js'

// Issue 23.15: the README's quick start says another port is `npm start -- --port N` (the
// arguments go on to `blog serve`) or `PORT=N npm start`. Both end in `blog serve`'s port option.

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

describe('blog serve’s port', () => {
  it('is taken from PORT, and --port wins over it', async () => {
    const tmp = tempDir('serve-port-')
    try {
      const fromEnv = await freePort()
      const server = await blogServe(['--data', join(tmp.path, 'data')], { env: { PORT: String(fromEnv) } })
      try {
        expect(server.url).toBe(`http://127.0.0.1:${fromEnv}`)
        expect((await fetch(`${server.url}/api/posts`)).status).toBe(200)
      } finally {
        await server.stop()
      }

      const [envPort, flagPort] = [await freePort(), await freePort()]
      const both = await blogServe(['--port', String(flagPort), '--data', join(tmp.path, 'data')], {
        env: { PORT: String(envPort) },
      })
      try {
        expect(both.url).toBe(`http://127.0.0.1:${flagPort}`)
        expect((await fetch(`${both.url}/api/posts`)).status).toBe(200)
      } finally {
        await both.stop()
      }
    } finally {
      tmp.cleanup()
    }
  }, 60_000)
})
