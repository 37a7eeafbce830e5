import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest'
import { request } from 'node:http'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { OWNER } from '../../src/auth/auth-service.js'
import type { Post, PostListItem } from '../../src/shared/schemas/index.js'

let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
const guest = () => new ApiClient(ctx.server.url)
const idOf = (slug: string) => ctx.blog.store.postBySlug(slug)!.id

beforeAll(async () => {
  ctx = await servedBlog()
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
})
afterAll(() => ctx.cleanup())

/** multipart upload through fetch, as the browser sends it */
async function upload(
  client: ApiClient | null,
  files: { name: string; content: string | Uint8Array<ArrayBuffer> }[],
  field = 'files',
) {
  const form = new FormData()
  for (const f of files) form.append(field, new Blob([f.content]), f.name)
  const res = await fetch(`${ctx.server.url}/api/upload`, {
    method: 'POST',
    body: form,
    headers: client ? { cookie: client.cookieHeader() } : {},
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string } }
}

describe('PUT /api/posts/{id}', () => {
  it('trims fields, drops empty tags, re-renders new content and keeps id, slug and timestamps', async () => {
    const id = idOf('on-notation')
    const before = ctx.blog.store.post(id)!
    const res = await admin.request<Post>('PUT', `/api/posts/${id}`, {
      id: 999,
      slug: 'hijacked',
      createdAt: '2000-01-01T00:00:00Z',
      title: '  On Notation, Revised  ',
      tags: ' maths , , notation ,',
      excerpt: '  Short.  ',
      author: ' Ada ',
      content: '  # On Notation\n\nNow with $\\sum_i x_i$ and more words here.  ',
      metaDescription: ' About notation. ',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id,
      slug: 'on-notation',
      title: 'On Notation, Revised',
      tags: ['maths', 'notation'],
      excerpt: 'Short.',
      author: 'Ada',
      metaDescription: 'About notation.',
    })
    expect(res.body.createdAt).toBe(before.createdAt)
    expect(res.body.content.startsWith('# On Notation')).toBe(true)
    expect(res.body.html).toContain('class="katex"')
    expect(ctx.blog.store.postBySlug('hijacked')).toBeNull()
  })

  it('refuses a status other than draft or published, and bad ids, changing nothing', async () => {
    const id = idOf('on-notation')
    const rev = ctx.blog.store.post(id)!.rev
    const bad = await admin.request('PUT', `/api/posts/${id}`, { status: 'archived', title: 'Nope' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('status: Status must be draft or published')
    expect((await admin.request('PUT', `/api/posts/${id}`, { title: '   ' })).body).toEqual({
      message: 'title: Title is required',
    })
    expect((await admin.request('PUT', `/api/posts/${id}`, { bannerImage: 'javascript:alert(1)' })).status).toBe(400)
    expect((await admin.request('PUT', '/api/posts/abc', { title: 'x' })).status).toBe(400)
    expect((await admin.request('PUT', '/api/posts/424242', { title: 'x' })).status).toBe(404)
    expect(ctx.blog.store.post(id)!.rev).toBe(rev)
  })

  it('toggles draft and published, which guests see at once', async () => {
    const id = idOf('on-notation')
    expect((await admin.request('PUT', `/api/posts/${id}`, { status: 'draft' })).status).toBe(200)
    expect((await guest().get(`/api/posts/on-notation`)).status).toBe(404)
    expect((await guest().get<PostListItem[]>('/api/posts')).body.map((p) => p.slug)).not.toContain('on-notation')
    expect((await fetch(`${ctx.server.url}/posts/on-notation`)).status).toBe(404)
    expect(
      (
        await admin.request('PUT', `/api/posts/${id}`, {
          status: 'published',
          featured: true,
          publishedAt: '2026-01-02T03:04:00.000Z',
        })
      ).status,
    ).toBe(200)
    const post = (await guest().get<Post>('/api/posts/on-notation')).body
    expect(post).toMatchObject({ status: 'published', featured: 1, publishedAt: '2026-01-02T03:04:00.000Z' })
  })

  it('takes a whole essay larger than the 1 MB limit of other calls, from an admin only', async () => {
    const id = idOf('on-notation')
    const big = `# Big\n\n${'word '.repeat(220_000)}`
    expect(big.length).toBeGreaterThan(1_048_576)
    const res = await admin.request<Post>('PUT', `/api/posts/${id}`, { content: big })
    expect(res.status).toBe(200)
    expect(res.body.readTime).toBeGreaterThan(500)
    expect((await guest().request('PUT', `/api/posts/${id}`, { content: big })).status).toBe(401)
  })
})

describe('DELETE', () => {
  it('deletes selected posts in bulk with a count, and one post by id', async () => {
    const a = await upload(admin, [
      { name: 'a.md', content: '# Doomed A\n\nText.' },
      { name: 'b.md', content: '# Doomed B\n\nText.' },
      { name: 'c.md', content: '# Doomed C\n\nText.' },
    ])
    const ids = (a.body.posts as { id: number }[]).map((p) => p.id)
    expect(ids).toHaveLength(3)
    expect((await guest().request('DELETE', '/api/posts', { ids })).status).toBe(401)
    const bulk = await admin.request('DELETE', '/api/posts', { ids: [ids[0], ids[1], 999_999] })
    expect(bulk.body).toEqual({ message: 'Deleted 2 posts', deleted: 2 })
    expect((await admin.request('DELETE', `/api/posts/${ids[2]}`)).status).toBe(200)
    expect((await admin.request('DELETE', `/api/posts/${ids[2]}`)).status).toBe(404)
    expect((await admin.request('DELETE', '/api/posts', { ids: [] })).status).toBe(400)
    expect(ids.every((id) => ctx.blog.store.post(id) === null)).toBe(true)
  })

  it('clears stored annotations and answers updatedCount', async () => {
    const id = idOf('the-gaussian-integral-three-ways')
    await ctx.blog.store.transact((tx) => tx.update(id, {}, { annotations: '[]', annotatedContent: 'x' }))
    const res = await admin.request('DELETE', '/api/posts/annotations', { postIds: [id, id, idOf('on-notation')] })
    expect(res.body).toEqual({ updatedCount: 1 })
    expect((await ctx.blog.store.body(ctx.blog.store.post(id)!)).annotations).toBeNull()
  })
})

describe('POST /api/preview', () => {
  it('renders markdown with the site’s pipeline, sanitised, for admins', async () => {
    const res = await admin.post<{ html: string }>('/api/preview', {
      content: '## Hi\n\n$$e^{i\\pi}$$\n\n<script>x</script>',
    })
    expect(res.body.html).toContain('katex-display')
    expect(res.body.html).not.toContain('<script')
    expect((await guest().post('/api/preview', { content: 'x' })).status).toBe(401)
  })
})

describe('POST /api/upload', () => {
  it('imports the good files of a request and refuses each bad one with a reason', async () => {
    const res = await upload(admin, [
      { name: 'first-upload.md', content: '---\ntitle: First Upload\ntags: [test]\n---\n\nHello $x$.' },
      { name: 'notes.txt', content: 'plain text' },
      { name: 'binary.md', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]) },
      { name: 'latin1.md', content: new Uint8Array([0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a]) },
      { name: '../../../etc/evil.markdown', content: '# Not A Path\n\nStill fine.' },
      { name: 'empty.md', content: '' },
    ])
    expect(res.status).toBe(200)
    const files = res.body.files as { name: string; status: string; error: string | null; slug: string | null }[]
    expect(files.map((f) => f.status)).toEqual(['imported', 'failed', 'failed', 'failed', 'imported', 'failed'])
    expect(files[1].error).toMatch(/Only .md and .markdown/)
    expect(files[2].error).toMatch(/binary/)
    expect(files[3].error).toMatch(/not valid UTF-8/)
    expect(files[5].error).toMatch(/empty/)
    expect((res.body.posts as { slug: string }[]).map((p) => p.slug)).toEqual(['first-upload', 'not-a-path'])
    expect(ctx.blog.store.postBySlug('not-a-path')!.source!.path).toBe('upload:evil.markdown')
    // each new post without a banner gets one made in the background (the list's 'generating-image')
    expect(res.body.bannerJobs).toBe(2)
    const status = (await admin.get('/api/jobs/status')).body as { jobs: { postId: number; kind: string }[] }
    for (const slug of ['first-upload', 'not-a-path'])
      expect(status.jobs.some((j) => j.postId === idOf(slug) && j.kind === 'images')).toBe(true)
    await vi.waitFor(
      () => expect(ctx.blog.store.postBySlug('first-upload')!.bannerImage).toMatch(/^\/media\/posts\/\d+\/.+\.png/),
      { timeout: 20_000, interval: 100 },
    )
  })

  it('queues no banner for a post that was only updated', async () => {
    const res = await upload(admin, [
      { name: 'first-upload.md', content: '---\ntitle: First Upload\n---\n\nHello once more.' },
    ])
    expect((res.body.files as { status: string }[]).map((f) => f.status)).toEqual(['updated'])
    expect(res.body.bannerJobs).toBe(0)
  })

  it('updates the post when the same file is uploaded again', async () => {
    const res = await upload(admin, [
      { name: 'first-upload.md', content: '---\ntitle: First Upload\n---\n\nHello again.' },
    ])
    expect((res.body.files as { status: string }[])[0].status).toBe('updated')
    expect(ctx.blog.store.posts().filter((p) => p.slug.startsWith('first-upload'))).toHaveLength(1)
  })

  it('answers 413 beyond the file count and file size limits, 400 without files, 401 for guests', async () => {
    const many = Array.from({ length: 301 }, (_, i) => ({ name: `f${i}.md`, content: `# F${i}` }))
    const tooMany = await upload(admin, many)
    expect(tooMany.status).toBe(413)
    expect(tooMany.body.message).toBe('At most 300 files per upload.')
    const huge = await upload(admin, [{ name: 'huge.md', content: 'x'.repeat(6 * 1024 * 1024) }])
    expect(huge.status).toBe(413)
    expect(huge.body.message).toBe('Each file may be at most 5 MB.')
    expect((await upload(admin, [])).status).toBe(400)
    expect((await upload(admin, [{ name: 'a.md', content: '# A' }], 'other')).status).toBe(400)
    expect((await upload(null, [{ name: 'a.md', content: '# A' }])).status).toBe(401)
  })

  it('refuses a declared request size over the limit before reading it', async () => {
    // Only the headers are sent: the server must answer without waiting for the 40 MB.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${ctx.server.url}/api/upload`, {
        method: 'POST',
        headers: {
          cookie: admin.cookieHeader(),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(40 * 1024 * 1024),
        },
      })
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0)
        req.destroy()
      })
      req.on('error', reject)
      req.flushHeaders()
    })
    expect(status).toBe(413)
  })
})
