import { describe, it, expect, afterEach } from 'vitest'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { Store, SCHEMA_VERSION, checkDataFolder } from '../../src/store/index.js'
import { tempDir } from '../helpers/temp-dir.js'
import { newBody, newPost } from '../helpers/post-fixtures.js'
import { blog as runBlog, blogServe } from '../helpers/cli.js'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'

/**
 * Issue 21: a damaged data folder (db.json `{}`, missing, truncated; a shard missing; a journal
 * half-written) never loses a post. Opening it either repairs from what is on disk or refuses
 * with a message naming the file and the command that fixes it; no body file is ever deleted.
 */
const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

interface Seeded {
  dir: string
  bodies: () => string[]
  shard: (id: number) => string
  titles: Map<number, string>
}

/** Five posts (ids 1–5, one per shard) made through the real store; post 3 edited to a draft afterwards. */
async function seeded(): Promise<Seeded> {
  const t = tempDir('damaged-')
  cleanups.push(t.cleanup)
  const dir = t.path
  const store = await Store.open(dir)
  for (let i = 1; i <= 5; i++)
    await store.transact((tx) =>
      tx.insert(newPost({ title: `Essay ${i}`, slug: `essay-${i}` }), newBody(`Text of essay ${i}`)),
    )
  // A metadata-only change (no new body): a rebuild must still know the post is a draft.
  await store.transact((tx) => tx.update(3, { status: 'draft', title: 'Essay 3, retitled' }))
  const titles = new Map(store.posts().map((p) => [p.id, p.title]))
  const bodiesDir = join(dir, 'posts', 'bodies')
  return {
    dir,
    bodies: () => readdirSync(bodiesDir).sort(),
    shard: (id: number) => join(dir, 'posts', `index-${(id % 16).toString(16).padStart(2, '0')}.json`),
    titles,
  }
}

const open = (dir: string) => createBlog({ dataDir: dir, env: {}, log: () => {} })

async function refusal(dir: string): Promise<string> {
  try {
    const b = await open(dir)
    await b.close()
  } catch (e) {
    const err = e as Error & { hint?: string }
    return `${err.message}\n${err.hint ?? ''}`
  }
  throw new Error('the damaged data folder was opened')
}

