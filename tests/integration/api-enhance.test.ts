import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { GenerateModelResponseSchema, type Post } from '../../src/shared/schemas/index.js'

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

describe('generating annotations and bibliographies (SPEC §7)', () => {
  it('answers the stored annotations to an admin; a reader then sees them on the post', async () => {
    const id = idOf('the-gaussian-integral-three-ways')
    expect((await guest().post(`/api/posts/${id}/generate-annotations`)).status).toBe(401)
    const res = await admin.post<{ message: string; annotations: { targetText: string }[] }>(
      `/api/posts/${id}/generate-annotations`,
    )
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/^Generated \d+ annotations?$/)
    expect(res.body.annotations.length).toBeGreaterThan(0)
    const post = (await guest().get<Post>('/api/posts/the-gaussian-integral-three-ways')).body
    expect(JSON.parse(post.annotations!)).toEqual(res.body.annotations)
    expect(post.provenance.annotations).toMatchObject({ provider: 'local', model: 'scholia-local-1' })
  })

  it('answers the bibliography, with its markdown form stored beside it', async () => {
    const id = idOf('on-notation')
    const res = await admin.post<{ message: string; bibliography: { introduction: string; entries: unknown[] } }>(
      `/api/posts/${id}/generate-bibliography`,
    )
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Generated a bibliography of 0 entries')
    expect(res.body.bibliography.introduction).toMatch(/^This essay cites no outside works/)
    const post = (await admin.get<Post>('/api/posts/on-notation')).body
    expect(post.bibliographyContent).toContain(res.body.bibliography.introduction)
  })

  it('refuses bad and unknown ids', async () => {
    expect((await admin.post('/api/posts/abc/generate-bibliography')).status).toBe(400)
    expect((await admin.post('/api/posts/9999/generate-annotations')).body).toEqual({
      message: 'No post with id 9999.',
    })
  })
})

describe('mathematical models (SPEC §3, §7)', () => {
  it('generate-model and regenerate-model answer {model, variablesCount}', async () => {
    const id = idOf('the-gaussian-integral-three-ways')
    for (const path of ['generate-model', 'regenerate-model']) {
      expect((await guest().post(`/api/posts/${id}/${path}`)).status).toBe(401)
      const res = await admin.post(`/api/posts/${id}/${path}`)
      expect(res.status).toBe(200)
      const answer = GenerateModelResponseSchema.parse(res.body)
      expect(answer.variablesCount).toBe(answer.model.variables.length)
      // In document order: the inline definition of I, then the displays (the polar substitution among them).
      expect(answer.model.equations[0].equation).toBe('I = \\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx')
      expect(answer.model.equations.slice(1).some((e) => e.equation.includes('\\int_0^{2\\pi}'))).toBe(true)
    }
    // A stored model is readable by everyone (DECISIONS.md).
    const post = (await guest().get<Post>('/api/posts/the-gaussian-integral-three-ways')).body
    expect(JSON.parse(post.mathematicalModel!)).toHaveProperty('field')
  })

  it('bulk-generate makes one model per post and counts them', async () => {
    const ids = ['on-notation', 'an-unfinished-draft'].map(idOf)
    expect((await guest().post('/api/posts/models/bulk-generate', { postIds: ids })).status).toBe(401)
    const res = await admin.post('/api/posts/models/bulk-generate', { postIds: ids })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ modelsCreated: 2, failed: [] })
    expect((await admin.post('/api/posts/models/bulk-generate', { postIds: [] })).body).toEqual({
      message: 'postIds: Select at least one post',
    })
    // Every post missing: the reason, not "0 models".
    expect((await admin.post('/api/posts/models/bulk-generate', { postIds: [9998] })).status).toBe(404)
  })
})
