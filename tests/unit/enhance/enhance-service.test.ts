import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import type { AiProvider } from '../../../src/ai/provider.js'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { GUEST } from '../../../src/core/viewer.js'
import { EnhanceService } from '../../../src/enhance/enhance-service.js'
import { fixtureSite } from '../../helpers/blog.js'
import { tempDir } from '../../helpers/temp-dir.js'

const tmp = tempDir('enhance-')
let blog: Blog
const NOW = new Date('2026-02-03T04:05:06.000Z')
const ADMIN = { userId: 1, role: 'admin' }
const idOf = (slug: string) => blog.store.postBySlug(slug)!.id
const bodyOf = async (slug: string) => blog.store.body(blog.store.postBySlug(slug)!)

/** A provider that answers what the test says, through the local one for the rest. */
function provider(overrides: Partial<AiProvider>): AiProvider {
  const local = new LocalProvider()
  return Object.assign(Object.create(local) as AiProvider, { name: 'local', textModel: 'test-model' }, overrides)
}
const service = (p: AiProvider) =>
  new EnhanceService({ store: blog.store, config: blog.config, now: () => NOW, provider: () => p })

beforeAll(async () => {
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {}, now: () => NOW })
  await blog.importer.importPaths([fixtureSite])
})
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

describe('the enhance service', () => {
  it('stores each kind as the post’s body fields, with provenance, leaving the essay’s dates alone', async () => {
    const before = blog.store.postBySlug('the-gaussian-integral-three-ways')!
    const report = await blog.enhance.generate({
      slugs: [before.slug],
      kinds: ['annotations', 'bibliography', 'summary', 'mathematicalModel'],
    })
    expect(report.summary).toEqual({ done: 4, failed: 0 })
    expect(report.provider).toBe('local')
    const after = blog.store.postBySlug(before.slug)!
    expect(after.updatedAt).toBe(before.updatedAt)
    expect(after.rev).toBeGreaterThan(before.rev)
    const body = await bodyOf(before.slug)
    expect(JSON.parse(body.annotations!)).toBeInstanceOf(Array)
    expect(JSON.parse(body.bibliography!)).toHaveProperty('entries')
    expect(body.bibliographyContent).toMatch(/^This essay cites/)
    expect(body.summary).toBeTruthy()
    // In document order: the inline definition of I, then the displays (the polar substitution among them).
    const equations = (JSON.parse(body.mathematicalModel!) as { equations: Array<{ equation: string }> }).equations
    expect(equations[0].equation).toBe('I = \\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx')
    expect(equations.slice(1).some((e) => e.equation.includes('\\int_0^{2\\pi}'))).toBe(true)
    expect(body.provenance.annotations).toEqual({
      provider: 'local',
      model: 'scholia-local-1',
      generatedAt: expect.any(String),
    })
    expect(Object.keys(body.provenance).sort()).toEqual(['annotations', 'bibliography', 'mathematicalModel', 'summary'])
  })

  it('answers the model and its variable count, for admins only', async () => {
    const id = idOf('on-notation')
    const answer = await blog.enhance.generateModel(ADMIN, id)
    expect(answer.variablesCount).toBe(answer.model.variables.length)
    await expect(blog.enhance.generateModel(GUEST, id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    await expect(blog.enhance.generateModel(ADMIN, 999)).rejects.toMatchObject({ code: 'POST_NOT_FOUND' })
    expect(await blog.enhance.generateModels(ADMIN, [id, idOf('an-unfinished-draft')])).toEqual({
      modelsCreated: 2,
      failed: [],
    })
  })

  it('stores nothing when the provider answers something invalid, and says so', async () => {
    const id = idOf('on-notation')
    const before = blog.store.post(id)!
    const bad = service(
      provider({
        annotations: async () =>
          [{ type: 'bogus', targetText: '', annotation: 'x', category: 'c', priority: 'high' }] as never,
      }),
    )
    await expect(bad.run(id, 'annotations')).rejects.toMatchObject({
      code: 'AI_FAILED',
      message:
        'The local provider returned annotations that are not valid (0.type: Invalid option: expected one of "definition"|"example"|"context"|"elaboration"|"connection"); nothing was stored.',
    })
    expect(blog.store.post(id)!.rev).toBe(before.rev)
  })

  it('stores nothing for a post rewritten or deleted while its result was being made', async () => {
    const id = idOf('on-notation')
    const rewriting = service(
      provider({
        summary: async () => {
          await blog.editor.update(ADMIN, id, { content: '# On Notation\n\nRewritten meanwhile.' })
          return 'A summary of the old text.'
        },
      }),
    )
    await expect(rewriting.run(id, 'summary')).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await bodyOf('on-notation')).summary).not.toBe('A summary of the old text.')

    const draft = idOf('an-unfinished-draft')
    const deleting = service(
      provider({
        summary: async () => {
          await blog.editor.remove(ADMIN, draft)
          return 'Too late.'
        },
      }),
    )
    await expect(deleting.run(draft, 'summary')).rejects.toMatchObject({ code: 'POST_NOT_FOUND' })
  })

  it('reports each post and kind in a batch; one failure keeps the rest', async () => {
    const flaky = service(provider({ bibliography: async () => Promise.reject(new Error('the network is down')) }))
    const progress: string[] = []
    const report = await flaky.generate({
      all: true,
      kinds: ['summary', 'bibliography'],
      onProgress: (e) => e.type === 'result' && progress.push(`${e.result.kind} ${e.result.status}`),
    })
    expect(report.results.map((r) => [r.slug, r.kind, r.status, r.error])).toEqual([
      ['the-gaussian-integral-three-ways', 'summary', 'done', null],
      ['the-gaussian-integral-three-ways', 'bibliography', 'failed', 'the network is down'],
      ['on-notation', 'summary', 'done', null],
      ['on-notation', 'bibliography', 'failed', 'the network is down'],
    ])
    expect(report.summary).toEqual({ done: 2, failed: 2 })
    expect(progress).toEqual(['summary done', 'bibliography failed', 'summary done', 'bibliography failed'])
    await expect(flaky.generate({ slugs: ['nope'], kinds: ['summary'] })).rejects.toThrow(
      'No post with the slug "nope". Nothing was generated.',
    )
    await expect(flaky.generate({ kinds: ['summary'] })).rejects.toThrow(/by their slugs, or use --all/)
  })

  it('says, per kind, what the provider dropped as unsupported by the essay: in the batch report and for the job', async () => {
    const local = new LocalProvider()
    const checking = service(
      provider({
        summary: async (input) => {
          input.onDropped?.('annotations', 2)
          return local.summary(input)
        },
        bibliography: async (input) => {
          input.onDropped?.('bibliography entries', 1)
          return local.bibliography(input)
        },
      }),
    )
    const slug = 'the-gaussian-integral-three-ways'
    const report = await checking.generate({ slugs: [slug], kinds: ['summary', 'bibliography', 'mathematicalModel'] })
    expect(report.results.map((r) => [r.kind, r.notes])).toEqual([
      ['summary', ['annotations not found in the essay, dropped: 2']],
      ['bibliography', ['bibliography entries not found in the essay, dropped: 1']],
      ['mathematicalModel', undefined],
    ])
    expect(await checking.run(idOf(slug), 'bibliography')).toEqual({
      notes: ['bibliography entries not found in the essay, dropped: 1'],
    })
  })

  it('makes images through the images service when asked, and says plainly when there is none', async () => {
    const asked: unknown[] = []
    const withImages = new EnhanceService({
      store: blog.store,
      config: blog.config,
      now: () => NOW,
      images: { regenerate: async (postId, input) => asked.push([postId, input]) },
    })
    const report = await withImages.generate({ slugs: ['on-notation'], kinds: ['images'] })
    expect(report.results).toEqual([
      { postId: idOf('on-notation'), slug: 'on-notation', kind: 'images', status: 'done', error: null },
    ])
    expect(asked).toEqual([[idOf('on-notation'), { imageType: 'both' }]])
    // --provider picks the images' provider too
    await withImages.generate({ slugs: ['on-notation'], kinds: ['images'], provider: 'local' })
    expect((asked[1] as [number, { provider?: { name: string } }])[1].provider?.name).toBe('local')
    const without = new EnhanceService({ store: blog.store, config: blog.config, now: () => NOW })
    await expect(without.generate({ slugs: ['on-notation'], kinds: ['images'] })).rejects.toMatchObject({
      code: 'NOT_IMPLEMENTED',
    })
  })
})
