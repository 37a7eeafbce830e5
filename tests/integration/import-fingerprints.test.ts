import { describe, it, expect, afterAll } from 'vitest'
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog } from '../../src/app/blog-with-store.js'
import { dataFolder } from '../../src/core/data-folder.js'
import { SourceFingerprints } from '../../src/importer/files/source-fingerprints.js'
import { RENDER_VERSION } from '../../src/markdown/types.js'
import { tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('fingerprints-')
afterAll(tmp.cleanup)

/** A clock a minute ahead: the files written by a test count as settled (see SourceFingerprints). */
const later = () => new Date(Date.now() + 60_000)

function essays(name: string): string {
  const dir = join(tmp.path, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'alpha.md'), '---\ntitle: Alpha\n---\n\nThe first essay, version one.\n')
  writeFileSync(join(dir, 'beta.md'), '---\ntitle: Beta\n---\n\nThe second essay.\n')
  return dir
}

const keptFiles = (dataDir: string): Record<string, { fingerprint: string; hash: string }> =>
  (JSON.parse(readFileSync(dataFolder(dataDir).importSources, 'utf8')) as { files: Record<string, never> }).files

describe('re-importing files that have not changed', () => {
  it('keeps what it read, and still sees an edit that keeps the size and modification time', async () => {
    const dir = essays('same-size')
    const dataDir = join(tmp.path, 'same-size-data')
    const blog = await createBlog({ dataDir, env: {}, now: later })
    expect((await blog.importer.importPaths([dir])).summary.imported).toBe(2)
    expect(Object.keys(keptFiles(dataDir)).sort()).toEqual([join(dir, 'alpha.md'), join(dir, 'beta.md')])
    expect((await blog.importer.importPaths([dir])).summary).toEqual({
      imported: 0,
      updated: 0,
      unchanged: 2,
      failed: 0,
    })

    // The kept hash is what decides, not the file's text, which is not read: a post whose
    // stored hash matches what was kept for the file stays as it is.
    const beta = blog.store.posts().find((p) => p.title === 'Beta')!
    const stand = 'f'.repeat(32)
    await blog.store.transact(async (tx) => {
      await tx.update(beta.id, { source: { ...beta.source!, hash: stand }, updatedAt: beta.updatedAt })
    })
    const kept = keptFiles(dataDir)
    kept[join(dir, 'beta.md')].hash = stand
    writeFileSync(dataFolder(dataDir).importSources, JSON.stringify({ renderVersion: RENDER_VERSION, files: kept }))
    expect((await blog.importer.importPaths([join(dir, 'beta.md')])).summary.unchanged).toBe(1)
    // without that record, the file is read, and its text does not make that hash
    rmSync(dataFolder(dataDir).importSources)
    expect((await blog.importer.importPaths([join(dir, 'beta.md')])).summary.updated).toBe(1)

    // Same length, same modification time (as `cp -p` or a careful tool leaves it): only the
    // change time tells, and it does.
    const alpha = join(dir, 'alpha.md')
    const before = statSync(alpha)
    writeFileSync(alpha, '---\ntitle: Alpha\n---\n\nThe first essay, version two.\n')
    utimesSync(alpha, before.atime, before.mtime)
    expect(statSync(alpha).size).toBe(before.size)
    const edited = await blog.importer.importPaths([dir])
    expect(edited.summary).toMatchObject({ updated: 1, unchanged: 1 })
    const post = blog.store.posts().find((p) => p.title === 'Alpha')!
    expect((await blog.store.body(post)).html).toContain('version two')
    await blog.close()
  })

  it('does not trust a file written moments ago: it is read again next time', async () => {
    const dir = essays('fresh')
    const dataDir = join(tmp.path, 'fresh-data')
    const blog = await createBlog({ dataDir, env: {} })
    await blog.importer.importPaths([dir])
    // just written: its times could be those of a second write in the same clock tick
    expect(existsSync(dataFolder(dataDir).importSources) ? keptFiles(dataDir) : {}).toEqual({})
    await blog.close()
  })

  it('forgets files whose posts are gone, and ignores what another render version kept', async () => {
    const dir = essays('forget')
    const dataDir = join(tmp.path, 'forget-data')
    const blog = await createBlog({ dataDir, env: {}, now: later })
    await blog.importer.importPaths([dir])
    const beta = blog.store.posts().find((p) => p.title === 'Beta')!
    await blog.editor.remove({ userId: 1, role: 'admin' }, beta.id)
    await blog.importer.importPaths([join(dir, 'alpha.md')])
    const alpha = join(dir, 'alpha.md')
    expect(Object.keys(keptFiles(dataDir))).toEqual([alpha])
    await blog.close()

    const print = await SourceFingerprints.of(alpha, later().getTime())
    expect(print).not.toBeNull()
    const kept = await SourceFingerprints.open(dataDir, RENDER_VERSION)
    expect(kept.hashOf(alpha, print!)).toMatch(/^[0-9a-f]{32}$/)
    const other = await SourceFingerprints.open(dataDir, RENDER_VERSION + 1)
    expect(other.hashOf(alpha, print!)).toBeUndefined()
  })

  it('reads every file again when the kept file is damaged, and never fails an import over it', async () => {
    const dir = essays('damaged')
    const dataDir = join(tmp.path, 'damaged-data')
    const blog = await createBlog({ dataDir, env: {}, now: later })
    await blog.importer.importPaths([dir])
    writeFileSync(dataFolder(dataDir).importSources, '{"renderVersion": "not a number", "files": [')
    const again = await blog.importer.importPaths([dir])
    expect(again.summary).toMatchObject({ unchanged: 2, failed: 0 })
    // rewritten whole on that import
    expect(Object.keys(keptFiles(dataDir))).toHaveLength(2)
    await blog.close()
  })
})
