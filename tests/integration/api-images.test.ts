import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { request } from 'node:http'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { eventually } from '../helpers/cli.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { pngSize } from '../../src/images/png.js'
import type { Job, Post } from '../../src/shared/schemas/index.js'

const BASE = 'https://essays.example.org'
let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
const guest = () => new ApiClient(ctx.server.url)
const idOf = (slug: string) => ctx.blog.store.postBySlug(slug)!.id
const GAUSS = 'the-gaussian-integral-three-ways'

beforeAll(async () => {
  ctx = await servedBlog({ blog: { baseUrl: BASE } })
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
})
afterAll(() => ctx.cleanup())

/** A request exactly as written: fetch() would tidy `..` away before sending. */
function raw(path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(ctx.server.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString('latin1')))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function getPng(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${ctx.server.url}${path}`, { headers })
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('POST /api/posts/{id}/regenerate-images', () => {
  it('queues a job (202), which completes; the post then shows a stored banner that is served with long caching', async () => {
    const id = idOf(GAUSS)
    const res = await admin.post<{ message: string; job: Job }>(`/api/posts/${id}/regenerate-images`, {
      imageType: 'both',
      imageOptions: { model: 'dall-e-3', quality: 'hd', style: 'natural', useCustomPrompt: false, customPrompt: '' },
    })
    expect(res.status).toBe(202)
    expect(res.body.message).toBe('Started regenerating all images for "The Gaussian Integral, Three Ways"')
    expect(res.body.job).toMatchObject({
      postId: id,
      kind: 'images',
      status: 'pending',
      title: 'The Gaussian Integral, Three Ways',
    })

    const done = await eventually(async () => {
      const status = await admin.get<{ jobs: Job[]; totalJobs: number; pendingJobs: number }>('/api/jobs/status')
      expect(status.status).toBe(200)
      expect(status.headers.get('cache-control')).toContain('no-store')
      const job = status.body.jobs.find((j) => j.id === res.body.job.id)
      expect(job?.status).toBe('completed')
      return status.body
    }, 20_000)
    expect(done.pendingJobs).toBe(0)

    const post = (await guest().get<Post>(`/api/posts/${GAUSS}`)).body
    expect(post.bannerImage).toMatch(/^\/media\/posts\/\d+\/banner-[0-9a-f]{20}\.png$/)
    expect(post.contentImages).toHaveLength(2)
    const banner = await getPng(post.bannerImage!)
    expect(banner.res.status).toBe(200)
    expect(banner.res.headers.get('content-type')).toBe('image/png')
    expect(banner.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(pngSize(banner.bytes)).toEqual({ width: 1200, height: 630 })
    const etag = banner.res.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/)
    expect((await fetch(`${ctx.server.url}${post.bannerImage}`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    )
    const head = await fetch(`${ctx.server.url}${post.bannerImage}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(banner.bytes.length))
    const content = await getPng(post.contentImages[0])
    expect(pngSize(content.bytes)).toEqual({ width: 1024, height: 768 })

    // The page now announces the banner itself as its social image.
    const html = await (await fetch(`${ctx.server.url}/posts/${GAUSS}`)).text()
    expect(html).toContain(`<meta property="og:image" content="${BASE}${post.bannerImage}">`)
  })

  it('validates its input and refuses guests', async () => {
    const id = idOf(GAUSS)
    expect((await admin.post(`/api/posts/${id}/regenerate-images`, { imageType: 'poster' })).status).toBe(400)
    expect(
      (
        await admin.post(`/api/posts/${id}/regenerate-images`, {
          imageType: 'banner',
          imageOptions: { model: 'midjourney' },
        })
      ).status,
    ).toBe(400)
    expect((await admin.post('/api/posts/99999/regenerate-images', { imageType: 'banner' })).status).toBe(404)
    const asGuest = await guest().post(`/api/posts/${id}/regenerate-images`, { imageType: 'banner' })
    expect(asGuest.status).toBe(401)
    expect(asGuest.body).toEqual({ message: expect.any(String) })
    expect((await guest().get('/api/jobs/status')).status).toBe(401)
    expect((await guest().request('DELETE', '/api/jobs')).status).toBe(401)
    expect((await guest().post('/api/posts/annotations/bulk-generate', { postIds: [id] })).status).toBe(401)
  })
})