describe('a damaged data folder never loses a post', () => {
  it('db.json `{}` is refused, never migrated: the shards and every body stay', async () => {
    const s = await seeded()
    const before = s.bodies()
    const shard = readFileSync(s.shard(1), 'utf8')
    writeFileSync(join(s.dir, 'db.json'), '{}')
    const message = await refusal(s.dir)
    expect(message).toContain(join(s.dir, 'db.json'))
    expect(message).toMatch(/blog doctor --repair/)
    expect(s.bodies()).toEqual(before)
    expect(readFileSync(s.shard(1), 'utf8')).toBe(shard)
    expect(readFileSync(join(s.dir, 'db.json'), 'utf8')).toBe('{}')
  })

  it('a missing db.json beside posts is not recreated empty; doctor --repair rebuilds it and setup then needs the terminal', async () => {
    const s = await seeded()
    const before = s.bodies()
    rmSync(join(s.dir, 'db.json'))
    const message = await refusal(s.dir)
    expect(message).toContain(join(s.dir, 'db.json'))
    expect(message).toMatch(/missing/)
    expect(message).toMatch(/blog doctor --repair/)
    expect(existsSync(join(s.dir, 'db.json'))).toBe(false)
    expect(s.bodies()).toEqual(before)

    const report = await checkDataFolder(s.dir, { repair: true })
    expect(report.healthy).toBe(true)
    const b = await open(s.dir)
    try {
      expect(new Map(b.store.posts().map((p) => [p.id, p.title]))).toEqual(s.titles)
      // The first admin of a site rebuilt beside its posts comes from the terminal, not from the first visitor.
      await expect(b.auth.createAdmin({ username: 'mallory', password: 'password1' }, GUEST)).rejects.toThrow(
        /blog admin create/,
      )
      await b.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
      const next = await b.store.transact((tx) => tx.insert(newPost({ slug: 'after-repair' }), newBody()))
      expect(next.id).toBe(6)
    } finally {
      await b.close()
    }
  })

  it('a truncated db.json is refused with its name and the repair command, and left as it was', async () => {
    const s = await seeded()
    const before = s.bodies()
    const db = join(s.dir, 'db.json')
    const half = readFileSync(db, 'utf8').slice(0, 40)
    writeFileSync(db, half)
    const message = await refusal(s.dir)
    expect(message).toContain(db)
    expect(message).toMatch(/blog doctor --repair/)
    expect(message).not.toMatch(/move it away/)
    expect(readFileSync(db, 'utf8')).toBe(half)
    expect(s.bodies()).toEqual(before)
  })

  it('a missing index shard is an error naming it, its bodies stay, and doctor --repair rebuilds it with its metadata', async () => {
    const s = await seeded()
    const before = s.bodies()
    rmSync(s.shard(3))
    const message = await refusal(s.dir)
    expect(message).toContain(s.shard(3))
    expect(message).toMatch(/blog doctor --repair/)
    expect(s.bodies()).toEqual(before)

    const check = await checkDataFolder(s.dir)
    expect(check.healthy).toBe(false)
    expect(check.problems.map((p) => p.file)).toContain(s.shard(3))
    expect(s.bodies()).toEqual(before)

    const repaired = await checkDataFolder(s.dir, { repair: true })
    expect(repaired.healthy).toBe(true)
    const b = await open(s.dir)
    try {
      expect(new Map(b.store.posts().map((p) => [p.id, p.title]))).toEqual(s.titles)
      expect(b.store.post(3)?.status).toBe('draft')
      expect((await b.store.body(b.store.post(3)!)).content).toBe('Text of essay 3')
    } finally {
      await b.close()
    }
  })

  it('a half-written commit journal is refused with its name; doctor --repair sets it aside and keeps every post', async () => {
    const s = await seeded()
    const before = s.bodies()
    const journal = join(s.dir, 'commit-journal.json')
    writeFileSync(journal, '{"shards":{"1":{"posts":[{"id":1,"ti')
    const message = await refusal(s.dir)
    expect(message).toContain(journal)
    expect(message).toMatch(/blog doctor --repair/)
    expect(s.bodies()).toEqual(before)

    expect((await checkDataFolder(s.dir, { repair: true })).healthy).toBe(true)
    expect(existsSync(journal)).toBe(false)
    const b = await open(s.dir)
    try {
      expect(new Map(b.store.posts().map((p) => [p.id, p.title]))).toEqual(s.titles)
    } finally {
      await b.close()
    }
  })

  it('a shard with an invalid entry is refused in one line naming the file, not a raw schema dump', async () => {
    const s = await seeded()
    const shard = JSON.parse(readFileSync(s.shard(2), 'utf8')) as { posts: Record<string, unknown>[] }
    shard.posts[0].publishedAt = 'yesterday'
    writeFileSync(s.shard(2), JSON.stringify(shard))
    const message = await refusal(s.dir)
    const [first] = message.split('\n')
    expect(first).toContain(s.shard(2))
    expect(first).toMatch(/publishedAt/)
    expect(message).not.toMatch(/"code":|ZodError|\[\s*\{/)
    expect(message).toMatch(/blog doctor/)
  })

  it('a journal with an invalid entry is refused in one line naming the file, not a raw schema dump', async () => {
    const s = await seeded()
    const before = s.bodies()
    const journal = join(s.dir, 'commit-journal.json')
    const shard = JSON.parse(readFileSync(s.shard(1), 'utf8')) as { posts: Record<string, unknown>[] }
    shard.posts[0].status = 'half-published'
    writeFileSync(journal, JSON.stringify({ shards: { 1: shard }, db: null }))
    const message = await refusal(s.dir)
    const [first] = message.split('\n')
    expect(first).toContain(journal)
    expect(first).toMatch(/status/)
    expect(message).not.toMatch(/"code":|ZodError|\[\s*\{/)
    expect(message).toMatch(/blog doctor --repair/)
    expect(s.bodies()).toEqual(before)
  })

  it('a migration keeps a copy of the old db.json first', async () => {
    const t = tempDir('damaged-')
    cleanups.push(t.cleanup)
    const old = JSON.stringify({
      schemaVersion: 4,
      nextPostId: 1,
      users: [],
      nextUserId: 1,
      subscribers: [],
      nextSubscriberId: 1,
      alerts: { baselineAt: null, alertedSlugs: [], queue: [] },
      comments: [],
      nextCommentId: 1,
      settings: { about: 'Kept', footer: null },
    })
    writeFileSync(join(t.path, 'db.json'), old)
    const store = await Store.open(t.path)
    expect(store.db.schemaVersion).toBe(SCHEMA_VERSION)
    expect(readFileSync(join(t.path, 'db.json.bak-v4'), 'utf8')).toBe(old)
  })

  it('`blog doctor --json` names the damaged file; `--repair` fixes it; a sound folder is healthy', async () => {
    const s = await seeded()
    rmSync(s.shard(4))
    const check = await runBlog(['doctor', '--json', '--data', s.dir])
    expect(check.code).toBe(1)
    const report = JSON.parse(check.stdout) as {
      healthy: boolean
      problems: { file: string; problem: string; fix: string }[]
    }
    expect(report.healthy).toBe(false)
    expect(report.problems.find((p) => p.file === s.shard(4))?.fix).toMatch(/blog doctor --repair/)
    const repair = await runBlog(['doctor', '--repair', '--data', s.dir])
    expect(repair.code, repair.stderr).toBe(0)
    expect(repair.stdout).toMatch(/index-04\.json/)
    const again = await runBlog(['doctor', '--data', s.dir])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/5 posts/)
  }, 60_000)

  it('`blog serve` refuses to start on each damage, naming the file and the command that fixes it, and keeps every post', async () => {
    const s = await seeded()
    const before = s.bodies()
    const db = join(s.dir, 'db.json')
    const journal = join(s.dir, 'commit-journal.json')
    const sound = readFileSync(db, 'utf8')
    const damages: [string, string, () => void, () => void][] = [
      ['db.json {}', db, () => writeFileSync(db, '{}'), () => writeFileSync(db, sound)],
      ['db.json missing', db, () => rmSync(db), () => writeFileSync(db, sound)],
      ['db.json cut short', db, () => writeFileSync(db, sound.slice(0, 40)), () => writeFileSync(db, sound)],
      ['a shard missing', s.shard(3), () => rmSync(s.shard(3)), () => {}],
      [
        'a half-written journal',
        journal,
        () => writeFileSync(journal, '{"shards":{"1":{"posts":[{"id":1,"ti'),
        () => {},
      ],
    ]
    const shard3 = readFileSync(s.shard(3), 'utf8')
    for (const [what, file, damage, undo] of damages) {
      damage()
      const started = blogServe(['--port', '0', '--data', s.dir])
      const outcome = await started.then(
        async (served) => {
          await served.stop()
          return `started: ${served.output()}`
        },
        (e: unknown) => (e as Error).message,
      )
      expect(outcome, what).toMatch(/^blog serve exited with 2:/)
      expect(outcome, what).toContain(file)
      expect(outcome, what).toMatch(/blog doctor --repair/)
      expect(s.bodies(), what).toEqual(before)
      undo()
      if (file === s.shard(3)) writeFileSync(s.shard(3), shard3)
      if (file === journal) rmSync(journal)
    }
  }, 120_000)

  it('a 500 after db.json is damaged under a running server does not show the data path to web clients', async () => {
    const ctx = await servedBlog({ fixtures: null })
    try {
      writeFileSync(join(ctx.dataDir, 'db.json'), JSON.stringify({ schemaVersion: SCHEMA_VERSION }))
      const res = await new ApiClient(ctx.server.url).post('/api/auth/setup', {
        username: 'someone',
        password: 'password1',
      })
      expect(res.status).toBe(500)
      expect(res.text).not.toContain(ctx.dataDir)
      expect(res.text).not.toContain('db.json')
    } finally {
      await ctx.cleanup()
    }
  })
})
