import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import type { AiProvider } from '../../../src/ai/provider.js'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { EnhanceService } from '../../../src/enhance/enhance-service.js'
import { fixtureSite } from '../../helpers/blog.js'
import { tempDir } from '../../helpers/temp-dir.js'

// Issue 23.14 / DECISIONS.md: generating annotations from the web also makes the post's summary,
// in the core service, so the post button and the bulk jobs both do it.

const tmp = tempDir('enhance-summary-')
let blog: Blog
const ADMIN = { userId: 1, role: 'admin' }
const postOf = (slug: string) => blog.store.postBySlug(slug)!
const bodyOf = (slug: string) => blog.store.body(postOf(slug))

beforeAll(async () => {
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  await blog.importer.importPaths([fixtureSite])
})
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

describe('annotations from the web bring the summary', () => {
  it('stores a summary beside the annotations of one post (the post page button)', async () => {
    expect((await bodyOf('on-notation')).summary).toBeNull()
    const annotations = await blog.enhance.generateFor(ADMIN, postOf('on-notation').id, 'annotations')
    const body = await bodyOf('on-notation')
    expect(JSON.parse(body.annotations!)).toEqual(annotations)
    expect(body.summary).toBeTruthy()
    expect(body.provenance.summary?.provider).toBe('local')
  })

  it('does it in a bulk annotation job too (the job runner)', async () => {
    const slug = 'the-gaussian-integral-three-ways'
    expect((await bodyOf(slug)).summary).toBeNull()
    await blog.enhance.run(postOf(slug).id, 'annotations')
    expect((await bodyOf(slug)).summary).toBeTruthy()
  })

  it('keeps the annotations when the summary fails, and logs why', async () => {
    const logged: string[] = []
    const local = new LocalProvider()
    const failing = Object.assign(Object.create(local) as AiProvider, {
      name: 'local',
      textModel: 'test',
      summary: () => Promise.resolve('   '),
    })
    const service = new EnhanceService({
      store: blog.store,
      config: blog.config,
      now: () => new Date(),
      provider: () => failing,
      log: (m) => logged.push(m),
    })
    const slug = 'an-unfinished-draft'
    await expect(service.generateFor(ADMIN, postOf(slug).id, 'annotations')).resolves.toBeInstanceOf(Array)
    const body = await bodyOf(slug)
    expect(body.annotations).not.toBeNull()
    expect(body.summary).toBeNull()
    expect(logged.join('\n')).toMatch(/summary .* not made/)
  })

  it('leaves the bibliography alone: only annotations bring a summary', async () => {
    const before = await bodyOf('an-unfinished-draft')
    await blog.enhance.generateFor(ADMIN, postOf('an-unfinished-draft').id, 'bibliography')
    expect((await bodyOf('an-unfinished-draft')).summary).toBe(before.summary)
  })
})
