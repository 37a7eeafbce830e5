import { describe, it, expect, afterAll } from 'vitest'
import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { Store } from '../../src/store/index.js'
import { writeJournal } from '../../src/store/commit-journal.js'
import { breakIfOwnerDead } from '../../src/store/lock-owner.js'
import { layout, shardOf } from '../../src/store/post-files.js'
import { newBody, newPost } from '../helpers/post-fixtures.js'
import { blog } from '../helpers/cli.js'
import { writeEssays } from '../helpers/essays.js'
import { ApiClient } from '../helpers/http-client.js'
import { adminClient, spawnServer } from '../helpers/spawn-server.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('concurrency-')
afterAll(tmp.cleanup)

const BATCH = 8

function storm(dataDir: string, name: string, batches: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(projectRoot, 'tests', 'helpers', 'storm-writer.ts'),
        dataDir,
        name,
        String(batches),
        String(BATCH),
      ],
      {
        cwd: projectRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}`))))
  })
}

/** What a reader must never see: part of a batch, or a count in db.json that disagrees with the posts. */
function tornIn(store: Store, names: string[]): string | null {
  const sizes = new Map<string, number>()
  for (const p of store.posts()) for (const t of p.tags) sizes.set(t, (sizes.get(t) ?? 0) + 1)
  for (const [tag, n] of sizes) if (n !== BATCH) return `batch ${tag} has ${n} of ${BATCH} posts`
  const counts = (store.db as { storm?: Record<string, number> }).storm ?? {}
  for (const name of names) {
    const whole = [...sizes.keys()].filter((t) => t.startsWith(`${name}-b`)).length
    if (whole !== (counts[name] ?? 0))
      return `db.json counts ${counts[name] ?? 0} batches of ${name}, the index holds ${whole}`
  }
  return null
}

describe('a reader beside writers in other processes', () => {
  it('never sees a torn state while two processes commit multi-shard transactions', async () => {
    const dataDir = join(tmp.path, 'storm')
    const reader = await Store.open(dataDir)
    const names = ['north', 'south']
    let done = false
    const writers = Promise.all(names.map((n) => storm(dataDir, n, 40))).finally(() => (done = true))
    const problems: string[] = []
    let looks = 0
    let reloads = 0
    // Re-read as the server's watcher does, and look at the state on every turn of the event
    // loop while the re-read is under way: that is when a request would be served.
    while (!done) {
      let settled = false
      const refreshing = reader.refresh().finally(() => (settled = true))
      while (!settled) {
        looks++
        const torn = tornIn(reader, names)
        if (torn) problems.push(torn)
        await new Promise((r) => setImmediate(r))
      }
      await refreshing
      reloads++
      // As the server's watcher does (debounced): a reader that re-took the lock at once would starve the writers.
      await new Promise((r) => setTimeout(r, 20))
    }
    await writers
    await reader.refresh()
    expect(problems).toEqual([])
    expect(tornIn(reader, names)).toBeNull()
    expect(reader.posts()).toHaveLength(2 * 40 * BATCH)
    expect((reader.db as { storm?: Record<string, number> }).storm).toEqual({ north: 40, south: 40 })
    expect(looks).toBeGreaterThan(reloads)
  }, 120_000)

  it('two blog imports and a served blog taking API writes lose nothing, and readers only see whole imports', async () => {
    const root = join(tmp.path, 'mixed')
    const dataDir = join(root, 'data')
    const base = writeEssays(join(root, 'base'), 'base', 4)
    expect((await blog(['import', join(root, 'base'), '--data', dataDir])).code).toBe(0)
    writeEssays(join(root, 'first'), 'first', 25)
    writeEssays(join(root, 'second'), 'second', 25)
    const server = await spawnServer(dataDir)
    try {
      const admin = await adminClient(server)
      const list = await admin.get<{ id: number; slug: string; tags: string[] }[]>('/api/posts')
      const ids = base.map((slug) => list.body.find((p) => p.slug === slug)!.id)

      let importing = true
      const seen: string[] = []
      const poller = (async () => {
        const guest = new ApiClient(server.url)
        while (importing) {
          const res = await guest.get<{ tags: string[] }[]>('/api/posts')
          expect(res.status).toBe(200)
          for (const tag of ['first', 'second']) {
            const n = res.body.filter((p) => p.tags.includes(tag)).length
            if (n !== 0 && n !== 25) seen.push(`${tag}: ${n} of 25`)
          }
        }
      })()

      const lastTitle = new Map<number, string>()
      const subscribed: string[] = []
      const writes = (async () => {
        for (let round = 0; round < 12; round++) {
          for (const id of ids) {
            const title = `Edited ${id} round ${round}`
            const res = await admin.request('PUT', `/api/posts/${id}`, { title })
            expect(res.status, res.text).toBe(200)
            lastTitle.set(id, title)
          }
          if (round < 8) {
            const email = `reader${round}@example.org`
            const res = await admin.post('/api/subscribe', { email })
            expect(res.status, res.text).toBeLessThan(300)
            subscribed.push(email)
          }
        }
      })()
      const imports = await Promise.all([
        blog(['import', join(root, 'first'), '--data', dataDir, '--json']),
        blog(['import', join(root, 'second'), '--data', dataDir, '--json']),
      ])
      await writes
      importing = false
      await poller

      for (const r of imports) {
        expect(r.code, r.stderr).toBe(0)
        expect(JSON.parse(r.stdout).summary.imported).toBe(25)
      }
      expect(seen).toEqual([])

      const store = await Store.open(dataDir)
      expect(store.posts()).toHaveLength(54)
      expect(new Set(store.posts().map((p) => p.slug)).size).toBe(54)
      for (const [id, title] of lastTitle) expect(store.post(id)?.title).toBe(title)
      for (const email of subscribed) expect(store.db.subscribers.map((s) => s.email)).toContain(email)
    } finally {
      await server.stop()
    }
  }, 180_000)
})

describe('what a killed writer leaves behind', () => {
  it('a lock whose holder was killed is broken by the next writer, not waited out', async () => {
    const dataDir = join(tmp.path, 'killed-holder')
    await Store.open(dataDir)
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(projectRoot, 'tests', 'helpers', 'lock-holder.ts'), dataDir],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve) =>
      child.stdout!.on('data', (d: Buffer) => String(d).includes('holding') && resolve()),
    )
    await new Promise((resolve) => {
      child.once('exit', resolve)
      child.kill('SIGKILL')
    })
    const lockPath = join(dataDir, 'store.lock')
    // proper-lockfile alone still calls it held (its mtime is fresh) ...
    expect(await lockfile.check(dataDir, { lockfilePath: lockPath, realpath: false, stale: 15_000 })).toBe(true)
    // ... but its holder is gone, so it is broken and the next write goes through.
    expect(await breakIfOwnerDead(lockPath)).toBe(true)
    const store = await Store.open(dataDir)
    await store.transact((tx) => void tx.insert(newPost({ slug: 'after-the-kill' }), newBody('after')))
    expect(store.postBySlug('after-the-kill')).not.toBeNull()
  }, 60_000)

  it('a commit cut off after its journal was written is finished by whoever opens the folder next', async () => {
    const dataDir = join(tmp.path, 'journal')
    const store = await Store.open(dataDir)
    const [a, b] = await store.transact((tx) => [
      tx.insert(newPost({ slug: 'one' }), newBody('one')),
      tx.insert(newPost({ slug: 'two' }), newBody('two')),
    ])
    // The state a kill between two renames leaves: the journal holds the whole commit (post
    // one renamed, post two deleted, the db counter moved), no file has been replaced yet.
    const files = layout(dataDir)
    const renamed = { ...a, title: 'Renamed', rev: a.rev + 1 }
    const db = { ...store.db, nextPostId: 99 }
    await writeJournal(files, { shards: { [shardOf(a.id)]: { posts: [renamed] }, [shardOf(b.id)]: { posts: [] } }, db })
    const next = await Store.open(dataDir)
    expect(next.postBySlug('one')?.title).toBe('Renamed')
    expect(next.postBySlug('two')).toBeNull()
    expect(next.db.nextPostId).toBe(99)
    expect(existsSync(files.journal)).toBe(false)
  })

  it('a journal whose rename never happened is not a commit: the folder opens as it was, temp files swept', async () => {
    const dataDir = join(tmp.path, 'torn-journal')
    const store = await Store.open(dataDir)
    await store.transact((tx) => void tx.insert(newPost({ slug: 'kept' }), newBody('kept')))
    const half = join(dataDir, `.commit-journal.json.${process.pid}.0badc0de.tmp`)
    writeFileSync(half, '{"shards":{"1":{"posts":[')
    writeFileSync(join(dataDir, 'posts', 'bodies', '999.1.json'), '{}')
    const next = await Store.open(dataDir)
    expect(next.posts().map((p) => p.slug)).toEqual(['kept'])
    expect(existsSync(half)).toBe(false)
    expect(existsSync(join(dataDir, 'posts', 'bodies', '999.1.json'))).toBe(false)
  })
})
