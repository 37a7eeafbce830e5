import { cpSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST } from '../../src/core/viewer.js'
import { eventually } from '../helpers/cli.js'
import { shownText } from '../helpers/shown-text.js'
import { projectRoot } from '../helpers/temp-dir.js'
import { watchedBlog, type WatchedBlog } from '../helpers/watched-folder.js'

/**
 * Every kind of essay source, deleted under `blog serve --watch`: a plain folder's `.md`,
 * `.markdown` and notebook, a bookdown book's `.Rmd` chapter and a Quarto site's `.qmd` page.
 * Each is treated as a `.md` always was: the post stays published and the watcher says so.
 */
const fixtures = join(projectRoot, 'tests', 'fixtures')
let watched: WatchedBlog

beforeAll(async () => {
  watched = await watchedBlog('watch-deleted-', (folder) => {
    mkdirSync(join(folder, 'notes'), { recursive: true })
    writeFileSync(join(folder, 'notes', 'plain.md'), '# Plain\n\nA markdown essay.\n')
    writeFileSync(join(folder, 'notes', 'longer.markdown'), '# Longer\n\nAnother markdown essay.\n')
    cpSync(join(fixtures, 'notebooks', 'plot-output.ipynb'), join(folder, 'notes', 'decay.ipynb'))
    cpSync(join(fixtures, 'dialects', 'bookdown', 'numbered'), join(folder, 'book'), { recursive: true })
    mkdirSync(join(folder, 'site'))
    writeFileSync(join(folder, 'site', '_quarto.yml'), 'project:\n  type: website\n')
    writeFileSync(join(folder, 'site', 'kept.qmd'), '---\ntitle: Kept\n---\n\nA Quarto page that stays.\n')
    writeFileSync(join(folder, 'site', 'gone.qmd'), '---\ntitle: Gone\n---\n\nA Quarto page to delete.\n')
  })
})
afterAll(() => watched.cleanup())

const shown = async (slug: string) => shownText((await watched.blog.posts.get(slug, GUEST)).html)

describe('blog serve --watch when an essay’s source file is deleted', () => {
  it('treats every kind of source alike: the post stays published and the deletion is reported', async () => {
    const at = (...parts: string[]) => join(watched.folder, ...parts)
    const sources = {
      plain: at('notes', 'plain.md'),
      longer: at('notes', 'longer.markdown'),
      'plotting-a-decay': at('notes', 'decay.ipynb'),
      introduction: at('book', 'intro.Rmd'),
      gone: at('site', 'gone.qmd'),
    }
    for (const slug of Object.keys(sources)) expect(watched.blog.store.postBySlug(slug), slug).not.toBeNull()
    for (const path of Object.values(sources)) unlinkSync(path)
    await eventually(async () => expect(watched.removed.sort()).toEqual(Object.values(sources).sort()), 15_000)
    for (const slug of Object.keys(sources))
      expect((await watched.blog.posts.get(slug, GUEST)).status, slug).toBe('published')
    expect(watched.errors).toEqual([])
  })

  it('renumbers the chapters of a book that lost one', async () => {
    // intro.Rmd was chapter 1 (deleted above): `blocks` moves up from chapter 2
    await eventually(async () => expect(await shown('blocks')).toContain('Theorem 1.1'), 15_000)
    expect(await shown('kept')).toContain('A Quarto page that stays.')
  })
})
