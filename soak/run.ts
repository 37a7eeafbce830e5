// `npm run soak`: the long versions of the concurrency, crash and load tests, printing their
// figures. Kill moments come from SOAK_SEED (printed), so a bad run can be replayed.
// `--quick` scales every part down for a smoke run.
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { corpusDir, tempDir } from '../tests/helpers/temp-dir.js'
import { seeded } from '../tests/helpers/kill-at-random.js'
import { inspectDataDir } from '../tests/helpers/store-checks.js'
import { spawnServer } from '../tests/helpers/spawn-server.js'
import { commitKills, killLoop, corpusArgs, generateArgs } from './crash-soak.js'
import { serverKills } from './server-kills.js'
import { loadSoak } from './load-soak.js'
import { stormSoak } from './storm-soak.js'
import { hostileSoak, type HostileFigure } from './hostile-essays.js'

const quick = process.argv.includes('--quick')
// `--hostile` runs part 6 alone (issue 21's hostile essays); `--hostile=regex` some of them.
const hostileArg = process.argv.find((a) => a.startsWith('--hostile'))
const hostileOnly = hostileArg?.includes('=')
  ? new RegExp(hostileArg.slice(hostileArg.indexOf('=') + 1), 'i')
  : undefined
// tests/helpers knows the corpus beside the main checkout; a worktree elsewhere names it.
const corpus = process.env.SOAK_CORPUS ?? [corpusDir, '/work/shared/corpus'].find((d) => existsSync(d))
if (!corpus) throw new Error(`No corpus at ${corpusDir}: set SOAK_CORPUS.`)
const seed = Number(process.env.SOAK_SEED ?? Date.now() % 1_000_000)
const rand = seeded(seed)
const log = (s: string) => console.log(s)
const tmp = tempDir('soak-')
const dataDir = join(tmp.path, 'data')
const started = Date.now()
log(`Scholia soak (seed ${seed}${quick ? ', quick' : ''}) in ${tmp.path}`)

/** Part 6: the hostile essays, each uploaded while a reader polls GET /; problems when the goal is missed. */
async function hostilePart(): Promise<{ figures: HostileFigure[]; problems: string[] }> {
  log('\n6. Hostile essays (issue 21), each uploaded to a served blog while a reader polls GET /')
  const figures = await hostileSoak(tmp.path, log, hostileOnly)
  log('\n  | input | kB | worst GET / (ms) | peak server MB | upload (ms) | stored changes | answer |')
  log('  |---|---|---|---|---|---|---|')
  for (const f of figures)
    log(
      `  | ${f.input} | ${f.kb} | ${f.worstHomeMs} | ${f.peakServerMb} | ${f.uploadMs} | ${f.storedChanges} | ${f.answer.replace(/\|/g, '/')} |`,
    )
  const problems = figures.flatMap((f) => [
    ...(f.serverAlive ? [] : [`${f.input}: the server died`]),
    ...(f.worstHomeMs > 1_000 ? [`${f.input}: GET / took ${f.worstHomeMs} ms (goal ≤ 1 s)`] : []),
    ...(f.homeErrors ? [`${f.input}: ${f.homeErrors} GET / errors`] : []),
    // A refused essay must leave the data folder as it was.
    ...(/ failed|^4\d\d /.test(f.answer) && f.storedChanges
      ? [`${f.input}: refused, yet changed ${f.changedFiles.join(', ')}`]
      : []),
  ])
  return { figures, problems }
}

if (hostileArg) {
  try {
    const hostile = await hostilePart()
    writeFileSync(join(tmp.path, '..', 'soak-hostile-figures.json'), JSON.stringify(hostile, null, 2))
    log(
      hostile.problems.length
        ? `\n${hostile.problems.length} problems:\n${hostile.problems.join('\n')}`
        : '\nNo problems.',
    )
    if (hostile.problems.length) process.exitCode = 1
  } finally {
    if (!process.env.SOAK_KEEP) tmp.cleanup()
  }
  process.exit()
}

try {
  log('\n1. A reader beside two writer processes committing multi-shard transactions')
  const storm = await stormSoak(join(tmp.path, 'storm'), 2, quick ? 20 : 150)
  log(
    `  ${storm.transactions} transactions, ${storm.reloads} re-reads, ${storm.looks} looks, ${storm.torn} torn, ${storm.postsAtEnd}/${storm.expectedPosts} posts`,
  )

  log('\n2. SIGKILL during blog import of the corpus')
  const imports = await killLoop('import', dataDir, corpusArgs(corpus), quick ? 2 : 6, [2_000, 60_000], rand, log)

  log('\n2b. SIGKILL aimed at the import commit (120 revised essays each run)')
  const commits = await commitKills(tmp.path, quick ? 30 : 120, quick ? 3 : 12, 400, rand, log)

  log('\n3. SIGKILL during blog generate --all')
  const generation = await killLoop('generate', dataDir, generateArgs, quick ? 2 : 6, [3_000, 40_000], rand, log)

  log('\n4. SIGKILL of a served blog taking writes, with jobs and alerts under way')
  const server = await serverKills(dataDir, tmp.path, quick ? 2 : 10, rand, log)

  log('\n5. Load: 64 connections per endpoint, then write floods')
  const served = await spawnServer(dataDir)
  let load
  try {
    const post = (await inspectDataDir(dataDir)).posts.find((p) => p.status === 'published')!
    load = await loadSoak(served.url, dataDir, post.slug, post.id, quick ? 5 : 20, log)
  } finally {
    await served.stop()
  }

  const hostile = await hostilePart()

  const crashes = [imports, generation]
  const figures = {
    seed,
    minutes: Math.round((Date.now() - started) / 600) / 100,
    storm,
    crashes: crashes.map(({ problems, ...c }) => ({ ...c, problems: problems.length })),
    commits: { ...commits, problems: commits.problems.length },
    server: { ...server, problems: server.problems.length },
    runs: imports.runs + commits.runs + generation.runs + server.runs,
    kills: imports.kills + commits.kills + generation.kills + server.runs,
    load,
    hostile: hostile.figures,
  }
  const problems = [
    ...(storm.torn ? [`${storm.torn} torn reads`] : []),
    ...(storm.postsAtEnd !== storm.expectedPosts ? ['storm lost posts'] : []),
    ...imports.problems,
    ...commits.problems,
    ...generation.problems,
    ...server.problems,
    ...hostile.problems,
  ]
  const loadErrors = load.endpoints.reduce((n, e) => n + e.errors, 0)
  if (loadErrors) problems.push(`${loadErrors} unexpected errors under load`)
  log('\nFigures')
  log(JSON.stringify(figures, null, 2))
  writeFileSync(
    join(tmp.path, '..', 'soak-figures.json'),
    JSON.stringify({ ...figures, problemList: problems }, null, 2),
  )
  if (problems.length) {
    log(`\n${problems.length} problems:\n${problems.slice(0, 40).join('\n')}`)
    process.exitCode = 1
  } else {
    log('\nNo problems.')
  }
} finally {
  if (!process.env.SOAK_KEEP) tmp.cleanup()
}
