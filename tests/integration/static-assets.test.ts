import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { createApp } from '../../src/server/create-app.js'
import { tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('static-assets-')
const client = join(tmp.path, 'client')
const assets = join(client, 'assets')
const STYLE = 'body { color: #222 }\n'.repeat(40)
let blog: Blog
let server: Server
let base: string

beforeAll(async () => {
  mkdirSync(assets, { recursive: true })
  writeFileSync(join(assets, 'app-1a2b3c.css'), STYLE)
  writeFileSync(join(assets, 'app-1a2b3c.css.br'), brotliCompressSync(STYLE))
  writeFileSync(join(assets, 'app-1a2b3c.css.gz'), gzipSync(STYLE))
  writeFileSync(join(assets, 'old-9f8e7d.css'), STYLE)
  writeFileSync(join(assets, 'old-9f8e7d.css.br'), brotliCompressSync(STYLE))
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  const app = createApp(blog, { clientDir: client, log: () => {} })
  server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await blog.close()
  tmp.cleanup()
})

describe('the client build’s files', () => {
  it('are sent compressed as the reader accepts, and decode to the file', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${base}/assets/app-1a2b3c.css`, { headers: { 'accept-encoding': encoding } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(encoding === 'gzip' ? 'gzip' : 'br')
      expect(await res.text()).toBe(STYLE)
    }
  })

  it('answer a file that is not there with a 404 that says so, whatever the reader accepts', async () => {
    const res = await fetch(`${base}/assets/app-000000.css`, { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'No such file: /assets/app-000000.css' })
  })

  it('answer a file removed under the running server (a rebuild) with a plain 404, not a broken compressed one', async () => {
    // The server listed the compressed copy when it started; the rebuild has removed it since.
    rmSync(join(assets, 'old-9f8e7d.css.br'))
    rmSync(join(assets, 'old-9f8e7d.css'))
    // fetch decodes the body as the headers say: a body labelled br that is not would throw here.
    const res = await fetch(`${base}/assets/old-9f8e7d.css`, { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({ message: 'No such file: /assets/old-9f8e7d.css' })
  })
})
