import { describe, it, expect, afterAll } from 'vitest'
import { appendFileSync, cpSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { blog, eventually } from '../helpers/cli.js'
import { writeEssays } from '../helpers/essays.js'
import { fileCount, runAndKill, runAndKillWhen, seeded } from '../helpers/kill-at-random.js'
import { alertMails, inspectDataDir, unreferencedImages } from '../helpers/store-checks.js'
import { adminClient, spawnServer } from '../helpers/spawn-server.js'
import { ApiClient } from '../helpers/http-client.js'
import { fixtureSite } from '../helpers/blog.js'
import { tempDir } from '../helpers/temp-dir.js'

// Kill moments are random but repeatable: a failure names its seed (CRASH_SEED=… to replay).
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000)
const rand = seeded(SEED)
const between = (lo: number, hi: number) => Math.round(lo + rand() * (hi - lo))
const tmp = tempDir('crash-')
afterAll(tmp.cleanup)
const env = { BLOG_AI_PROVIDER: 'local', OPENAI_API_KEY: '' }

describe(`SIGKILL at random moments (seed ${SEED})`, () => {
  const dataDir = join(tmp.path, 'data')
  const essays = join(tmp.path, 'essays')
  cpSync(fixtureSite, essays, { recursive: true })
  const slugs = writeEssays(essays, 'crash', 30)
  const total = slugs.length + 3
  /** Each test also runs on its own (-t): the site is imported whole first; unchanged files are skipped. */
  const imported = async () => expect((await blog(['import', essays, '--data', dataDir], { env })).code).toBe(0)

  it('a killed blog import always leaves a store that opens, with all of its commit or none, and the next import completes it without duplicates', async () => {
    for (let run = 0; run < 4; run++) {
      // Every run changes every essay, so every run has a commit to cut; odd runs aim the
      // kill at it (just after the first body file of the commit appears).
      for (const slug of slugs) appendFileSync(join(essays, `${slug}.md`), `\nRevision ${run}.\n`)
      const bodies = join(dataDir, 'posts', 'bodies')
      const before = fileCount(bodies)
      const r =
        run % 2
          ? await runAndKillWhen(
              ['import', essays, '--data', dataDir],
              () => fileCount(bodies) > before,
              between(0, 30),
              env,
            )
          : await runAndKill(['import', essays, '--data', dataDir], between(400, 3_500), env)
      if (!r.killed) expect(r.code, `run ${run} finished before its kill`).toBe(0)
      const seen = await inspectDataDir(dataDir)
      expect(seen.problems, `run ${run}`).toEqual([])
      expect([0, total], `run ${run}`).toContain(seen.posts.length)
      // One transaction: the essays were all revised together, or none was.
      expect(
        new Set(seen.posts.filter((p) => slugs.includes(p.slug)).map((p) => p.rev)).size,
        `run ${run}`,
      ).toBeLessThanOrEqual(1)
    }
    const last = await blog(['import', essays, '--data', dataDir, '--json'], { env })
    expect(last.code, last.stderr).toBe(0)
    const seen = await inspectDataDir(dataDir)
    expect(seen.problems).toEqual([])
    expect(seen.posts).toHaveLength(total)
    expect(seen.listed).toBe(total - 1) // one fixture is a draft
  }, 180_000)

  it('a killed blog generate leaves a store that opens; finishing it leaves one set of images per post', async () => {
    await imported()
    // A handful of posts keeps this quick; the soak runs it on the whole corpus.
    const some = slugs.slice(0, 5)
    for (let run = 0; run < 3; run++) {
      await runAndKill(['generate', '--images', '--summary', ...some, '--data', dataDir], between(1_000, 4_000), env)
      const seen = await inspectDataDir(dataDir)
      expect(seen.problems, `run ${run}`).toEqual([])
      expect(seen.posts).toHaveLength(total)
    }
    const last = await blog(['generate', '--images', '--summary', ...some, '--data', dataDir, '--json'], { env })
    expect(last.code, last.stderr).toBe(0)
    const seen = await inspectDataDir(dataDir)
    expect(seen.problems).toEqual([])
    expect(seen.posts.filter((p) => some.includes(p.slug) && p.bannerImage)).toHaveLength(some.length)
    expect(unreferencedImages(dataDir, seen.posts)).toEqual([])
  }, 300_000)

  it('a killed server keeps every write it acknowledged, requeues its jobs and sends no alert twice', async () => {
    const acked = {
      titles: new Map<number, string>(),
      tried: new Map<number, Set<string>>(),
      subscribers: [] as string[],
      comments: [] as string[],
    }
    let n = 0
    await imported()
    for (let run = 0; run < 3; run++) {
      const incoming = join(tmp.path, `incoming-${run}`)
      mkdirSync(incoming, { recursive: true })
      const server = await spawnServer(dataDir, ['--watch', incoming])
      const admin = await adminClient(server)
      const guest = new ApiClient(server.url)
      const posts = (await admin.get<{ id: number; slug: string }[]>('/api/posts')).body.slice(0, 6)
      // Work for the job runner, to be cut short by the kill.
      await admin.post('/api/posts/annotations/bulk-generate', { postIds: posts.map((p) => p.id) })
      // A post published now: subscribers get an alert, drained while the kill may land.
      writeEssays(incoming, `fresh${run}`, 1, { date: new Date().toISOString().slice(0, 10) })
      let stop = false
      const writer = async (i: number) => {
        let mine = 0
        while (!stop) {
          const k = n++
          const post = posts[k % posts.length]
          const title = `Run ${run} write ${k}`
          let tried = acked.tried.get(post.id)
          if (!tried) acked.tried.set(post.id, (tried = new Set()))
          tried.add(title)
          const res = await admin.request('PUT', `/api/posts/${post.id}`, { title }).catch(() => null)
          if (res?.status === 200) acked.titles.set(post.id, title)
          if (mine++ % 3 === i % 3) {
            const email = `r${run}-${k}@example.org`
            const sub = await guest.post('/api/subscribe', { email }).catch(() => null)
            if (sub && sub.status < 300) acked.subscribers.push(email)
            const text = `Comment ${k} in run ${run}`
            const c = await guest.post(`/api/posts/${post.id}/comments`, { name: 'Reader', text }).catch(() => null)
            if (c && c.status < 300) acked.comments.push(text)
          }
        }
      }
      const writers = [0, 1, 2].map(writer)
      // Some writes of each kind are acknowledged first, so there is something to lose.
      const subscribed = acked.subscribers.length
      await eventually(async () => expect(acked.subscribers.length).toBeGreaterThan(subscribed), 60_000)
      await new Promise((r) => setTimeout(r, between(0, 1_500)))
      await server.kill()
      stop = true
      await Promise.all(writers)

      const seen = await inspectDataDir(dataDir)
      expect(seen.problems, `run ${run}`).toEqual([])
      for (const [id, title] of acked.titles) {
        // The last acknowledged title, or one sent after it whose answer the kill cut off.
        const now = seen.posts.find((p) => p.id === id)!.title
        expect(acked.tried.get(id), `post ${id} run ${run}`).toContain(now)
        expect(Number(/write (\d+)/.exec(now)![1]), `post ${id} run ${run}`).toBeGreaterThanOrEqual(
          Number(/write (\d+)/.exec(title)![1]),
        )
      }
      for (const email of acked.subscribers) expect(seen.subscribers).toContain(email)
      for (const text of acked.comments) expect(seen.comments.map((c) => c.text)).toContain(text)
    }

    // A restarted server puts interrupted jobs back and finishes them; alerts go out once.
    const server = await spawnServer(dataDir)
    try {
      await eventually(async () => {
        const seen = await inspectDataDir(dataDir)
        expect(seen.jobs.filter((j) => j.status === 'pending' || j.status === 'processing')).toEqual([])
      }, 60_000)
    } finally {
      await server.stop()
    }
    const mails = alertMails(dataDir)
    expect(mails.length).toBe(new Set(mails).size)
  }, 300_000)
})
