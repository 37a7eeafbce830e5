import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** Lighthouse's four scores (0–100) of one page, the median of its runs by performance. */
export interface LighthouseScores {
  performance: number
  accessibility: number
  'best-practices': number
  seo: number
  /** Main-thread work and its script part on the throttled phone, ms (median over the runs). */
  mainThreadMs?: number
  scriptMs?: number
}

export type LighthouseResult =
  | {
      pages: Record<string, LighthouseScores & { path: string }>
      /** The same pages without the app's scripts (audit.mjs --peer), by the page's path. */
      peers: Record<string, LighthouseScores>
      runs: number
    }
  | { skipped: string }

/**
 * Lighthouse 12 (mobile: its default form factor, a throttled mid-range phone) on pages of an
 * imported data folder, through `scripts/audit.mjs`: the site served by the built CLI, each page
 * `runs` times, the median reported. Skipped, with the reason, where Chromium or the npm
 * registry (Lighthouse is fetched by npx, not a dependency) is missing.
 */
export async function lighthouseMobile(
  root: string,
  dataDir: string,
  paths: readonly string[],
  // The goal is on the median of 5; fewer (BENCH_LIGHTHOUSE_RUNS=1) for a quick look.
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5),
): Promise<LighthouseResult> {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chrome)) return { skipped: `no Chromium at ${chrome}` }
  const args = [join(root, 'scripts', 'audit.mjs'), '--data', dataDir, '--runs', String(runs), '--json', '--peer']
  for (const path of paths) args.push('--path', path)
  const { code, stdout, stderr } = await run(process.execPath, args)
  const last = stdout.trim().split('\n').at(-1) ?? ''
  if (code !== 0 || !last.startsWith('{')) return { skipped: `audit exited with ${code}: ${stderr.trim().slice(-300)}` }
  const scores = JSON.parse(last) as Record<string, LighthouseScores>
  const pages: Record<string, LighthouseScores & { path: string }> = {}
  const peers: Record<string, LighthouseScores> = {}
  // audit.mjs names a page by its address's last segment, and its static peer "<name>~static"
  for (const path of paths) {
    const name = path.split('/').filter(Boolean).at(-1) ?? 'home'
    if (scores[name]) pages[name] = { ...scores[name], path }
    if (scores[`${name}~static`]) peers[path] = scores[`${name}~static`]
  }
  return { pages, peers, runs }
}

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * The pages the goals name: the corpus's heaviest math page (the Cochran proof, 27,700
 * elements of KaTeX HTML; goal ≥ 90) and a typical d2l chapter (the one of median length; ≥ 95).
 */
export function lighthousePaths(
  posts: Iterable<{ slug: string; wordCount: number; source?: { path: string } | null }>,
): { heavy: string | null; typical: string | null } {
  const all = [...posts]
  const heavy = all.find((p) => p.source?.path.endsWith('/anova2-cochran.md'))
  const d2l = all.filter((p) => p.source?.path.includes('/d2l-en/')).sort((a, b) => a.wordCount - b.wordCount)
  const typical = d2l[Math.floor(d2l.length / 2)]
  return { heavy: heavy ? `/posts/${heavy.slug}` : null, typical: typical ? `/posts/${typical.slug}` : null }
}

/** The bench's rows for the result: each page's mobile performance against its goal. */
export function lighthouseRows(
  result: LighthouseResult,
  paths: { heavy: string | null; typical: string | null },
): [string, string, string][] {
  if ('skipped' in result) return [['lighthouse.mobile', '-', `skipped: ${result.skipped}`]]
  const rows: [string, string, string][] = []
  for (const [label, path, goal] of [
    ['heavyMathPage', paths.heavy, 90],
    ['typicalD2lPage', paths.typical, 95],
  ] as const) {
    const page = Object.values(result.pages).find((p) => p.path === path)
    if (!page) continue
    rows.push([
      `lighthouse.${label}`,
      String(page.performance),
      `${path}: mobile performance, median of ${result.runs}; goal ≥ ${goal} (accessibility ${page.accessibility}, best practices ${page['best-practices']}, SEO ${page.seo})`,
    ])
    const peer = path ? result.peers[path] : undefined
    if (peer)
      rows.push([
        `lighthouse.${label}.staticPeer`,
        String(peer.performance),
        `the same page's HTML without the app's scripts (a static site's page); app/peer ${(page.performance / Math.max(1, peer.performance)).toFixed(2)}`,
      ])
    // The work the app adds to the page's own: steadier than the score on a shared machine.
    if (peer && page.mainThreadMs !== undefined && peer.mainThreadMs !== undefined)
      rows.push([
        `lighthouse.${label}.mainThreadMs`,
        String(page.mainThreadMs),
        `main-thread work on the throttled phone (script ${page.scriptMs ?? '?'} ms); static peer ${peer.mainThreadMs} ms (script ${peer.scriptMs ?? '?'} ms); app/peer ${(page.mainThreadMs / Math.max(1, peer.mainThreadMs)).toFixed(2)}`,
      ])
  }
  return rows
}
