import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servedBlog } from '../helpers/blog.js'
import { FakeOpenAi, GOOD, goodAnswers } from '../helpers/fake-openai.js'

/**
 * Issue 39: answers from a model pass the same guard as the local provider's. The fake server
 * answers with the plausible junk a model gives: a citation and a name as targets, a link text
 * noted only by its address, a connection without a reason, TeX in the prose, a symbol "named"
 * by its own glyph.
 */
const fake = new FakeOpenAi('sk-test', goodAnswers)
let ctx: Awaited<ReturnType<typeof servedBlog>>
const slug = 'the-gaussian-integral-three-ways'
const base = { category: 'calculus', priority: 'high' as const }

beforeAll(async () => {
  await fake.start()
  ctx = await servedBlog({
    blog: {
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: 'test-model',
        OPENAI_MAX_RETRIES: '0',
      },
    },
  })
})
afterAll(async () => {
  await ctx.cleanup()
  await fake.stop()
})

describe('the openai path through the reading-aid guard', () => {
  it('stores only the aids a careful editor would keep, and says how many it dropped', async () => {
    const good = { ...base, type: 'definition' as const, targetText: 'integral', annotation: 'A sum over a continuum.' }
    fake.answer(
      {
        kind: 'json',
        content: {
          annotations: [
            good,
            {
              ...base,
              type: 'connection',
              targetText: 'Polar coordinates',
              annotation: 'Also discussed in “Fourier series” on this site.',
            },
            {
              ...base,
              type: 'context',
              targetText: 'antiderivative',
              annotation: 'The essay links it to https://en.wikipedia.org/wiki/Antiderivative.',
            },
            {
              ...base,
              type: 'definition',
              targetText: 'elementary antiderivative',
              annotation: 'It is \\displaystyle \\int f\\,dx, written argmin_(xx ∈ RR^d).',
            },
            {
              ...base,
              type: 'definition',
              targetText: 'has no elementary',
              annotation: 'A fragment of the first sentence, taken as a term.',
            },
          ],
        },
      },
      {
        kind: 'json',
        content: {
          ...(GOOD.scholia_mathematicalModel as object),
          variables: [
            { symbol: 'x', name: 'x', description: 'The symbol x.', unit: '', range: '', measurability: 'theoretical' },
            {
              symbol: 'I',
              name: 'value of the integral',
              description: 'Equal to \\sqrt{\\pi}.',
              unit: '',
              range: '',
              measurability: 'theoretical',
            },
          ],
        },
      },
    )
    const report = await ctx.blog.enhance.generate({ slugs: [slug], kinds: ['annotations', 'mathematicalModel'] })
    expect(report.summary).toMatchObject({ done: 2, failed: 0 })
    const body = await ctx.blog.store.body(ctx.blog.store.postBySlug(slug)!)
    expect(JSON.parse(body.annotations!)).toEqual([good])
    const model = JSON.parse(body.mathematicalModel!) as { variables: Array<{ name: string; description: string }> }
    expect(model.variables.map((v) => v.name)).toEqual(['', 'value of the integral'])
    expect(model.variables[1].description).toBe('')
    expect(report.results.flatMap((r) => r.notes ?? []).join(' ')).toMatch(
      /annotations a reader would not need .*dropped: 4/,
    )
  })
})
