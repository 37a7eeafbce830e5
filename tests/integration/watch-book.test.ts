import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { watchFolder, type FolderWatcher } from '../../src/importer/folder-watcher.js'
import type { ImportReport } from '../../src/importer/import-service.js'
import { GUEST } from '../../src/core/viewer.js'
import { eventually } from '../helpers/cli.js'
import { shownText } from '../helpers/shown-text.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('watch-book-')
const book = join(tmp.path, 'book')
cpSync(join(projectRoot, 'tests', 'fixtures', 'dialects', 'bookdown', 'numbered'), book, { recursive: true })
let blog: Blog
let watcher: FolderWatcher
const reports: ImportReport[] = []

beforeAll(async () => {
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  watcher = watchFolder(book, blog.importer, { onReport: (r) => reports.push(r) })
  await watcher.ready
})
afterAll(async () => {
  await watcher.close()
  await blog.close()
  tmp.cleanup()
})

const shown = async (slug: string) => shownText((await blog.posts.get(slug, GUEST)).html)

describe('blog serve --watch over a bookdown book', () => {
  it('renumbers the chapters when a chapter file or the book’s order changes', async () => {
    expect(await shown('blocks')).toContain('Theorem 2.1')
    // a new chapter before `blocks`, in a file of its own
    const config = join(book, '_bookdown.yml')
    writeFileSync(join(book, 'extra.Rmd'), '# Extra\n\nA chapter put in.\n')
    writeFileSync(config, readFileSync(config, 'utf8').replace('"intro.Rmd", ', '"intro.Rmd", "extra.Rmd", '))
    await eventually(async () => expect(await shown('blocks')).toContain('Theorem 3.1'), 15_000)
    expect(blog.store.postBySlug('extra')).not.toBeNull()
    // an edit to a chapter's .Rmd is seen too
    writeFileSync(join(book, 'extra.Rmd'), '# Extra\n\nA chapter put in, and edited.\n')
    await eventually(async () => expect(await shown('extra')).toContain('and edited'), 15_000)
  })
})
