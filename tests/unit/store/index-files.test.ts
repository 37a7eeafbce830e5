import { describe, it, expect, afterEach } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { IndexFiles } from '../../../src/store/index-files.js'
import { layout } from '../../../src/store/post-files.js'
import { StoreLock } from '../../../src/store/lock.js'
import { emptyDb } from '../../../src/store/db-schema.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { newPost } from '../../helpers/post-fixtures.js'
import type { PostMeta } from '../../../src/shared/schemas/index.js'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))
const files = () => {
  const t = tempDir('index-files-')
  cleanups.push(t.cleanup)
  const f = layout(t.path)
  mkdirSync(f.postsDir, { recursive: true })
  return f
}
const meta = (id: number): PostMeta => ({ ...newPost({ slug: `post-${id}` }), id, rev: 1, bodyRev: 1 })

describe('IndexFiles', () => {
  it('tells a missing file (null) from one read before, though Low keeps data on a missing file', async () => {
    const f = files()
    const index = new IndexFiles(f)
    await index.write({ 3: { posts: [meta(3)] } }, emptyDb())
    expect((await index.readShard(3))?.posts.map((p) => p.id)).toEqual([3])
    expect(await index.readShard(4)).toBeNull()
    expect(index.shards[4].data).toBeNull()
    expect((await index.readDb())?.nextPostId).toBe(1)
  })

  it('writes shards and db.json in the format existing data folders hold', async () => {
    const f = files()
    await new IndexFiles(f).write({ 1: { posts: [meta(1)] } }, { ...emptyDb(), nextPostId: 2 })
    expect(JSON.parse(readFileSync(f.shard(1), 'utf8')).posts[0].id).toBe(1)
    expect(JSON.parse(readFileSync(f.db, 'utf8')).nextPostId).toBe(2)
  })

  it('refuses a shard entry that is not a post, naming the file and the entry', async () => {
    const f = files()
    writeFileSync(f.shard(2), JSON.stringify({ posts: [{ id: 2 }] }))
    await expect(new IndexFiles(f).readShard(2)).rejects.toThrow(`${f.shard(2)} has an invalid entry 1 (post 2)`)
  })

  it('with the store lock as guard, writes only inside the lock', async () => {
    const f = files()
    const lock = new StoreLock(f.root)
    const index = new IndexFiles(f, () => lock.assertHeld())
    await expect(index.write({}, emptyDb())).rejects.toThrow('without holding its store lock')
    await lock.run(() => index.write({}, emptyDb()))
    expect(JSON.parse(readFileSync(f.db, 'utf8')).nextPostId).toBe(1)
  })
})
