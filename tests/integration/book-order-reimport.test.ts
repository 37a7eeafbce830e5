import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBlog } from '../../src/app/blog-with-store.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('book-order-')
afterAll(() => tmp.cleanup())

/** A clock a minute ahead: the files written by a test count as settled, so a re-import trusts their fingerprints. */
const later = () => new Date(Date.now() + 60_000)

const fixtures = join(projectRoot, 'tests', 'fixtures')

describe('re-importing a book whose order changed and whose pages did not', () => {
  it('a Jupyter Book page moved in _toc.yml takes its new place in the root page’s contents', async () => {
    const book = join(tmp.path, 'jbook')
    cpSync(join(fixtures, 'notebooks', 'book'), book, { recursive: true })
    const blog = await createBlog({ dataDir: join(tmp.path, 'jbook-data'), env: {}, log: () => {}, now: later })
    try {
      expect((await blog.importer.importPaths([book])).summary.imported).toBe(3)
      const contents = async () => {
        const root = blog.store.postBySlug('a-small-book')!
        const html = (await blog.store.body(root)).html
        return [...html.matchAll(/data-xref="file:([^"]+)"/g)].map((m) => m[1])
      }
      expect(await contents()).toEqual(['chapters/setup.md', 'chapters/notes.md'])
      // `notes` moves before `setup`; no page's text changes
      const toc = join(book, '_toc.yml')
      writeFileSync(
        toc,
        readFileSync(toc, 'utf8').replace(
          '      - file: chapters/setup\n      - file: chapters/decay\n  - caption: Further\n    chapters:\n      - file: chapters/notes\n',
          '      - file: chapters/notes\n      - file: chapters/decay\n  - caption: Further\n    chapters:\n      - file: chapters/setup\n',
        ),
      )
      const again = await blog.importer.importPaths([book])
      // the root lists them in their new order; the two moved pages changed parts, whose
      // captions are their tags (issue 40), so they are updated too
      expect(again.summary).toEqual({ imported: 0, updated: 3, unchanged: 0, failed: 0 })
      expect(await contents()).toEqual(['chapters/notes.md', 'chapters/setup.md'])
      expect(blog.store.postBySlug('notes-on-decay')?.tags).toEqual(['Basics'])
      expect(blog.store.postBySlug('setting-up')?.tags).toEqual(['Further'])
    } finally {
      await blog.close()
    }
  })
})
