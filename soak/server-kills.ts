import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { eventually } from '../tests/helpers/cli.js'
import { writeEssays } from '../tests/helpers/essays.js'
import { ApiClient } from '../tests/helpers/http-client.js'
import { adminClient, spawnServer } from '../tests/helpers/spawn-server.js'
import { alertMails, inspectDataDir } from '../tests/helpers/store-checks.js'

export interface ServerKillFigures {
  runs: number
  acknowledged: number
  verified: number
  jobsRequeuedAndFinished: number
  alertMails: number
  duplicateAlerts: number
  problems: string[]
}

/**
 * A served blog (its own process) taking PUTs, subscriptions and comments from three clients,
 * with bulk jobs running and a new post's alerts going out, SIGKILLed at a random moment;
 * then every acknowledged write is looked for in the data folder.
 */
export async function serverKills(
  dataDir: string,
  root: string,
  runs: number,
  rand: () => number,
  log: (s: string) => void,
): Promise<ServerKillFigures> {
  const problems: string[] = []
  const titles = new Map<number, string>()
  const tried = new Map<number, Set<string>>()
  const subscribers: string[] = []
  const comments: string[] = []
  let acknowledged = 0
  let verified = 0
  let jobs = 0
  let n = 0
  for (let run = 0; run < runs; run++) {
    const incoming = join(root, `incoming-${run}`)
    mkdirSync(incoming, { recursive: true })
    const server = await spawnServer(dataDir, ['--watch', incoming])
    const admin = await adminClient(server)
    const guest = new ApiClient(server.url)
    const posts = (await admin.get<{ id: number }[]>('/api/posts')).body.slice(run * 8, run * 8 + 8)
    const queued = await admin.post<{ jobs: unknown[] }>('/api/posts/bibliography/bulk-generate', {
      postIds: posts.map((p) => p.id),
    })
    jobs += queued.body?.jobs?.length ?? 0
    writeEssays(incoming, `fresh${run}`, 1, { date: new Date().toISOString().slice(0, 10) })
    let stop = false
    const writer = async (i: number) => {
      let mine = 0
      while (!stop) {
        const k = n++
        const post = posts[k % posts.length]
        const title = `Run ${run} write ${k}`
        if (!tried.has(post.id)) tried.set(post.id, new Set())
        tried.get(post.id)!.add(title)
        const res = await admin.request('PUT', `/api/posts/${post.id}`, { title }).catch(() => null)
        if (res?.status === 200) {
          titles.set(post.id, title)
          acknowledged++
        }
        if (mine++ % 3 === i % 3) {
          const email = `r${run}-${k}@example.org`
          const sub = await guest.post('/api/subscribe', { email }).catch(() => null)
          if (sub && sub.status < 300) {
            subscribers.push(email)
            acknowledged++
          }
          const text = `Comment ${k} in run ${run}`
          const c = await guest.post(`/api/posts/${post.id}/comments`, { name: 'Reader', text }).catch(() => null)
          if (c && c.status < 300) {
            comments.push(text)
            acknowledged++
          }
        }
      }
    }
    const writers = [0, 1, 2].map(writer)
    const after = Math.round(500 + rand() * 4_000)
    await new Promise((r) => setTimeout(r, after))
    await server.kill()
    stop = true
    await Promise.all(writers)
    const seen = await inspectDataDir(dataDir)
    problems.push(...seen.problems.map((p) => `server run ${run}: ${p}`))
    verified = 0
    for (const [id, title] of titles) {
      const now = seen.posts.find((p) => p.id === id)?.title ?? '(missing)'
      const num = (t: string) => Number(/write (\d+)/.exec(t)?.[1] ?? -1)
      if (tried.get(id)?.has(now) && num(now) >= num(title)) verified++
      else problems.push(`server run ${run}: post ${id} has "${now}", acknowledged "${title}"`)
    }
    const present = new Set([...seen.subscribers, ...seen.comments.map((c) => c.text)])
    for (const item of [...subscribers, ...comments]) {
      if (present.has(item)) verified++
      else problems.push(`server run ${run}: "${item}" was acknowledged and is lost`)
    }
    log(
      `  server run ${run + 1}/${runs}: killed after ${after} ms; ${titles.size} posts, ${subscribers.length} subscribers, ${comments.length} comments acknowledged so far, all ${problems.length ? 'NOT ' : ''}present`,
    )
  }
  const server = await spawnServer(dataDir)
  try {
    await eventually(async () => {
      const seen = await inspectDataDir(dataDir)
      const open = seen.jobs.filter((j) => j.status === 'pending' || j.status === 'processing')
      if (open.length) throw new Error(`${open.length} jobs still open`)
    }, 180_000)
  } catch (e) {
    problems.push(`jobs after restart: ${(e as Error).message}`)
  } finally {
    await server.stop()
  }
  const mails = alertMails(dataDir)
  const duplicateAlerts = mails.length - new Set(mails).size
  if (duplicateAlerts) problems.push(`${duplicateAlerts} alert mails sent twice`)
  return {
    runs,
    acknowledged,
    verified,
    jobsRequeuedAndFinished: jobs,
    alertMails: mails.length,
    duplicateAlerts,
    problems,
  }
}
