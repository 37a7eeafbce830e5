import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import sharp from 'sharp'
import { OWNER } from '../../src/auth/auth-service.js'
import { safeRelativePath } from '../../src/importer/files/upload-folder.js'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'

let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
let png: Buffer

beforeAll(async () => {
  ctx = await servedBlog({ fixtures: null })
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
  png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c60' } })
    .png()
    .toBuffer()
})
afterAll(() => ctx.cleanup())

type Part = { name: string; path?: string; content: string | Uint8Array }
async function upload(parts: Part[], paths = parts.map((p) => p.path ?? p.name)) {
  const form = new FormData()
  for (const p of parts)
    form.append('files', new Blob([typeof p.content === 'string' ? p.content : new Uint8Array(p.content)]), p.name)
  for (const path of paths) form.append('paths', path)
  const res = await fetch(`${ctx.server.url}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: admin.cookieHeader() },
  })
  return {
    status: res.status,
    body: (await res.json()) as { files: { name: string; status: string; slug: string | null }[]; message?: string },
  }
}

const scratchFolders = () => readdirSync(tmpdir()).filter((n) => n.startsWith('scholia-upload-'))

describe('uploading a folder: essays with their figures', () => {
  it('imports the essays, with figures found at the paths the folder gave; the images are not listed as files', async () => {
    const before = scratchFolders()
    const res = await upload([
      {
        name: 'index.md',
        path: 'book/chapter_one/index.md',
        content: '# Uploaded Figures\n\n![A chart.](../img/chart.png)\n\n![Site logo.](/assets/logo.png)\n',
      },
      { name: 'chart.png', path: 'book/img/chart.png', content: png },
      { name: 'logo.png', path: 'book/assets/logo.png', content: png },
    ])
    expect(res.status).toBe(200)
    expect(res.body.files).toEqual([
      expect.objectContaining({ name: 'index.md', status: 'imported', slug: 'uploaded-figures' }),
    ])
    const html = await (await fetch(`${ctx.server.url}/posts/uploaded-figures`)).text()
    const srcs = [
      ...new Set(
        [
          ...html.matchAll(
            /<img src="(\/media\/assets\/[0-9a-f]{20}\.png)" alt="[^"]*" loading="lazy" decoding="async" width="800" height="400">/g,
          ),
        ].map((m) => m[1]),
      ),
    ]
    // Both figures found (one stored file: the same bytes), none missing.
    expect(srcs).toHaveLength(1)
    expect(html).toContain('<figcaption>Site logo.</figcaption>')
    expect(html).not.toContain('figure-missing')
    expect((await fetch(ctx.server.url + srcs[0])).headers.get('content-type')).toBe('image/png')
    // The temp folder the batch was written to is gone.
    expect(scratchFolders()).toEqual(before)
  })

  it('a re-upload updates the same post (upload:NAME), and a figure sent later is found', async () => {
    const essay = { name: 'late.md', path: 'late.md', content: '# Late Figure\n\n![Arrives later.](img/late.png)\n' }
    const first = await upload([essay])
    expect(first.body.files[0].status).toBe('imported')
    expect(await (await fetch(`${ctx.server.url}/posts/late-figure`)).text()).toContain('figure-missing')
    const second = await upload([essay, { name: 'late.png', path: 'img/late.png', content: png }])
    expect(second.body.files).toEqual([
      expect.objectContaining({ name: 'late.md', status: 'updated', slug: 'late-figure' }),
    ])
    expect(await (await fetch(`${ctx.server.url}/posts/late-figure`)).text()).not.toContain('figure-missing')
  })

  it('paths never lead outside the upload: ../ and absolute parts are dropped', async () => {
    expect(safeRelativePath('../../etc/x.md', 'x.md')).toBe('etc/x.md')
    expect(safeRelativePath('/abs/./a/../b.md', 'b.md')).toBe('abs/a/b.md')
    expect(safeRelativePath('C:\\Users\\me\\essay.md', 'essay.md')).toBe('C_/Users/me/essay.md')
    expect(safeRelativePath(undefined, '../name.md')).toBe('name.md')
    const res = await upload([
      {
        name: 'escape.md',
        path: '../../../escape.md',
        content: '# Escape\n\n![Secret.](../../../../../etc/passwd.png)\n',
      },
    ])
    expect(res.body.files[0].status).toBe('imported')
    expect(await (await fetch(`${ctx.server.url}/posts/escape`)).text()).toContain('figure-missing')
  })

  it('refuses a paths field that does not match the files', async () => {
    const res = await upload([{ name: 'a.md', content: '# A' }], ['a.md', 'b.md'])
    expect(res.status).toBe(400)
  })
})
