import { appendFileSync, existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { blog } from '../tests/helpers/cli.js'
import { writeEssays } from '../tests/helpers/essays.js'
import { fileCount, runAndKill, runAndKillWhen } from '../tests/helpers/kill-at-random.js'
import { inspectDataDir, unreferencedImages } from '../tests/helpers/store-checks.js'

export interface CrashFigures {
  what: string
  runs: number
  kills: number
  problems: string[]
  posts: number
  seconds: number
}

const env = { BLOG_AI_PROVIDER: 'local', OPENAI_API_KEY: '' }

/**
 * Start `args` again and again, each time SIGKILLed at a random moment in [lo, hi] ms, then
 * open the data folder as createBlog does and list what a user would call broken; finish
 * with one uninterrupted run that must succeed.
 */
export async function killLoop(
  what: string,
  dataDir: string,
  args: string[],
  runs: number,
  [lo, hi]: [number, number],
  rand: () => number,
  log: (s: string) => void,
): Promise<CrashFigures> {
  const started = Date.now()
  const problems: string[] = []
  let kills = 0
  for (let run = 0; run < runs; run++) {
    const after = Math.round(lo + rand() * (hi - lo))
    const r = await runAndKill([...args, '--data', dataDir], after, env)
    if (r.killed) kills++
    else if (r.code !== 0) problems.push(`${what} run ${run}: finished before the kill with exit ${r.code}`)
    const seen = await inspectDataDir(dataDir)
    problems.push(...seen.problems.map((p) => `${what} run ${run}: ${p}`))
    log(
      `  ${what} run ${run + 1}/${runs}: ${r.killed ? `killed after ${after} ms` : `finished (exit ${r.code}) before ${after} ms`}, ${seen.posts.length} posts, ${seen.problems.length} problems`,
    )
  }
  const last = await blog([...args, '--data', dataDir], { env })
  if (last.code !== 0) problems.push(`${what}: the uninterrupted run exited ${last.code}: ${last.stderr.slice(0, 300)}`)
  const seen = await inspectDataDir(dataDir)
  problems.push(...seen.problems.map((p) => `${what} final: ${p}`))
  const extra = unreferencedImages(dataDir, seen.posts)
  if (extra.length)
    problems.push(`${what}: ${extra.length} image files no post refers to (${extra.slice(0, 3).join(', ')})`)
  return { what, runs, kills, problems, posts: seen.posts.length, seconds: Math.round((Date.now() - started) / 1000) }
}

export const corpusArgs = (corpus: string) => ['import', corpus]
export const generateArgs = ['generate', '--all', '--summary', '--annotations']
export const incomingDir = (root: string, run: number) => join(root, `incoming-${run}`)

export interface CommitKillFigures {
  runs: number
  kills: number
  /** Kills that left a commit in flight: a journal, temp files or bodies not yet in the index. */
  midCommit: number
  journalsFinished: number
  torn: number
  problems: string[]
}

/**
 * Kills aimed at the import's commit: `count` essays are all revised before each run, and the
 * kill lands 0–`spreadMs` after the commit's first body file appears. Afterwards the essays
 * must be all revised or none (one transaction), whatever the moment.
 */
export async function commitKills(
  root: string,
  count: number,
  runs: number,
  spreadMs: number,
  rand: () => number,
  log: (s: string) => void,
): Promise<CommitKillFigures> {
  const dataDir = join(root, 'commit-data')
  const essays = join(root, 'commit-essays')
  const slugs = writeEssays(essays, 'commit', count)
  const bodies = join(dataDir, 'posts', 'bodies')
  const problems: string[] = []
  let kills = 0
  let midCommit = 0
  let journals = 0
  let torn = 0
  for (let run = 0; run < runs; run++) {
    for (const slug of slugs) appendFileSync(join(essays, `${slug}.md`), `\nRevision ${run}.\n`)
    const before = fileCount(bodies)
    const after = Math.round(rand() * spreadMs)
    const r = await runAndKillWhen(['import', essays, '--data', dataDir], () => fileCount(bodies) > before, after, env)
    if (r.killed) kills++
    const journal = existsSync(join(dataDir, 'commit-journal.json'))
    if (journal) journals++
    const leftovers = [dataDir, join(dataDir, 'posts'), bodies].some(
      (d) => existsSync(d) && readdirSync(d).some((f) => f.endsWith('.tmp')),
    )
    if (r.killed && (journal || leftovers || fileCount(bodies) > before)) midCommit++
    const seen = await inspectDataDir(dataDir)
    problems.push(...seen.problems.map((p) => `commit run ${run}: ${p}`))
    const revs = new Set(seen.posts.map((p) => p.rev))
    if (revs.size > 1 || ![0, count].includes(seen.posts.length)) {
      torn++
      problems.push(`commit run ${run}: posts at revisions ${[...revs].join(', ')}, ${seen.posts.length} of ${count}`)
    }
    log(
      `  commit run ${run + 1}/${runs}: ${r.killed ? `killed ${after} ms into the commit` : 'finished first'}${journal ? ', journal left (finished on open)' : ''}; ${seen.posts.length} posts at revision ${[...revs].join('/')}`,
    )
  }
  return { runs, kills, midCommit, journalsFinished: journals, torn, problems }
}
