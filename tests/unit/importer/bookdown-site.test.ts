import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'
import { parseEssay } from '../../../src/importer/parse/index.js'

const book = new URL('../../fixtures/dialects/bookdown/book/', import.meta.url).pathname

describe('a bookdown book', () => {
  it('imports the chapters its rmd_files lists, from its root, and nothing it generates', async () => {
    const found = await findEssayFiles([book])
    expect(found.sites.map((s) => s.kind)).toEqual(['bookdown'])
    expect(found.files.map((f) => f.slice(book.length))).toEqual(['01-intro.Rmd', 'index.Rmd'])
    const reasons = found.skipped.map((s) => `${s.path.slice(book.length)}: ${s.reason}`)
    expect(reasons).toContain('02-draft.Rmd: bookdown book (_bookdown.yml): not listed in its rmd_files')
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
})
