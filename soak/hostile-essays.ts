// Issue 21's hostile essays, generated here (megabytes each: never committed), uploaded one at a
// time to a served blog while a reader polls GET /. For each: the worst GET / latency during the
// upload, the server's peak memory, what the upload answered, and whether anything stored changed.
import { join } from 'node:path'
import { adminClient, spawnServer } from '../tests/helpers/spawn-server.js'
import { settledSnapshot, storeChanges } from '../tests/helpers/store-snapshot.js'
import type { ApiClient } from '../tests/helpers/http-client.js'
import { pollTreeMemory } from '../bench/process-tree.js'

export interface HostileEssay {
  name: string
  text: string
  /** Sent as the editor's preview (POST /api/preview) rather than as an upload. */
  preview?: boolean
}

const tableOf = (columns: number, rows: number): string => {
  const row = '|' + ' a |'.repeat(columns) + '\n'
  return row + '|' + ' - |'.repeat(columns) + '\n' + row.repeat(rows)
}

/** The inputs of issue 21 that froze or crashed `blog serve`, each as one file. */
export function hostileEssays(): HostileEssay[] {
  return [
    { name: "'>  -  ' × 16 (contained fence regex)", text: '# t\n\n' + '>  -  '.repeat(16) + 'x\n' },
    { name: "same line as the editor's preview", text: '# t\n\n' + '>  -  '.repeat(16) + 'x\n', preview: true },
    { name: '1000×1000 table (4 MB)', text: tableOf(1000, 1000) },
    { name: '100k-column table', text: tableOf(100_000, 1) },
    { name: "'- ' × 50k", text: '- '.repeat(50_000) + 'x\n' },
    { name: "'>' × 100k", text: '>'.repeat(100_000) + ' x\n' },
    { name: '\\gdef macro used 50,000 times', text: '$\\gdef\\m{x^2+y^2}$\n\n' + '$\\m$ '.repeat(50_000) + '\n' },
    { name: "'a\\n=\\n' × 100k (setext)", text: 'a\n=\n'.repeat(100_000) },
    { name: "'[**' × 100k", text: '[**'.repeat(100_000) + '\n' },
    { name: "'[a](' × 250k", text: '[a]('.repeat(250_000) + '\n' },
    {
      name: '100k YAML keys',
      text:
        '---\n' + Array.from({ length: 100_000 }, (_v, i) => `k${i}: ${i}`).join('\n') + '\n---\n\n# Body\n\nText.\n',
    },
    {
      name: '50k footnotes',
      text:
        Array.from({ length: 50_000 }, (_v, i) => `Note[^${i}].`).join(' ') +
        '\n\n' +
        Array.from({ length: 50_000 }, (_v, i) => `[^${i}]: Text ${i}.`).join('\n') +
        '\n',
    },
    { name: '2,000 nested quotes', text: '> '.repeat(2_000) + 'x\n' },
    {
      name: 'KaTeX array 0.8 MB',
      text: '$$\n\\begin{array}{c}\n' + 'x_1+y^2\\\\\n'.repeat(75_000) + '\\end{array}\n$$\n',
    },
    { name: "Liquid arguments: '-' × 200k", text: '{% include a.html ' + '-'.repeat(200_000) + ' %}\n' },
  ]
}

export interface HostileFigure {
  input: string
  kb: number
  /** Worst GET / latency while the upload ran (ms). */
  worstHomeMs: number
  homeRequests: number
  homeErrors: number
  /** Peak memory of the server and its render worker processes during the upload (MB, summed PSS). */
  peakServerMb: number
  uploadMs: number
  /** The upload's (or preview's) answer: the status and its per-file message. */
  answer: string
  /** Files of the data folder that changed (posts, bodies, media; not sessions or tracking). */
  storedChanges: number
  /** Which files those were (`added|changed|removed PATH`). */
  changedFiles: string[]
  serverAlive: boolean
}

