import { describe, it, expect, afterEach } from 'vitest'
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { Store, SCHEMA_VERSION } from '../../../src/store/index.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { newBody, newPost } from '../../helpers/post-fixtures.js'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))
const dir = () => {
  const t = tempDir('store-')
  cleanups.push(t.cleanup)
  return t.path
}

describe('Store', () => {
  it('creates an empty data folder at the current schema version', async () => {
    const d = dir()
    const store = await Store.open(d)
    expect(store.posts()).toEqual([])
    expect(JSON.parse(readFileSync(join(d, 'db.json'), 'utf8')).schemaVersion).toBe(SCHEMA_VERSION)
  })

  it('persists posts and bodies across a reopen (the real file adapter, not memory)', async () => {
    const d = dir()
    const store = await Store.open(d)
    const meta = await store.transact((tx) => tx.insert(newPost({ slug: 'hello' }), newBody('Hello')))
    expect(meta.id).toBe(1)
    const again = await Store.open(d)
    const found = again.postBySlug('hello')
    expect(found?.title).toBe(meta.title)
    expect((await again.body(found!)).content).toBe('Hello')
  })

  it('drops every change when the transaction throws', async () => {
    const store = await Store.open(dir())
    await expect(
      store.transact((tx) => {
        tx.insert(newPost({ slug: 'a' }), newBody())
        tx.db.settings.about = 'changed'
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(store.posts()).toHaveLength(0)
    expect(store.db.settings.about).toBeNull()
  })

  it('refuses a second post with the same slug', async () => {
    const store = await Store.open(dir())
    await store.transact((tx) => tx.insert(newPost({ slug: 'same' }), newBody()))
    await expect(store.transact((tx) => tx.insert(newPost({ slug: 'same' }), newBody()))).rejects.toThrow(
      /already exists/,
    )
  })

  it('writes a new body file per body revision and removes the old one', async () => {
    const d = dir()
    const store = await Store.open(d)
    const { id } = await store.transact((tx) => tx.insert(newPost(), newBody('one')))
    await store.transact((tx) => tx.update(id, { title: 'Renamed' }))
    expect(store.post(id)?.bodyRev).toBe(1)
    expect(store.post(id)?.rev).toBe(2)
    await store.transact((tx) => tx.update(id, {}, { content: 'two' }))
    expect(store.post(id)?.bodyRev).toBe(2)
    expect(readdirSync(join(d, 'posts', 'bodies')).filter((f) => f.startsWith(`${id}.`))).toEqual([`${id}.2.json`])
    expect((await store.body(store.post(id)!)).content).toBe('two')
  })

  it('sees writes made through another Store on the same folder', async () => {
    const d = dir()
    const a = await Store.open(d)
    const b = await Store.open(d)
    await a.transact((tx) => tx.insert(newPost({ slug: 'from-a' }), newBody()))
    expect(b.postBySlug('from-a')).toBeNull()
    const change = await b.refresh()
    expect(change?.postIds).toHaveLength(1)
    expect(b.postBySlug('from-a')).not.toBeNull()
    // A transaction re-reads first, so b's insert does not reuse a's id.
    const second = await b.transact((tx) => tx.insert(newPost({ slug: 'from-b' }), newBody()))
    expect(second.id).toBe(2)
  })

  it('removes posts and their bodies', async () => {
    const d = dir()
    const store = await Store.open(d)
    const { id } = await store.transact((tx) => tx.insert(newPost({ slug: 'gone' }), newBody()))
    await store.transact((tx) => tx.remove(id))
    expect(store.postBySlug('gone')).toBeNull()
    expect(existsSync(join(d, 'posts', 'bodies', `${id}.1.json`))).toBe(false)
  })

  it('migrates a version-0 single-file database, keeping every post', async () => {
    const d = dir()
    writeFileSync(
      join(d, 'db.json'),
      JSON.stringify({
        posts: [
          {
            id: 3,
            title: 'Old one',
            slug: 'old-one',
            content: '# Old\n\nText $x^2$',
            tags: ['a'],
            status: 'draft',
            featured: 1,
          },
          { id: 7, title: 'Old two', slug: 'old-two', content: 'More', publishedAt: '2020-05-01' },
        ],
        settings: { about: 'About us', footer: null },
      }),
    )
    const store = await Store.open(d)
    expect(store.posts().map((p) => [p.id, p.slug, p.status, p.featured])).toEqual([
      [3, 'old-one', 'draft', 1],
      [7, 'old-two', 'published', 0],
    ])
    expect(store.db.settings.about).toBe('About us')
    expect((await store.body(store.post(3)!)).content).toContain('$x^2$')
    const next = await store.transact((tx) => tx.insert(newPost(), newBody()))
    expect(next.id).toBe(8)
  })

  it('adds accounts to a version-1 data folder, keeping its settings', async () => {
    const d = dir()
    writeFileSync(
      join(d, 'db.json'),
      JSON.stringify({ schemaVersion: 1, nextPostId: 4, settings: { about: 'Hello', footer: null } }),
    )
    const store = await Store.open(d)
    expect(store.db.users).toEqual([])
    expect(store.db.nextUserId).toBe(1)
    expect(store.db.subscribers).toEqual([])
    expect(store.db.comments).toEqual([])
    expect(store.db.nextPostId).toBe(4)
    expect(store.db.settings.about).toBe('Hello')
    expect(JSON.parse(readFileSync(join(d, 'db.json'), 'utf8')).schemaVersion).toBe(SCHEMA_VERSION)
  })

  it('refuses a data folder written by a newer version', async () => {
    const d = dir()
    writeFileSync(
      join(d, 'db.json'),
      JSON.stringify({ schemaVersion: SCHEMA_VERSION + 1, nextPostId: 1, settings: { about: null, footer: null } }),
    )
    await expect(Store.open(d)).rejects.toThrow(/newer Scholia/)
  })

  it('reports a corrupt db.json instead of overwriting it', async () => {
    const d = dir()
    writeFileSync(join(d, 'db.json'), '{ not json')
    await expect(Store.open(d)).rejects.toThrow(/not valid JSON/)
    expect(readFileSync(join(d, 'db.json'), 'utf8')).toBe('{ not json')
  })
})
