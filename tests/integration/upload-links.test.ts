import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Issue 20: essays uploaded together as a folder link to each other as they do when the folder
 * is imported with `blog import`: statproofbook's `/D/…` site links and relative `.md` links.
 */
const tmp = tempDir('upload-links-')
let blog: Blog

const file = (path: string, text: string) => ({
  name: path.split('/').pop()!,
  path,
  bytes: new TextEncoder().encode(text),
})

beforeAll(async () => {
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
})
afterAll(async () => {
  await blog?.close()
  tmp.cleanup()
})

const htmlOf = async (title: string) =>
  (await blog.posts.get(blog.store.posts().find((p) => p.title === title)!.slug, GUEST)).html

describe('links between essays uploaded as one folder', () => {
  it('resolves site links and relative links among them, and keeps each upload’s path', async () => {
    const report = await blog.importer.importUploads([
      file(
        'StatProofBook/D/wish.md',
        '# Wishart distribution\n\nA matrix-valued distribution, defined for positive-definite matrices of any size.\n',
      ),
      file(
        'StatProofBook/P/wish-mean.md',
        '# Mean of the Wishart distribution\n\nThe [Wishart distribution](/D/wish) has mean $n V$; see also [its definition](../D/wish.md).\n',
      ),
    ])
    expect(report.summary.failed).toBe(0)
    const html = await htmlOf('Mean of the Wishart distribution')
    const wish = blog.store.posts().find((p) => p.title === 'Wishart distribution')!
    expect(wish.source?.relative).toBe('D/wish.md')
    expect(html).toContain(`<a href="/posts/${wish.slug}">Wishart distribution</a>`)
    expect(html).toContain(`<a href="/posts/${wish.slug}">its definition</a>`)
  })

  it('re-uploading the same folder changes nothing; a single file re-uploaded by name still updates its post', async () => {
    const again = await blog.importer.importUploads([
      file(
        'StatProofBook/D/wish.md',
        '# Wishart distribution\n\nA matrix-valued distribution, defined for positive-definite matrices of any size.\n',
      ),
    ])
    expect(again.files[0].status).toBe('unchanged')
    const count = blog.store.posts().length
    const edited = await blog.importer.importUploads([
      {
        name: 'wish.md',
        bytes: new TextEncoder().encode(
          '# Wishart distribution\n\nEdited: a distribution over positive-definite matrices.\n',
        ),
      },
    ])
    expect(edited.files[0].status).toBe('updated')
    expect(blog.store.posts()).toHaveLength(count)
    // It keeps its place in the folder, so the other essay's links still lead to it.
    const wish = blog.store.posts().find((p) => p.title === 'Wishart distribution')!
    expect(wish.source?.relative).toBe('D/wish.md')
    expect(await htmlOf('Mean of the Wishart distribution')).toContain(
      `<a href="/posts/${wish.slug}">Wishart distribution</a>`,
    )
  })
})
