import { describe, it, expect } from 'vitest'
import { join } from 'node:path'
import { dataFolder, STORE_TEMP_FILE } from '../../../src/core/data-folder.js'

describe('dataFolder', () => {
  const f = dataFolder('/d')

  it('keeps the names existing data folders hold', () => {
    expect(f.db).toBe(join('/d', 'db.json'))
    expect(f.dbBackup(3)).toBe(join('/d', 'db.json.bak-v3'))
    expect(f.journal).toBe(join('/d', 'commit-journal.json'))
    expect(f.lock).toBe(join('/d', 'store.lock'))
    expect(f.lockOwner).toBe(join('/d', 'store.lock.owner'))
    expect(f.shard(10)).toBe(join('/d', 'posts', 'index-0a.json'))
    expect(f.body(7, 2)).toBe(join('/d', 'posts', 'bodies', '7.2.json'))
    expect(f.config).toBe(join('/d', 'config.json'))
    expect(f.sessionSecret).toBe(join('/d', 'session-secret'))
    expect(f.searchSnapshot).toBe(join('/d', 'search-index.json'))
    expect(f.outboxDir).toBe(join('/d', 'outbox'))
    expect(f.trackingDir).toBe(join('/d', 'tracking'))
    expect([f.mediaDir, f.mediaPostsDir, f.mediaOgDir, f.assetsDir]).toEqual([
      join('/d', 'media'),
      join('/d', 'media', 'posts'),
      join('/d', 'media', 'og'),
      join('/d', 'media', 'assets'),
    ])
    expect(f.bibliographyCacheDir('parsed')).toBe(join('/d', 'cache', 'bibliography', 'parsed'))
  })

  it("knows the temp names of the store's own files, and only those", () => {
    const temp = (path: string) => `.${path.split('/').pop()}.123.0badc0de.tmp`
    for (const path of [f.db, f.dbBackup(2), f.journal, f.lockOwner, f.shard(15), f.body(12, 3)])
      expect(STORE_TEMP_FILE.test(temp(path))).toBe(true)
    for (const path of [f.config, f.sessionSecret, f.searchSnapshot, f.db])
      expect(STORE_TEMP_FILE.test(path.split('/').pop()!)).toBe(false)
    expect(STORE_TEMP_FILE.test(temp(f.searchSnapshot))).toBe(false)
  })
})
