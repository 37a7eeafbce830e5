import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { join } from 'node:path'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { createBlog } from '../../src/app/blog-with-store.js'
import { tempDir } from '../helpers/temp-dir.js'
import { AiStatusSchema, ManagePageSchema, type ManagePage } from '../../src/shared/schemas/index.js'

// Issue 23.10/23.11: the Post Manager's search, filters and pages, and the AI provider the
// image dialog tells about, answered by the server for admins only.

let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
const guest = () => new ApiClient(ctx.server.url)

beforeAll(async () => {
  ctx = await servedBlog()
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
})
afterAll(() => ctx.cleanup())

describe('GET /api/manage/posts', () => {
  it('refuses a guest before reading anything', async () => {
    const res = await guest().get('/api/manage/posts?status=nonsense')
    expect(res.status).toBe(401)
  })

  it('lists every post, drafts included, with counts, pages and every match', async () => {
    const res = await admin.get<ManagePage>('/api/manage/posts')
    expect(res.status).toBe(200)
    const page = ManagePageSchema.parse(res.body)
    expect(page.total).toBe(3)
    expect(page.counts).toMatchObject({ all: 3, draft: 1, published: 2 })
    expect(page.matching.map((m) => m.title)).toContain('An Unfinished Draft')
    expect(res.headers.get('cache-control')).toContain('no-store')
  })

  it('filters and searches on the server, and pages the result', async () => {
    const drafts = await admin.get<ManagePage>('/api/manage/posts?status=draft')
    expect(drafts.body.posts.map((p) => p.title)).toEqual(['An Unfinished Draft'])
    const found = await admin.get<ManagePage>('/api/manage/posts?q=GAUSSIAN')
    expect(found.body.posts.map((p) => p.slug)).toEqual(['the-gaussian-integral-three-ways'])
    const paged = await admin.get<ManagePage>('/api/manage/posts?pageSize=2&page=2')
    expect(paged.body).toMatchObject({ page: 2, pageCount: 2, total: 3 })
    expect(paged.body.posts).toHaveLength(1)
  })

  it('knows which posts are enhanced, and sees a new enhancement at once', async () => {
    expect((await admin.get<ManagePage>('/api/manage/posts?enhanced=yes')).body.total).toBe(0)
    const id = ctx.blog.store.postBySlug('on-notation')!.id
    expect((await admin.post(`/api/posts/${id}/generate-annotations`)).status).toBe(200)
    const enhanced = await admin.get<ManagePage>('/api/manage/posts?enhanced=yes')
    expect(enhanced.body.posts.map((p) => p.slug)).toEqual(['on-notation'])
    // the web's annotations bring the summary (issue 23.14)
    expect(enhanced.body.posts[0].enhancements).toEqual(expect.arrayContaining(['annotations', 'summary']))
    expect((await admin.get<ManagePage>('/api/manage/posts?enhanced=no')).body.total).toBe(2)
  })

  it('answers 400 with a readable message for a query it cannot read', async () => {
    for (const q of ['status=deleted', 'page=0', 'pageSize=500', 'featured=maybe']) {
      const res = await admin.get<{ message: string }>(`/api/manage/posts?${q}`)
      expect(res.status, q).toBe(400)
      expect(res.body.message).toMatch(/^(status|page|pageSize|featured):/)
    }
  })
})

describe('GET /api/manage/ai', () => {
  it('tells the owner the local artist draws when no key is set, and refuses a guest', async () => {
    expect((await guest().get('/api/manage/ai')).status).toBe(401)
    const res = await admin.get('/api/manage/ai')
    expect(AiStatusSchema.parse(res.body)).toEqual({ images: 'local', text: 'local', imageOptionsApply: false })
  })

  it('reports openai with a key, and openai without one as unavailable', async () => {
    const tmp = tempDir('ai-status-')
    try {
      const withKey = await createBlog({
        dataDir: join(tmp.path, 'a'),
        env: { OPENAI_API_KEY: 'sk-test' },
        log: () => {},
      })
      expect(withKey.aiStatus({ userId: 1, role: 'admin' })).toEqual({
        images: 'openai',
        text: 'openai',
        imageOptionsApply: true,
      })
      expect(() => withKey.aiStatus({ userId: null, role: 'guest' })).toThrow()
      await withKey.close()
      const noKey = await createBlog({
        dataDir: join(tmp.path, 'b'),
        env: { BLOG_AI_PROVIDER: 'openai' },
        log: () => {},
      })
      expect(noKey.aiStatus({ userId: 1, role: 'admin' }).images).toBe('unavailable')
      await noKey.close()
    } finally {
      tmp.cleanup()
    }
  })
})
