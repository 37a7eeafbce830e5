import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import { bookFolder } from '../helpers/book-page.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * A post whose stored HTML is from an older pipeline is rendered again when it is read
 * (RENDER_VERSION), from its stored markdown and document, without its site: it must read as
 * it did when it was imported, whatever its site's files (includes, shortcodes, book settings) gave it.
 */
const tmp = tempDir('lazy-rerender-')
let blog: Blog

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
    .png()
    .toBuffer()

const jekyll = {
  '_config.yml': 'title: Notes\n',
  '_includes/figure.html': '<figure><img src="{{ include.path | relative_url }}"></figure>\n',
  '_posts/2024-01-01-figures.md':
    '---\ntitle: Figures\n---\n\nBefore.\n\n{% include figure.html path="assets/img/red.png" caption="A red square" %}\n\n' +
    '<div class="row mt-3"><div class="col-sm">\n{% include figure.html path="assets/img/red.png" caption="In a grid" %}\n</div></div>\n\nAfter.\n',
}
const hugo = {
  'hugo.toml': 'baseURL = "/"\n',
  'layouts/shortcodes/note.html': '<aside class="note">{{ .Inner }}</aside>\n',
  'content/post/shortcodes.md':
    '---\ntitle: Shortcodes\n---\n\nText.\n\n{{< note >}}A note of the site.{{< /note >}}\n',
}
const book = {
  '_config.yml':
    'title: Book\nparse:\n  myst_substitutions:\n    course: Physics 101\nsphinx:\n  config:\n    mathjax3_config:\n      tex:\n        macros:\n          RR: "\\\\mathbb{R}"\n',
  '_toc.yml': 'format: jb-book\nroot: intro\nchapters:\n  - file: lecture\n',
  'intro.md': '# Intro\n\nThe book.\n',
  'parts/common.md': 'This paragraph is shared between lectures.\n',
  'lecture.md': '# Lecture\n\nWelcome to {{ course }}, over $\\RR$.\n\n```{include} parts/common.md\n```\n',
}

beforeAll(async () => {
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
})
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

/** What a reader gets now, and after the post's stored render is marked as an older pipeline's. */
async function beforeAndAfter(slug: string): Promise<[string, string]> {
  const before = (await blog.posts.get(slug, GUEST)).html
  const meta = blog.store.postBySlug(slug)!
  await blog.store.transact((tx) => tx.update(meta.id, {}, { renderVersion: 0 }))
  const after = (await blog.posts.get(slug, GUEST)).html
  return [before, after]
}

describe('a post rendered again later, without its site', () => {
  it.each([
    ['a Jekyll post with {% include figure.html %}', jekyll, 'figures', ['<figcaption>A red square</figcaption>']],
    ['a Hugo post with the site’s own shortcode', hugo, 'shortcodes', ['A note of the site.']],
    [
      'a Jupyter Book page with an {include}, a substitution and a book macro',
      book,
      'lecture',
      ['Welcome to Physics 101', 'mathvariant="double-struck"', 'shared between lectures'],
    ],
  ])('%s reads as it did when imported', async (_, files, slug, shown) => {
    const root = bookFolder(files, 'scholia-lazy-')
    if (files === jekyll) {
      mkdirSync(join(root, 'assets', 'img'), { recursive: true })
      writeFileSync(join(root, 'assets', 'img', 'red.png'), await png())
    }
    const report = await blog.importer.importPaths([root])
    expect(report.summary.failed).toBe(0)
    const [before, after] = await beforeAndAfter(slug)
    for (const text of shown) expect(before).toContain(text)
    expect(after).toBe(before)
  })
})
