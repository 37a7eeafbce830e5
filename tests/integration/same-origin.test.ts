import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { servedBlog } from '../helpers/blog.js'

type Served = Awaited<ReturnType<typeof servedBlog>>

/** A POST with exactly these headers (fetch would not let a test choose Host). */
function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const target = new URL(path, url)
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

describe('same-origin writes and DNS rebinding (issue 21)', () => {
  let s: Served
  let port: string
  beforeAll(async () => {
    s = await servedBlog({ fixtures: null })
    port = new URL(s.server.url).port
  })
  afterAll(() => s.cleanup())

  it('refuses a write whose Origin and Host both name a rebound outside domain', async () => {
    const evil = `evil.example:${port}`
    const res = await post(
      s.server.url,
      '/api/auth/setup',
      { username: 'mallory', password: 'password1' },
      { host: evil, origin: `http://${evil}` },
    )
    expect(res.status).toBe(403)
    expect(JSON.parse(res.body).message).toMatch(/another site/)
    expect(s.blog.store.db.users).toHaveLength(0)
  })

  it('ignores X-Forwarded-Host when no proxy is trusted', async () => {
    const res = await post(
      s.server.url,
      '/api/auth/logout',
      {},
      { host: `evil.example:${port}`, 'x-forwarded-host': `localhost:${port}`, origin: `http://localhost:${port}` },
    )
    expect(res.status).toBe(403)
  })

  it('accepts the site opened at a loopback address or at its configured base URL', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`]) {
      const res = await post(s.server.url, '/api/auth/logout', {}, { host, origin: `http://${host}` })
      expect(res.status, host).toBe(200)
    }
    // The default base URL is http://localhost:4321, whatever Host the request carries.
    expect(
      (await post(s.server.url, '/api/auth/logout', {}, { host: `localhost:${port}`, origin: 'http://localhost:4321' }))
        .status,
    ).toBe(200)
  })
})

describe('same-origin writes behind a trusted proxy', () => {
  let s: Served
  beforeAll(async () => {
    s = await servedBlog({ fixtures: null, blog: { trustProxy: 'loopback', baseUrl: 'https://blog.example.org' } })
  })
  afterAll(() => s.cleanup())

  it('accepts the public address and refuses a forwarded host that is not the site', async () => {
    const host = new URL(s.server.url).host
    const ok = await post(
      s.server.url,
      '/api/auth/logout',
      {},
      {
        host,
        'x-forwarded-host': 'blog.example.org',
        'x-forwarded-proto': 'https',
        origin: 'https://blog.example.org',
      },
    )
    expect(ok.status).toBe(200)
    const rebound = await post(
      s.server.url,
      '/api/auth/setup',
      { username: 'mallory', password: 'password1' },
      { host, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: 'https://evil.example' },
    )
    expect(rebound.status).toBe(403)
    expect(s.blog.store.db.users).toHaveLength(0)
  })
})
