import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBlog, type OpenedBlog } from '../../../src/app/blog.js'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'
import { projectRoot, tempDir } from '../../helpers/temp-dir.js'

// Issue 40: a Jupyter Book groups its chapters in parts (`parts:` with a `caption:` in _toc.yml);
// each page of a part is tagged with the caption, so a reader can browse the book by its parts.
const book = join(projectRoot, 'tests', 'fixtures', 'jupyter-book-parts')
const tmp = tempDir('jbook-parts-')
let blog: OpenedBlog

beforeAll(async () => {
  blog = await openBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
}, 60_000)
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

describe('a Jupyter Book in parts', () => {
  it('finds the part of each page the toc lists', async () => {
    const found = await findEssayFiles([book])
    expect(Object.fromEntries([...found.parts].map(([file, part]) => [file.slice(book.length + 1), part]))).toEqual({
      'chance.md': 'Probability, Briefly',
      'chance/coins.md': 'Probability, Briefly',
      'estimation.md': 'Inference',
      'tagged.md': 'Inference',
    })
  })

  it("tags each imported page with its part's caption, unless it has tags of its own", async () => {
    const report = await blog.importer.importPaths([book])
    expect(report.files.map((f) => f.status)).toEqual(report.files.map(() => 'imported'))
    const tags = Object.fromEntries(blog.store.posts().map((p) => [p.title, p.tags]))
    expect(tags).toEqual({
      'Parts of a Book': [],
      Chance: ['Probability, Briefly'],
      Coins: ['Probability, Briefly'],
      Estimation: ['Inference'],
      Resampling: ['bootstrap'],
    })
    // imported again, nothing has changed
    const again = await blog.importer.importPaths([book])
    expect(again.files.map((f) => f.status)).toEqual(again.files.map(() => 'unchanged'))
  })

  it('retags the pages of a part whose caption changed, though their files did not', async () => {
    const copy = join(tmp.path, 'book')
    cpSync(book, copy, { recursive: true })
    const other = await openBlog({ dataDir: join(tmp.path, 'other'), env: {}, log: () => {} })
    try {
      await other.importer.importPaths([copy])
      const toc = join(copy, '_toc.yml')
      writeFileSync(toc, readFileSync(toc, 'utf8').replace('caption: Inference', 'caption: Statistical Inference'))
      const report = await other.importer.importPaths([copy])
      const status = Object.fromEntries(report.files.map((f) => [f.path.slice(copy.length + 1), f.status]))
      expect(status).toMatchObject({ 'estimation.md': 'updated', 'chance.md': 'unchanged' })
      expect(other.store.posts().find((p) => p.title === 'Estimation')?.tags).toEqual(['Statistical Inference'])
    } finally {
      await other.close()
    }
  })
})
