import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST } from '../../src/core/viewer.js'
import { servedBlog } from '../helpers/blog.js'

/**
 * A guest's page comes from the cache after its first rendering, on a path that skips Express
 * and sends a header list made once per page (issue 24). A reader, a browser cache or a proxy
 * must not be able to tell the two answers apart.
 */
let served: Awaited<ReturnType<typeof servedBlog>>
let path: string

beforeAll(async () => {
  served = await servedBlog()
  path = `/posts/${served.blog.posts.visible(GUEST)[0].slug}`
})
afterAll(async () => {
  await served?.cleanup()
})

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function get(headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  const url = new URL(path, served.server.url)
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** The headers that say something about the page (not the connection's or the clock's). */
function pageHeaders(answer: Answer): Record<string, unknown> {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = answer.headers
  return rest
}

describe('a page answered from the cache', () => {
  it('carries the headers and bytes Express sends for the page, for each encoding', async () => {
    const decode = { none: (b: Buffer) => b, br: brotliDecompressSync, gzip: gunzipSync }
    let html: string | null = null
    for (const encoding of ['none', 'br', 'gzip'] as const) {
      const ask: Record<string, string> = encoding === 'none' ? {} : { 'Accept-Encoding': encoding }
      // With a cookie the request goes through Express (the fast path is for guests without one)
      const first = await get({ ...ask, Cookie: 'unrelated=1' })
      const again = await get(ask)
      expect(again.status).toBe(200)
      expect(pageHeaders(again)).toEqual(pageHeaders(first))
      expect(again.headers['content-security-policy']).toContain("default-src 'self'")
      expect(again.headers['x-content-type-options']).toBe('nosniff')
      expect(again.headers['content-encoding']).toBe(encoding === 'none' ? undefined : encoding)
      expect(Number(again.headers['content-length'])).toBe(again.body.length)
      const text = decode[encoding](again.body).toString('utf8')
      expect(text.toLowerCase()).toContain('<!doctype html>')
      html ??= text
      expect(text).toBe(html)
    }
  })

  it('answers 304 to its ETag, and HEAD with the headers alone', async () => {
    const { headers } = await get({})
    const unchanged = await get({ 'If-None-Match': String(headers.etag) })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body.length).toBe(0)
    expect(unchanged.headers['content-security-policy']).toBe(headers['content-security-policy'])
    const head = await get({ 'Accept-Encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers.etag).toBe(headers.etag)
  })
})