describe('bulk generation and cancelling jobs', () => {
  it('creates one job per post and cancels pending ones, singly and all', async () => {
    await ctx.blog.jobs.stop()
    try {
      const ids = [idOf(GAUSS), idOf('on-notation')]
      const annotations = await admin.post<{ jobsCreated: number }>('/api/posts/annotations/bulk-generate', {
        postIds: [...ids, 424242],
      })
      expect(annotations.status).toBe(202)
      expect(annotations.body.jobsCreated).toBe(2)
      const bibliography = await admin.post<{ jobsCreated: number }>('/api/posts/bibliography/bulk-generate', {
        postIds: ids,
      })
      expect(bibliography.body.jobsCreated).toBe(2)
      expect((await admin.post('/api/posts/bibliography/bulk-generate', { postIds: [] })).status).toBe(400)

      const status = await admin.get<{ jobs: Job[]; pendingJobs: number }>('/api/jobs/status')
      expect(status.body.pendingJobs).toBe(4)
      const first = status.body.jobs.find((j) => j.status === 'pending')!
      const one = await admin.request<{ job: Job }>('DELETE', `/api/jobs/${first.id}`)
      expect(one.status).toBe(200)
      expect(one.body.job.id).toBe(first.id)
      expect((await admin.request('DELETE', `/api/jobs/${first.id}`)).status).toBe(404)
      const all = await admin.request<{ cancelledCount: number }>('DELETE', '/api/jobs')
      expect(all.body.cancelledCount).toBe(3)
      expect((await admin.get<{ pendingJobs: number }>('/api/jobs/status')).body.pendingJobs).toBe(0)
    } finally {
      ctx.blog.jobs.start()
    }
  })
})

