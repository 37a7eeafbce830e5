import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { GUEST } from '../../../src/core/viewer.js'
import { tempDir } from '../../helpers/temp-dir.js'

// The smallest PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const tmp = tempDir('figure-case-')
let blog: Blog
afterAll(async () => {
  await blog?.close()
  tmp.cleanup()
})

describe('a figure written with other capitals than its file (an author on a disk that ignores case)', () => {
  it('shows the file that differs only in case, in its name or its folders, and none of two that would both fit', async () => {
    const site = join(tmp.path, 'lectures')
    mkdirSync(join(site, 'Images'), { recursive: true })
    writeFileSync(join(site, 'CHARMM_eqn.png'), PNG)
    writeFileSync(join(site, 'Images', 'Water_cluster.png'), PNG)
    writeFileSync(join(site, 'plot.png'), PNG)
    writeFileSync(join(site, 'Plot.png'), PNG)
    writeFileSync(
      join(site, 'force-fields.md'),
      [
        '# Force fields',
        '',
        '![The CHARMM energy](CHARMM_eqn.PNG)',
        '',
        '![A water cluster](images/water_cluster.png)',
        '',
        '![Which plot?](PLOT.png)',
        '',
      ].join('\n'),
    )
    blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
    await blog.importer.importPaths([site])
    const post = await blog.posts.get('force-fields', GUEST)
    expect(post.html.match(/<img\b[^>]*src="\/media\/[^"]+"/g)).toHaveLength(2)
    expect(post.html).toMatch(/<figure class="figure-missing">.*<figcaption>Which plot\?<\/figcaption>/)
  })
})
