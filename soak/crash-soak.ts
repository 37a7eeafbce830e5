import { join } from 'node:path'
import { blog } from '../tests/helpers/cli.js'
import { runAndKill } from '../tests/helpers/kill-at-random.js'
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
export async function killLoop(what: string, dataDir: string, args: string[], runs: number, [lo, hi]: [number, number], rand: () => number, log: (s: string) => void): Promise<CrashFigures> {
  const started = Date.now()
  const problems: string[] = []
  let kills = 0
  for (let run = 0; run < runs; run++) {
    const after = Math.round(lo + rand() * (hi - lo))
    const r = await runAndKill([...args, '--data', dataDir], after, env)
    if (r.killed) kills++
    const seen = await inspectDataDir(dataDir)
    problems.push(...seen.problems.map((p) => `${what} run ${run}: ${p}`))
    log(`  ${what} run ${run + 1}/${runs}: ${r.killed ? `killed after ${after} ms` : `finished (exit ${r.code}) before ${after} ms`}, ${seen.posts.length} posts, ${seen.problems.length} problems`)
  }
  const last = await blog([...args, '--data', dataDir], { env })
  if (last.code !== 0) problems.push(`${what}: the uninterrupted run exited ${last.code}: ${last.stderr.slice(0, 300)}`)
  const seen = await inspectDataDir(dataDir)
  problems.push(...seen.problems.map((p) => `${what} final: ${p}`))
  const extra = unreferencedImages(dataDir, seen.posts)
  if (extra.length) problems.push(`${what}: ${extra.length} image files no post refers to (${extra.slice(0, 3).join(', ')})`)
  return { what, runs, kills, problems, posts: seen.posts.length, seconds: Math.round((Date.now() - started) / 1000) }
}

export const corpusArgs = (corpus: string) => ['import', corpus]
export const generateArgs = ['generate', '--all', '--summary', '--annotations']
export const incomingDir = (root: string, run: number) => join(root, `incoming-${run}`)