describe('media and social images over HTTP', () => {
  it('never serves anything but stored images: no traversal, no listing', async () => {
    const attempts = [
      '/media/../db.json',
      '/media/%2e%2e/db.json',
      '/media/%2E%2E/%2E%2E/db.json',
      '/media/..%2fdb.json',
      '/media/posts/1/..%2f..%2f..%2fdb.json',
      '/media/posts/1/%2e%2e%2f%2e%2e%2f%2e%2e%2fdb.json',
      '/media/posts/%2e%2e/%2e%2e/db.json',
      '/media/posts/1/..%5c..%5c..%5cdb.json',
      '/media/posts/1/%252e%252e%252fdb.json',
      '/media/posts/1/banner-00000000000000000000.png%00.json',
      '/media/posts/1/banner-..png',
      '/media/posts/../../db.json',
      '/media/',
      '/media',
      '/media/posts/',
      '/media/posts/1/',
      '/og/posts/..%2f..%2fdb.json.png',
      '/og/posts/%2e%2e%2f%2e%2e%2fdb.json',
    ]
    for (const path of attempts) {
      const res = await raw(path)
      expect(res.status, path).not.toBe(200)
      expect(res.body, path).not.toContain('schemaVersion')
    }
    expect((await raw('/media/posts/')).status).toBe(404)
  })

  it('shows a draft’s images to admins only', async () => {
    const id = idOf('an-unfinished-draft')
    await ctx.blog.images.regenerate(id, { imageType: 'banner' })
    const url = ctx.blog.store.post(id)!.bannerImage!
    expect((await fetch(`${ctx.server.url}${url}`)).status).toBe(404)
    const asAdmin = await fetch(`${ctx.server.url}${url}`, { headers: { cookie: admin.cookieHeader() } })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.headers.get('cache-control')).toBe('private, no-store')
    expect((await fetch(`${ctx.server.url}/og/posts/an-unfinished-draft.png`)).status).toBe(404)
    expect(
      (await fetch(`${ctx.server.url}/og/posts/an-unfinished-draft.png`, { headers: { cookie: admin.cookieHeader() } }))
        .status,
    ).toBe(200)
  })

  it('gives a post without a banner a 1200×630 card drawn from its title, named by og:image and twitter:image', async () => {
    const html = await (await fetch(`${ctx.server.url}/posts/on-notation`)).text()
    const og = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1]
    expect(og).toMatch(new RegExp(`^${BASE}/og/posts/on-notation\\.png\\?v=[0-9a-f]{10}$`))
    expect(html).toContain(`<meta name="twitter:image" content="${og}">`)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
    const path = og!.slice(BASE.length)
    const first = await getPng(path)
    expect(first.res.status).toBe(200)
    expect(first.res.headers.get('content-type')).toBe('image/png')
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(pngSize(first.bytes)).toEqual({ width: 1200, height: 630 })
    const again = await fetch(`${ctx.server.url}${path}`, {
      headers: { 'if-none-match': first.res.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
    expect((await fetch(`${ctx.server.url}/og/posts/no-such-post.png`)).status).toBe(404)
  })
})

describe('regenerate-images with the openai provider (a fake OpenAI server)', () => {
  it('stores the provider’s picture cropped to 1200×630 with its provenance; a 500 fails the job and changes nothing', async () => {
    const { FakeOpenAiImages } = await import('../helpers/fake-openai-images.js')
    const { Resvg } = await import('@resvg/resvg-js')
    const wide = new Uint8Array(
      new Resvg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1792" height="1024"><rect width="1792" height="1024" fill="#936"/></svg>',
      )
        .render()
        .asPng(),
    )
    const fake = await new FakeOpenAiImages().answer({ kind: 'png', bytes: wide }).start()
    const served = await servedBlog({ blog: { openaiApiKey: 'sk-fake', openaiBaseUrl: fake.url, openaiMaxRetries: 0 } })
    try {
      await served.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
      const owner = new ApiClient(served.server.url)
      await owner.post('/api/auth/login', { username: 'owner', password: 'password1' })
      const id = served.blog.store.postBySlug('on-notation')!.id
      const waitFor = (jobId: string) =>
        eventually(async () => {
          const job = (await owner.get<{ jobs: Job[] }>('/api/jobs/status')).body.jobs.find((j) => j.id === jobId)
          expect(['completed', 'failed']).toContain(job?.status)
          return job!
        }, 20_000)

      const queued = await owner.post<{ job: Job }>(`/api/posts/${id}/regenerate-images`, {
        imageType: 'banner',
        imageOptions: {
          model: 'dall-e-3',
          quality: 'standard',
          style: 'vivid',
          useCustomPrompt: true,
          customPrompt: 'A quill',
        },
      })
      expect(await waitFor(queued.body.job.id)).toMatchObject({ status: 'completed', error: null })
      expect(fake.requests[0].body).toMatchObject({
        model: 'dall-e-3',
        prompt: 'A quill',
        size: '1792x1024',
        quality: 'standard',
        style: 'vivid',
      })
      const post = served.blog.store.post(id)!
      const body = await served.blog.store.body(post)
      expect(body.provenance.bannerImage).toMatchObject({ provider: 'openai', model: 'dall-e-3' })
      const banner = new Uint8Array(await (await fetch(`${served.server.url}${post.bannerImage}`)).arrayBuffer())
      expect(pngSize(banner)).toEqual({ width: 1200, height: 630 })

      fake.answer({ kind: 'status', status: 500, message: 'The server had an error' })
      const failing = await owner.post<{ job: Job }>(`/api/posts/${id}/regenerate-images`, { imageType: 'both' })
      const failed = await waitFor(failing.body.job.id)
      expect(failed.status).toBe('failed')
      expect(failed.error).toMatch(/refused the (banner|content) image for "On Notation": 500/)
      expect(served.blog.store.post(id)).toMatchObject({
        bannerImage: post.bannerImage,
        contentImages: [],
        rev: post.rev,
      })
    } finally {
      await served.cleanup()
      await fake.stop()
    }
  })
})
