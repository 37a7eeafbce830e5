import { describe, it, expect, afterAll, beforeAll } from 'vitest'
import { writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog } from '../../src/app/blog-with-store.js'
import type { ImportReport } from '../../src/importer/import-service.js'
import { GUEST } from '../../src/core/viewer.js'
import { corpusDir, tempDir } from '../helpers/temp-dir.js'
import { CORPUS_FAMILIES, copyCorpusData } from '../helpers/corpus-import.js'

const tmp = tempDir('import-')
afterAll(tmp.cleanup)

describe('importing the real corpus', () => {
  // The first import is the one shared by the corpus tests (helpers/corpus-import.ts): the three
  // families in one importPaths call on a fresh data folder, as this test made it before; its
  // report is checked, and a copy of the data folder it wrote is imported into again.
  let first: ImportReport
  beforeAll(async () => {
    first = await copyCorpusData(join(tmp.path, 'corpus-data'))
  }, 300_000)

  it('imports every essay with no failure, then finds them all unchanged', async () => {
    expect(existsSync(corpusDir), `corpus missing at ${corpusDir}`).toBe(true)
    expect(CORPUS_FAMILIES).toEqual(['statproofbook', 'd2l-en', 'julialang-blog'])
    const families = CORPUS_FAMILIES.map((f) => join(corpusDir, f))
    const blog = await createBlog({ dataDir: join(tmp.path, 'corpus-data'), env: {} })
    const failures = first.files.filter((f) => f.status === 'failed')
    expect(failures).toEqual([])
    expect(first.summary.imported).toBe(281)
    expect(first.files.some((f) => f.path.includes('_licenses'))).toBe(false)
    expect(new Set(first.files.map((f) => f.slug)).size).toBe(281)

    const again = await blog.importer.importPaths(families)
    expect(again.summary).toEqual({ imported: 0, updated: 0, unchanged: 281, failed: 0 })

    // Spot checks across the three families.
    const profilers = blog.store.posts().find((p) => p.source?.path.endsWith('2019/09/profilers.md'))!
    expect(profilers).toMatchObject({ title: 'Profiling tool wins and woes', author: 'Jameson Nash' })
    expect(profilers.publishedAt.slice(0, 10)).toBe('2019-09-16')
    const proof = blog.store.posts().find((p) => p.source?.path.endsWith('P/vm-bvn.md'))!
    expect(proof.author).toBe('Joram Soch')
    const post = await blog.posts.get(proof.slug, GUEST)
    expect(post.html).toContain('katex-display')
    expect(post.html).not.toMatch(/\\label\{/)
    await blog.close()
  }, 180_000)
})

describe('bad input', () => {
  it('gives each bad file a clear message, suffixes clashing slugs, and loses nothing stored', async () => {
    const dir = join(tmp.path, 'bad')
    mkdirSync(dir, { recursive: true })
    const blog = await createBlog({ dataDir: join(tmp.path, 'bad-data'), env: {} })
    writeFileSync(join(dir, 'keep.md'), '---\ntitle: Keep Me\n---\n\nStored before the bad batch.\n')
    await blog.importer.importPaths([dir])

    writeFileSync(join(dir, 'huge.md'), `# Huge\n\n${'word '.repeat(2_100_000)}`)
    writeFileSync(join(dir, 'bad-yaml.md'), '---\ntitle: "Unclosed\ntags: [a, b\n---\n\nBody text survives.\n')
    writeFileSync(join(dir, 'twin-a.md'), '---\ntitle: Same Title\n---\n\nFirst twin.\n')
    writeFileSync(join(dir, 'twin-b.md'), '---\ntitle: Same Title\n---\n\nSecond twin.\n')
    const report = await blog.importer.importPaths([dir])
    const by = (name: string) => report.files.find((f) => f.path.endsWith(`/${name}`))!

    expect(by('huge.md')).toMatchObject({ status: 'failed', slug: null })
    expect(by('huge.md').error).toMatch(/too large/i)
    expect(by('bad-yaml.md').status).toBe('imported')
    expect([by('twin-a.md').slug, by('twin-b.md').slug].sort()).toEqual(['same-title', 'same-title-2'])
    expect(by('keep.md').status).toBe('unchanged')
    expect(blog.store.postBySlug('keep-me')).not.toBeNull()
    expect(report.summary).toEqual({ imported: 3, updated: 0, unchanged: 1, failed: 1 })
    await blog.close()
  }, 60_000)
})
