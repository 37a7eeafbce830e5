import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import { shownText } from '../helpers/shown-text.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('bookdown-chapters-')
const book = join(tmp.path, 'book')
cpSync(join(projectRoot, 'tests', 'fixtures', 'dialects', 'bookdown', 'numbered'), book, { recursive: true })

let blog: Blog
beforeAll(async () => {
  // A clock a minute ahead: the copied files count as settled, so a re-import trusts their fingerprints.
  blog = await createBlog({
    dataDir: join(tmp.path, 'data'),
    env: {},
    log: () => {},
    now: () => new Date(Date.now() + 60_000),
  })
})
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

/** A post's page as a reader gets it: references to other chapters resolved. */
const page = async (slug: string) => (await blog.posts.get(slug, GUEST)).html

describe('a bookdown book imported from its root', () => {
  it('numbers each chapter’s equations, theorems, figures and sections within the chapter, in rmd_files order', async () => {
    const report = await blog.importer.importPaths([book])
    expect(report.summary).toEqual({ imported: 4, updated: 0, unchanged: 0, failed: 0 })
    const blocks = await page('blocks')
    const shown = shownText(blocks)
    expect(shown).toContain('Theorem 2.1')
    expect(shown).toContain('(2.1)') // the equation's tag
    expect(shown).toContain('Figure 2.1: Here is a nice figure!')
    expect(shown).toMatch(/2\.1\s+Equations/)
    expect(shown).toMatch(/2\.2\s+Theorems and proofs/)
    expect(blocks).toContain('See Equation <a href="#user-content-eq-eq:binom">2.1</a>')
    expect(blocks).toContain('smart theorem <a href="#user-content-tri">2.1</a>')
    expect(blocks).toContain('See Figure <a href="#user-content-fig:nice-fig">2.1</a>')
  })

  it('links a reference to another chapter at its target, with the number that chapter gives it', async () => {
    const blocks = await page('blocks')
    expect(blocks).toMatch(/the mean \(<a href="\/posts\/introduction#user-content-eq-eq%3Amean"[^>]*>1\.1<\/a>\)/)
    expect(blocks).toMatch(/of Section <a href="\/posts\/introduction#user-content-why-numbers"[^>]*>1\.1<\/a>/)
    const intro = await page('introduction')
    expect(intro).toMatch(/Chapter <a href="\/posts\/blocks"[^>]*>2<\/a> holds equation/)
    expect(intro).toMatch(/equation \(<a href="\/posts\/blocks#user-content-eq-eq%3Abinom"[^>]*>2\.1<\/a>\)/)
    expect(intro).toMatch(/Theorem <a href="\/posts\/blocks#user-content-tri"[^>]*>2\.1<\/a>;/)
    expect(intro).toContain('own is (<a href="#user-content-eq-eq:mean">1.1</a>)')
    // an unnumbered section takes no number and leaves the count where it was
    expect(shownText(intro)).toMatch(/1\.2\s+Where to look/)
    expect(shownText(intro)).not.toMatch(/\d\s+A note/)
  })

  it('letters the appendix’s chapters and leaves the preface and part markers uncounted', async () => {
    const intro = await page('introduction')
    expect(intro).toMatch(/Appendix <a href="\/posts\/more"[^>]*>A<\/a> has Euler’s identity \(<a [^>]*>A\.1<\/a>\)/)
    expect(shownText(await page('more'))).toContain('(A.1)')
    const preface = await page('a-tiny-book')
    expect(preface).toMatch(/Equation <a href="\/posts\/blocks#user-content-eq-eq%3Abinom"[^>]*>2\.1<\/a> of Chapter/)
  })

  it('keeps the chapter number with the post, so that a later render numbers as the import did', async () => {
    const meta = blog.store.postBySlug('blocks')!
    expect((await blog.store.body(meta)).document?.chapter).toBe('2')
    // stored HTML from an older pipeline is rendered again when the post is read
    await blog.store.transact(async (tx) => {
      await tx.update(meta.id, { updatedAt: meta.updatedAt }, { renderVersion: 0, html: '<p>stale</p>' })
    })
    const shown = shownText(await page('blocks'))
    expect(shown).toContain('Theorem 2.1')
    expect(shown).toContain('(2.1)')
    expect(shown).not.toContain('Theorem 1')
    // and the chapter's title label, which no render of its body sees, still answers other chapters
    expect((await blog.store.body(blog.store.postBySlug('blocks')!)).renderVersion).not.toBe(0)
    expect(await page('introduction')).toMatch(/Chapter <a href="\/posts\/blocks"[^>]*>2<\/a> holds equation/)
  })

  it('a re-import of the unchanged book changes nothing; a chapter moved in rmd_files is numbered anew', async () => {
    expect((await blog.importer.importPaths([book])).summary.unchanged).toBe(4)
    const config = join(book, '_bookdown.yml')
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('"intro.Rmd", "blocks.Rmd"', '"blocks.Rmd", "intro.Rmd"'),
    )
    expect((await blog.importer.importPaths([book])).summary).toEqual({
      imported: 0,
      updated: 2,
      unchanged: 2,
      failed: 0,
    })
    const blocks = await page('blocks')
    expect(shownText(blocks)).toContain('Theorem 1.1')
    expect(blocks).toMatch(/the mean \(<a [^>]*>2\.1<\/a>\)/)
  })
})
