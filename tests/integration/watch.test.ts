import { describe, it, expect, afterAll, beforeAll } from 'vitest'
import { appendFileSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { watchFolder, type FolderWatcher } from '../../src/importer/folder-watcher.js'
import type { ImportReport } from '../../src/importer/import-service.js'
import { tempDir } from '../helpers/temp-dir.js'
import { eventually } from '../helpers/cli.js'

const tmp = tempDir('watch-')
const essays = join(tmp.path, 'essays')
let blog: Blog
let watcher: FolderWatcher
const reports: ImportReport[] = []
const removed: string[] = []
const errors: unknown[] = []

beforeAll(async () => {
  mkdirSync(essays, { recursive: true })
  writeFileSync(join(essays, 'existing.md'), '# Existing\n\nAlready here.')
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  watcher = watchFolder(essays, blog.importer, {
    onReport: (r) => reports.push(r),
    onRemoved: (p) => removed.push(p),
    onError: (e) => errors.push(e),
  })
  await watcher.ready
})
afterAll(async () => {
  await watcher.close()
  await blog.close()
  tmp.cleanup()
})

const post = (slug: string) => blog.store.postBySlug(slug)
const failures = () => reports.flatMap((r) => r.files.filter((f) => f.status === 'failed'))

describe('blog serve --watch', () => {
  it('imports what is there at start', () => {
    expect(post('existing')).not.toBeNull()
  })

  it('publishes a new essay and updates a changed one', async () => {
    writeFileSync(join(essays, 'arrival.md'), '# Arrival\n\nFirst version.')
    await eventually(async () => expect(post('arrival')).not.toBeNull(), 10_000)
    writeFileSync(join(essays, 'arrival.md'), '# Arrival\n\nSecond version.')
    await eventually(
      async () => expect((await blog.store.body(post('arrival')!)).content).toContain('Second version'),
      10_000,
    )
  })

  it('never imports a file half-way while it is still being written', async () => {
    const path = join(essays, 'slow.md')
    writeFileSync(path, '# Slow\n\n')
    const seen: string[] = []
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 150))
      const meta = post('slow')
      if (meta) seen.push((await blog.store.body(meta)).content)
      appendFileSync(path, `Paragraph ${i}.\n\n`)
    }
    appendFileSync(path, 'THE END.\n')
    await eventually(async () => expect((await blog.store.body(post('slow')!)).content).toContain('THE END.'), 10_000)
    expect(seen).toEqual([])
  })

  it('logs an invalid file and goes on watching', async () => {
    writeFileSync(join(essays, 'broken.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x00, 0x01]))
    await eventually(async () => expect(failures().map((f) => f.path)).toContain(join(essays, 'broken.md')), 10_000)
    writeFileSync(join(essays, 'after.md'), '# After\n\nStill watching.')
    await eventually(async () => expect(post('after')).not.toBeNull(), 10_000)
  })

  it('leaves the post in place when its file is deleted, and says so', async () => {
    unlinkSync(join(essays, 'arrival.md'))
    await eventually(async () => expect(removed).toContain(join(essays, 'arrival.md')), 10_000)
    expect(post('arrival')).not.toBeNull()
    expect(errors).toEqual([])
  })
})