/** Uploads each hostile essay to a fresh `blog serve`, measuring as it goes. */
export async function hostileSoak(dir: string, log: (s: string) => void, only?: RegExp): Promise<HostileFigure[]> {
  const dataDir = join(dir, 'hostile-data')
  const served = await spawnServer(dataDir)
  const figures: HostileFigure[] = []
  try {
    const admin = await adminClient(served)
    // A post, so that GET / renders a real list while the hostile files come in.
    await upload(admin, 'ordinary.md', '---\ntitle: An ordinary essay\n---\n\nSome prose with $x^2$.\n')
    const pid = served.child.pid!
    // Single-file latency through the warm render worker (the first one may start it).
    for (const n of [1, 2, 3]) {
      const started = performance.now()
      await upload(admin, `latency-${n}.md`, `# Latency ${n}\n\nA short essay with $e^{i\\pi}+1=0$.\n`)
      log(`  single-file upload ${n}: ${Math.round(performance.now() - started)} ms`)
    }
    for (const essay of hostileEssays()) {
      if (only && !only.test(essay.name)) continue
      // Settled: the previous upload's follow-up writes (its banner job, the search index) are not this one's.
      const before = await storedState(admin, dataDir)
      const probe = pollHome(served.url)
      const memory = pollTreeMemory(pid, 100)
      const started = performance.now()
      const answer = await (
        essay.preview ? preview(admin, essay.text) : upload(admin, `${slugOf(essay.name)}.md`, essay.text)
      ).catch((e: unknown) => `request failed: ${String(e)}`)
      const uploadMs = Math.round(performance.now() - started)
      const home = await probe.stop()
      const peakServerMb = memory.stop()
      const serverAlive = served.child.exitCode === null && served.child.signalCode === null
      const changed = serverAlive ? storeChanges(before, await storedState(admin, dataDir)) : ['(server gone)']
      const figure: HostileFigure = {
        input: essay.name,
        kb: Math.round(essay.text.length / 1024),
        ...home,
        peakServerMb,
        uploadMs,
        answer,
        storedChanges: changed.length,
        changedFiles: changed,
        serverAlive,
      }
      figures.push(figure)
      log(
        `  ${essay.name}: GET / worst ${home.worstHomeMs} ms (${home.homeRequests} requests, ${home.homeErrors} errors), peak ${peakServerMb} MB, ${uploadMs} ms, stored changes ${changed.length}: ${answer}${changed.length ? `\n    ${changed.join('\n    ')}` : ''}`,
      )
      if (!serverAlive) break
    }
  } finally {
    await served.stop()
  }
  return figures
}

/**
 * The stored state that matters here: posts, bodies, indexes, media (not sessions, tracking or
 * logs), once the jobs an upload queued (a new post's banner) are done, so that what one upload
 * set going is counted with it and not with the next.
 */
async function storedState(admin: ApiClient, dataDir: string): Promise<Map<string, string>> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const res = await admin.get<{ pendingJobs?: number }>('/api/jobs/status')
    if (res.status !== 200 || !res.body.pendingJobs) break
    await new Promise((r) => setTimeout(r, 200))
  }
  const all = await settledSnapshot(dataDir)
  for (const path of [...all.keys()]) if (/^(tracking|sessions?|logs?)\b/.test(path)) all.delete(path)
  return all
}

async function upload(admin: ApiClient, name: string, text: string): Promise<string> {
  const form = new FormData()
  form.append('files', new Blob([text], { type: 'text/markdown' }), name)
  const res = await fetch(`${admin.baseUrl}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { cookie: admin.cookieHeader(), origin: admin.baseUrl },
  })
  const body = (await res.json().catch(() => ({}))) as {
    files?: { status: string; error: string | null }[]
    message?: string
  }
  const file = body.files?.[0]
  return `${res.status} ${file ? `${file.status}${file.error ? `: ${file.error}` : ''}` : (body.message ?? '')}`.slice(
    0,
    200,
  )
}

async function preview(admin: ApiClient, content: string): Promise<string> {
  const res = await admin.request<{ html?: string; message?: string }>('POST', '/api/preview', { content })
  return `${res.status} ${res.body.message ?? `${res.body.html?.length ?? 0} characters of HTML`}`.slice(0, 200)
}

/** GET / every 100 ms, one at a time: the worst latency is how long a reader waited. */
function pollHome(url: string): {
  stop: () => Promise<{ worstHomeMs: number; homeRequests: number; homeErrors: number }>
} {
  let running = true
  let worst = 0
  let requests = 0
  let errors = 0
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      try {
        const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(120_000) })
        await res.arrayBuffer()
        if (res.status !== 200) errors++
      } catch {
        errors++
      }
      requests++
      worst = Math.max(worst, performance.now() - started)
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return { worstHomeMs: Math.round(worst), homeRequests: requests, homeErrors: errors }
    },
  }
}

const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'hostile'
