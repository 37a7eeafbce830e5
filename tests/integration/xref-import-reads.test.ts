import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
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
    const later = report.files.find((f) => f.path.endsWith('later.md'))!
    expect(later.warnings.filter((w) => w.startsWith('Cross-reference'))).toEqual([
      'Cross-reference to another post not found: label "sec_missing" (shown as text)',
    ])
    reads.mockRestore()
  })
})
