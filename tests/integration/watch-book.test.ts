import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST } from '../../src/core/viewer.js'
import { eventually } from '../helpers/cli.js'
import { shownText } from '../helpers/shown-text.js'
import { projectRoot } from '../helpers/temp-dir.js'
import { watchedBlog, type WatchedBlog } from '../helpers/watched-folder.js'

let watched: WatchedBlog

beforeAll(async () => {
  watched = await watchedBlog('watch-book-', (book) =>
    cpSync(join(projectRoot, 'tests', 'fixtures', 'dialects', 'bookdown', 'numbered'), book, { recursive: true }),
  )
})
afterAll(() => watched.cleanup())

const shown = async (slug: string) => shownText((await watched.blog.posts.get(slug, GUEST)).html)

describe('blog serve --watch over a bookdown book', () => {
  it('renumbers the chapters when a chapter file or the book’s order changes', async () => {
    const book = watched.folder
    expect(await shown('blocks')).toContain('Theorem 2.1')
    // a new chapter before `blocks`, in a file of its own
    const config = join(book, '_bookdown.yml')
    writeFileSync(join(book, 'extra.Rmd'), '# Extra\n\nA chapter put in.\n')
    writeFileSync(config, readFileSync(config, 'utf8').replace('"intro.Rmd", ', '"intro.Rmd", "extra.Rmd", '))
    await eventually(async () => expect(await shown('blocks')).toContain('Theorem 3.1'), 15_000)
    expect(watched.blog.store.postBySlug('extra')).not.toBeNull()
    // an edit to a chapter's .Rmd is seen too
    writeFileSync(join(book, 'extra.Rmd'), '# Extra\n\nA chapter put in, and edited.\n')
    await eventually(async () => expect(await shown('extra')).toContain('and edited'), 15_000)
  })
})
