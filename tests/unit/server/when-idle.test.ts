import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { whenIdle } from '../../../src/server/when-idle.js'
import { eventually } from '../../helpers/cli.js'

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
let server: Server | null = null
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((r) => server?.close(r))
})

/** A server whose /slow answer waits until `release` is called. */
async function serve(): Promise<{ url: string; release: () => void }> {
  let release = () => {}
  server = createServer((req, res) => {
    if (req.url === '/slow') release = () => res.end('done')
    else res.end('ok')
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, release: () => release() }
}

describe('whenIdle: background warm-up waits for a quiet server', () => {
  it('waits while a request is in flight and while requests keep coming, then runs once', async () => {
    const { url, release } = await serve()
    let runs = 0
    whenIdle(server!, () => runs++, 1_000)

    // Held open longer than the quiet time: a request in flight is not quiet.
    const slow = fetch(`${url}/slow`)
    await pause(1_600)
    expect(runs).toBe(0)
    release()
    await slow
    // Requests every 50 ms keep it waiting.
    for (let i = 0; i < 20; i++) {
      await fetch(url)
      await pause(50)
    }
    expect(runs).toBe(0)
    await eventually(async () => expect(runs).toBe(1))
    await fetch(url)
    await pause(1_500)
    expect(runs).toBe(1)
  })

  it('never runs once cancelled', async () => {
    await serve()
    let runs = 0
    whenIdle(server!, () => runs++, 100)()
    await pause(400)
    expect(runs).toBe(0)
  })
})
