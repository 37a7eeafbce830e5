import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'
import { parseEssay } from '../../../src/importer/parse/index.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { prepareEssay } from '../../../src/importer/prepare-essay.js'
import { shownText } from '../../helpers/shown-text.js'

const book = new URL('../../fixtures/dialects/bookdown/book/', import.meta.url).pathname

describe('a bookdown book', () => {
  it('imports the chapters its rmd_files lists, from its root, and nothing it generates', async () => {
    const found = await findEssayFiles([book])
    expect(found.sites.map((s) => s.kind)).toEqual(['bookdown'])
    expect(found.files.map((f) => f.slice(book.length))).toEqual(['01-intro.Rmd', 'index.Rmd'])
    const reasons = found.skipped.map((s) => `${s.path.slice(book.length)}: ${s.reason}`)
    expect(reasons).toContain('02-draft.Rmd: bookdown book (_bookdown.yml): not listed in its rmd_files')
    // the references page bookdown fills with the bibliography (rstudio/bookdown's own book has one)
    expect(reasons).toContain(
      '99-references.Rmd: bookdown book (_bookdown.yml): a page with nothing to read (its references page)',
    )
    expect(reasons.some((r) => r.startsWith('_book'))).toBe(true)
  })

  it('takes a chapter title without its pandoc attributes', () => {
    const path = `${book}01-intro.Rmd`
    const essay = parseEssay(
      { path, text: readFileSync(path, 'utf8'), mtime: new Date(0), root: book },
      { ownerName: 'O' },
    )
    expect(essay.title).toBe('Introduction')
    expect(essay.slug).toBe('introduction')
  })

  it("names the chapter by its title's label, its own or pandoc's, so another chapter's \\@ref reaches it", () => {
    const path = `${book}01-intro.Rmd`
    expect(
      parseEssay({ path, text: readFileSync(path, 'utf8'), mtime: new Date(0) }, { ownerName: 'O' }).titleLabel,
    ).toBe('intro')
    const chapter = { path: `${book}03-tufte.Rmd`, text: '# Tufte Style {-}\n\nText.\n', mtime: new Date(0) }
    const prepared = prepareEssay({ essay: chapter, options: { ownerName: 'O' } })
    if (!('packed' in prepared)) throw new Error(prepared.failed)
    const { rendered } = openEssay(prepared)
    expect(rendered.anchors).toContainEqual({ key: 'tufte-style', id: '', kind: 'section', title: 'Tufte Style' })
    // an essay of another kind names itself only when its title says so
    const plain = parseEssay(
      { path: '/essays/a.md', text: '# Tufte Style\n\nText.\n', mtime: new Date(0) },
      { ownerName: 'O' },
    )
    expect(plain.titleLabel).toBeUndefined()
  })

  it('takes the chapter title after an appendix or part marker, which is no heading of the page', () => {
    const text = '\\cleardoublepage\n\n# (APPENDIX) Appendix {-}\n\n# Software Tools\n\nFor R\\index{R} users.\n'
    const essay = parseEssay({ path: `${book}07-tools.Rmd`, text, mtime: new Date(0) }, { ownerName: 'O' })
    expect(essay.title).toBe('Software Tools')
    const prepared = prepareEssay({
      essay: { path: `${book}07-tools.Rmd`, text, mtime: new Date(0) },
      options: { ownerName: 'O' },
    })
    if (!('packed' in prepared)) throw new Error(prepared.failed)
    const shown = shownText(openEssay(prepared).rendered.html)
    expect(shown).toContain('For R users.')
    expect(shown).not.toMatch(/APPENDIX|Software Tools|\\cleardoublepage|\\index/)
  })
})
