import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { dataFolder } from '../../src/core/data-folder.js'
import { GUEST } from '../../src/core/viewer.js'
import type { PostMeta } from '../../src/shared/schemas/index.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * An import checks its references to other posts with the labels it has just rendered: it never
 * reads back the bodies it wrote (on the corpus that was 48 MB of JSON parsed again), and the
 * warnings are the same as when the labels come from the stored bodies.
 */
const tmp = tempDir('xref-reads-')
let blog: Blog

beforeAll(async () => {
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
})
afterAll(async () => {
  await blog?.close()
  tmp.cleanup()
})

describe('reference warnings of an import', () => {
  it('come from the labels just rendered, without reading any stored body', async () => {
    const dir = join(tmp.path, 'essays')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'basics.md'), '# Basics\n\n## Least squares\n:label:`sec_ls`\n\nWe fit a line.\n')
    writeFileSync(
      join(dir, 'later.md'),
      '# Later\n\nAs in :numref:`sec_ls`, and unlike :numref:`sec_missing`, we fit.\n',
    )
    const reads = vi.spyOn(blog.store, 'body')
    const report = await blog.importer.importPaths([dir])
    expect(report.summary.imported).toBe(2)
    expect(reads).not.toHaveBeenCalled()
    // the excerpt names the section as the page does; the unknown label keeps its words
    expect(blog.store.postBySlug('later')!.excerpt).toBe(
      'As in Section “Least squares”, and unlike Section “missing”, we fit.',
    )
    const later = report.files.find((f) => f.path.endsWith('later.md'))!
    expect(later.warnings.filter((w) => w.startsWith('Cross-reference'))).toEqual([
      'Cross-reference to another post not found: label "sec_missing" (shown as text)',
    ])
    reads.mockRestore()
  })
})

describe('labels after a restart', () => {
  const dataDir = () => join(tmp.path, 'data')
  const link = '<a href="/posts/basics#user-content-sec_ls">'

  /** A new process on the same data folder: which bodies it reads to show the post "later". */
  async function readLater(): Promise<{ html: string; bodiesRead: string[] }> {
    const next = await createBlog({ dataDir: dataDir(), env: {}, log: () => {} })
    try {
      const reads = vi.spyOn(next.store, 'body')
      const { html } = await next.posts.get('later', GUEST)
      return { html, bodiesRead: reads.mock.calls.map(([meta]) => (meta as PostMeta).slug) }
    } finally {
      await next.close()
    }
  }

  it('come from the data folder’s cache, not from every post’s body', async () => {
    await blog.close()
    const cache = JSON.parse(readFileSync(dataFolder(dataDir()).essayLabels, 'utf8')) as {
      posts: { anchors: { key: string }[] }[]
    }
    expect(cache.posts.flatMap((p) => p.anchors.map((a) => a.key))).toContain('sec_ls')
    const { html, bodiesRead } = await readLater()
    expect(html).toContain(link)
    // only the post being read: the label of "basics" came from the cache
    expect(bodiesRead).toEqual(['later'])
  })

  it('a damaged cache costs body reads, never a wrong or missing link, and is written again', async () => {
    writeFileSync(dataFolder(dataDir()).essayLabels, '{"version": 1, "posts": [{"id": "x"}]')
    const { html, bodiesRead } = await readLater()
    expect(html).toContain(link)
    expect(bodiesRead).toContain('basics')
    expect(JSON.parse(readFileSync(dataFolder(dataDir()).essayLabels, 'utf8'))).toMatchObject({ version: 1 })
    expect((await readLater()).bodiesRead).toEqual(['later'])
  })
})

describe('an excerpt that refers to another post', () => {
  it('reads a chapter index that is only its contents as the list of its pages, titled as the page shows them', async () => {
    const dir = join(tmp.path, 'book')
    mkdirSync(join(dir, 'chapter_gans'), { recursive: true })
    writeFileSync(
      join(dir, 'chapter_gans', 'index.md'),
      '# Generative Adversarial Networks\n:label:`chap_gans`\n\n```toc\n:maxdepth: 2\n\ngan\ndcgan\n```\n',
    )
    writeFileSync(
      join(dir, 'chapter_gans', 'gan.md'),
      '# Generative Adversarial Networks\n\nTwo networks play a game.\n',
    )
    writeFileSync(
      join(dir, 'chapter_gans', 'dcgan.md'),
      '# Deep Convolutional Generative Adversarial Networks\n\nConvolutions make the game work on images.\n',
    )
    const next = await createBlog({ dataDir: join(tmp.path, 'data-contents'), env: {}, log: () => {} })
    try {
      await next.importer.importPaths([dir])
      const index = next.posts.visible(GUEST).find((p) => p.source?.path.endsWith('index.md'))!
      expect(index.excerpt).toBe('Generative Adversarial Networks; Deep Convolutional Generative Adversarial Networks')
      const { html } = await next.posts.get(index.slug, GUEST)
      expect(html).toContain('>Deep Convolutional Generative Adversarial Networks</a>')
    } finally {
      await next.close()
    }
  })

  it('names the section as the page does, once the batch is stored', async () => {
    const dir = join(tmp.path, 'chapters')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'gd.md'), '# Gradient Descent\n:label:`sec_gd`\n\nWe follow the slope downhill.\n')
    writeFileSync(
      join(dir, 'sgd.md'),
      '# Stochastic Gradient Descent\n\nIn :numref:`sec_gd` we used the whole training set for every step.\n',
    )
    writeFileSync(
      join(dir, 'described.md'),
      '---\ntitle: Described\ndescription: The author’s own words.\n---\n\nAs :numref:`sec_gd` showed, steps follow the slope.\n',
    )
    const next = await createBlog({ dataDir: join(tmp.path, 'data-excerpts'), env: {}, log: () => {} })
    try {
      await next.importer.importPaths([dir])
      const sgd = next.store.postBySlug('stochastic-gradient-descent')!
      expect(sgd.excerpt).toBe('In Section “Gradient Descent” we used the whole training set for every step.')
      // the page says the same, so the lede under the title is known to repeat it
      const { html } = await next.posts.get(sgd.slug, GUEST)
      expect(html).toContain('Section “Gradient Descent”</a> we used')
      // a description from the front matter is the author's: left as written
      expect(next.store.postBySlug('described')!.excerpt).toBe('The author’s own words.')
    } finally {
      await next.close()
    }
  })
})
