import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { watchFolder, type FolderWatcher } from '../../src/importer/folder-watcher.js'
import { eventually } from '../helpers/cli.js'
import { tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('watch-figures-')
const essays = join(tmp.path, 'essays')
let blog: Blog
let watcher: FolderWatcher

beforeAll(async () => {
  mkdirSync(join(essays, 'img'), { recursive: true })
  writeFileSync(join(essays, 'plots.md'), '# Plots\n\n![The plot.](img/plot.png)\n')
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  watcher = watchFolder(essays, blog.importer, {})
  await watcher.ready
})
afterAll(async () => {
  await watcher.close()
  await blog.close()
  tmp.cleanup()
})

const html = async () => (await blog.store.body(blog.store.postBySlug('plots')!)).html

describe('blog serve --watch with figures', () => {
  it('an image saved beside an essay after it was imported shows in it', async () => {
    expect(await html()).toContain('figure-missing')
    writeFileSync(
      join(essays, 'img', 'plot.png'),
      await sharp({ create: { width: 64, height: 32, channels: 3, background: '#09c' } })
        .png()
        .toBuffer(),
    )
    await eventually(
      async () =>
        expect(await html()).toMatch(
          /<img src="\/media\/assets\/[0-9a-f]{20}\.png" alt="The plot\." loading="lazy" decoding="async" width="64" height="32">/,
        ),
      15_000,
    )
  })
})
