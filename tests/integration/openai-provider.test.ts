import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { servedBlog } from '../helpers/blog.js'
import { FakeOpenAi, GOOD, goodAnswers, type FakeAnswer } from '../helpers/fake-openai.js'
import { ApiClient } from '../helpers/http-client.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { chooseProvider } from '../../src/ai/choose-provider.js'

const fake = new FakeOpenAi('sk-test', goodAnswers)
let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
const slug = 'the-gaussian-integral-three-ways'
const id = () => ctx.blog.store.postBySlug(slug)!.id
const snapshot = async () => {
  const meta = ctx.blog.store.postBySlug(slug)!
  return { rev: meta.rev, body: await ctx.blog.store.body(meta) }
}

beforeAll(async () => {
  await fake.start()
  ctx = await servedBlog({
    blog: {
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: 'test-model',
        OPENAI_MAX_RETRIES: '2',
      },
    },
  })
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
})
afterAll(async () => {
  await ctx.cleanup()
  await fake.stop()
})
beforeEach(() => {
  fake.requests.length = 0
})

describe('the openai provider against an OpenAI-compatible server', () => {
  it('is the default with a key, and stores good answers with their provenance', async () => {
    expect(ctx.blog.config.aiProvider).toBe('openai')
    const report = await ctx.blog.enhance.generate({
      slugs: [slug],
      kinds: ['annotations', 'bibliography', 'summary', 'mathematicalModel'],
    })
    expect(report).toMatchObject({ provider: 'openai', summary: { done: 4, failed: 0 } })
    const { body } = await snapshot()
    expect(JSON.parse(body.annotations!)).toEqual((GOOD.scholia_annotations as { annotations: unknown }).annotations)
    expect(JSON.parse(body.bibliography!)).toEqual(GOOD.scholia_bibliography)
    expect(body.summary).toBe('The Gaussian integral equals the square root of pi.')
    expect(JSON.parse(body.mathematicalModel!)).toEqual(GOOD.scholia_mathematicalModel)
    expect(body.provenance.summary).toMatchObject({ provider: 'openai', model: 'test-model' })

    // Every request: the key, the model, a strict json_schema made from the stored schemas, the essay.
    expect(fake.requests).toHaveLength(4)
    for (const r of fake.requests) {
      expect(r.problems).toEqual([])
      expect(r.authorization).toBe('Bearer sk-test')
      expect(r.body.model).toBe('test-model')
      expect(r.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } })
      expect(JSON.stringify(r.body.messages)).toContain('Squaring the integral')
      // The same essay gives the same answer, as far as the server allows (issue 22).
      expect(r.body).toMatchObject({ temperature: 0, seed: expect.any(Number) })
    }
    expect(
      fake.requests.map((r) => (r.body.response_format as { json_schema: { name: string } }).json_schema.name),
    ).toEqual(['scholia_annotations', 'scholia_bibliography', 'scholia_summary', 'scholia_mathematicalModel'])
  })

  it('retries a 429 (the client’s own backoff) and stores the answer that follows', async () => {
    fake.answer({ kind: 'status', status: 429, message: 'Rate limit reached' })
    await ctx.blog.enhance.run(id(), 'summary')
    expect(fake.requests).toHaveLength(2)
    expect((await snapshot()).body.summary).toBe('The Gaussian integral equals the square root of pi.')
  })

  it.each<[string, FakeAnswer[], string]>([
    [
      'malformed JSON',
      [{ kind: 'text', content: '{"summary": ' }],
      'OpenAI could not generate a summary: the answer is not valid JSON. Nothing was changed.',
    ],
    [
      'an answer of the wrong shape',
      [{ kind: 'json', content: { summary: 42 } }],
      'OpenAI could not generate a summary: the answer does not match the expected shape (summary: Invalid input: expected string, received number). Nothing was changed.',
    ],
    [
      'a refusal',
      [{ kind: 'refusal', refusal: 'I cannot help with that.' }],
      'OpenAI could not generate a summary: the model refused: I cannot help with that. Nothing was changed.',
    ],
    [
      '500 on every try',
      [1, 2, 3].map((): FakeAnswer => ({ kind: 'status', status: 500, message: 'upstream broke' })),
      'OpenAI could not generate a summary: the server answered 500 upstream broke. Nothing was changed.',
    ],
  ])('fails clearly on %s and leaves the post as it was', async (_what, answers, message) => {
    const before = await snapshot()
    fake.answer(...answers)
    await expect(ctx.blog.enhance.run(id(), 'summary')).rejects.toMatchObject({ code: 'AI_FAILED', message })
    const after = await snapshot()
    expect(after.rev).toBe(before.rev)
    expect(after.body).toEqual(before.body)
  })

  it('answers 502 with the reason over HTTP, changing nothing', async () => {
    const before = await snapshot()
    fake.answer({ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 })
    const res = await admin.post(`/api/posts/${id()}/generate-annotations`)
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/^OpenAI could not generate annotations: the server answered 503/)
    expect((await snapshot()).rev).toBe(before.rev)
  })

  it('makes embeddings with text-embedding-3-small, in input order', async () => {
    const provider = chooseProvider(ctx.blog.config)
    expect(await provider.embed!(['a', 'bb', 'ccc'])).toEqual([
      [1, 0, 1],
      [2, 1, 1],
      [3, 2, 1],
    ])
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/embeddings',
      problems: [],
      body: { model: 'text-embedding-3-small', input: ['a', 'bb', 'ccc'], encoding_format: 'float' },
    })
  })
})
