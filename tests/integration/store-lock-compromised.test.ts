import { describe, it, expect, afterEach, vi } from 'vitest'
import { utimesSync } from 'node:fs'
import { join } from 'node:path'
import { Store } from '../../src/store/index.js'
import { BlogError } from '../../src/core/errors.js'
import type * as Journal from '../../src/store/commit-journal.js'
import { tempDir } from '../helpers/temp-dir.js'
import { newBody, newPost } from '../helpers/post-fixtures.js'

/**
 * Issue 21, finding 8: a writer that stalls longer than the lock's stale time loses store.lock
 * to another process. proper-lockfile's default then throws ECOMPROMISED from a timer, which
 * killed `blog serve`. The stall is faked: the lock's mtime is set into the past (what another
 * process sees after our 15 s without an update), with a short stale time so the test is quick.
 */
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))
const fast = { lockTiming: { staleMs: 2_000, updateMs: 1_000 } }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Run once right after a commit's journal lands (its commit point), before the files it names
 * are replaced: the one moment a stall can be simulated past the commit point. Null: no effect.
 */
let afterCommitPoint: (() => Promise<void>) | null = null
vi.mock('../../src/store/commit-journal.js', async (importOriginal) => {
  const real = await importOriginal<typeof Journal>()
  return {
    ...real,
    writeJournal: async (...args: Parameters<typeof real.writeJournal>) => {
      await real.writeJournal(...args)
      const hook = afterCommitPoint
      afterCommitPoint = null
      if (hook) await hook()
    },
  }
})

function staleLock(dir: string): void {
  const past = new Date(Date.now() - 60_000)
  utimesSync(join(dir, 'store.lock'), past, past)
}

describe('a writer whose store lock is taken over while it stalls', () => {
  it('does not crash, and neither its post nor the other writer’s is lost', async () => {
    const t = tempDir('lock-')
    cleanups.push(t.cleanup)
    const uncaught: unknown[] = []
    const onUncaught = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onUncaught)
    try {
      const a = await Store.open(t.path, fast)
      const b = await Store.open(t.path, fast)
      let attempts = 0
      const mine = await a.transact(async (tx) => {
        attempts += 1
        const meta = tx.insert(newPost({ slug: 'from-a' }), newBody('A'))
        if (attempts === 1) {
          // A stalls: its lock goes stale, B breaks it and commits a post of its own meanwhile.
          staleLock(t.path)
          await b.transact((other) => other.insert(newPost({ slug: 'from-b' }), newBody('B')))
          await sleep(1_300) // A's lock refresh runs, and finds the lock is no longer A's
        }
        return meta
      })
      expect(uncaught).toEqual([])
      const c = await Store.open(t.path)
      expect(
        c
          .posts()
          .map((p) => p.slug)
          .sort(),
      ).toEqual(['from-a', 'from-b'])
      expect(new Set(c.posts().map((p) => p.id)).size).toBe(2)
      expect(c.postBySlug('from-a')?.id).toBe(mine.id)
      expect((await c.body(c.postBySlug('from-b')!)).content).toBe('B')
      // The lock works as before afterwards.
      await a.transact((tx) => tx.insert(newPost({ slug: 'later' }), newBody()))
      expect((await b.refresh())?.postIds).toHaveLength(2)
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  }, 30_000)

  it('does not crash when the lock is lost with no one else writing: the change is saved', async () => {
    // Default timing here: the lock is refreshed every 5 s, so the stall lasts a little longer.
    const t = tempDir('lock-')
    cleanups.push(t.cleanup)
    const uncaught: unknown[] = []
    const onUncaught = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onUncaught)
    try {
      const a = await Store.open(t.path)
      let stalled = false
      await a.transact(async (tx) => {
        tx.insert(newPost({ slug: 'alone' }), newBody())
        if (!stalled) {
          stalled = true
          staleLock(t.path)
          await sleep(5_500)
        }
      })
      expect(uncaught).toEqual([])
      expect((await Store.open(t.path)).postBySlug('alone')).not.toBeNull()
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  }, 30_000)

  it('does not crash when the lock is lost past the commit point: the next holder finishes the commit, and it is confirmed', async () => {
    // blog import died so once after its commit had landed (issue 21, finding 8).
    const t = tempDir('lock-')
    cleanups.push(t.cleanup)
    const uncaught: unknown[] = []
    const onUncaught = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onUncaught)
    try {
      const a = await Store.open(t.path, fast)
      const b = await Store.open(t.path, fast)
      afterCommitPoint = async () => {
        // A's journal is written; A stalls before replacing the shard and db.json. B breaks
        // the stale lock, finishes A's journal on taking it, and commits a post of its own.
        staleLock(t.path)
        await b.transact((other) => other.insert(newPost({ slug: 'from-b' }), newBody('B')))
        await sleep(1_300) // A's lock refresh runs, and finds the lock is no longer A's
      }
      let runs = 0
      const mine = await a.transact((tx) => {
        runs += 1
        return tx.insert(newPost({ slug: 'from-a' }), newBody('A'))
      })
      expect(uncaught).toEqual([])
      // Confirmed, not redone: run once, and no second copy of the post.
      expect(runs).toBe(1)
      expect(a.postBySlug('from-a')?.id).toBe(mine.id)
      const c = await Store.open(t.path)
      expect(
        c
          .posts()
          .map((p) => p.slug)
          .sort(),
      ).toEqual(['from-a', 'from-b'])
      expect(new Set(c.posts().map((p) => p.id)).size).toBe(2)
      expect((await c.body(c.postBySlug('from-a')!)).content).toBe('A')
    } finally {
      afterCommitPoint = null
      process.off('uncaughtException', onUncaught)
    }
  }, 30_000)

  it('says the change may not be saved, without crashing, when the next holder changed it again before it could be confirmed', async () => {
    const t = tempDir('lock-')
    cleanups.push(t.cleanup)
    const uncaught: unknown[] = []
    const onUncaught = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', onUncaught)
    try {
      const a = await Store.open(t.path, fast)
      const b = await Store.open(t.path, fast)
      const first = await a.transact((tx) => tx.insert(newPost({ slug: 'shared', title: 'First' }), newBody()))
      afterCommitPoint = async () => {
        staleLock(t.path)
        // B finishes A's journal (the retitle and the new post), then retitles the post again.
        await b.transact((other) => other.update(first.id, { title: 'Retitled by B' }))
        await sleep(1_300)
      }
      const outcome = await a
        .transact(async (tx) => {
          await tx.update(first.id, { title: 'Retitled by A' })
          tx.insert(newPost({ slug: 'second' }), newBody())
        })
        .then(
          () => null,
          (e: unknown) => e,
        )
      expect(uncaught).toEqual([])
      expect(outcome).toBeInstanceOf(BlogError)
      expect((outcome as BlogError).message).toMatch(/may not have been saved/)
      // Nothing is lost: B's later title stands, and A's other post landed with A's commit.
      const c = await Store.open(t.path)
      expect(c.post(first.id)?.title).toBe('Retitled by B')
      expect(c.postBySlug('second')).not.toBeNull()
      // This process carries on writing.
      await a.transact((tx) => tx.insert(newPost({ slug: 'later' }), newBody()))
      expect(a.postBySlug('later')).not.toBeNull()
    } finally {
      afterCommitPoint = null
      process.off('uncaughtException', onUncaught)
    }
  }, 30_000)
})
