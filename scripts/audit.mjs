// `npm run audit`: Lighthouse on the home page and a post page of a freshly imported copy of
// the sample essays, served by `blog serve`. Prints the four category scores per page.
// Needs a client build (npm run build) and Chromium (/usr/bin/chromium or CHROME_PATH).
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// `--save DIR` keeps each page's full Lighthouse report and trace (DIR/home.json, DIR/home.trace.json, …)
// for a closer look.
const saveAt = process.argv.indexOf('--save')
const saveDir = saveAt > 0 ? process.argv[saveAt + 1] : null
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install Debian's chromium or set CHROME_PATH.`)
  process.exit(2)
}
const work = mkdtempSync(join(tmpdir(), 'scholia-audit-'))
cpSync(join(root, 'data', 'essays'), join(work, 'essays'), { recursive: true })
const port = 4400 + Math.floor(Math.random() * 500)
const server = spawn(process.execPath, [join(root, 'bin', 'blog.js'), 'serve', '--port', String(port), '--data', join(work, 'data'), '--watch', join(work, 'essays')], { stdio: ['ignore', 'pipe', 'inherit'] })
await new Promise((resolve, reject) => {
  let out = ''
  server.stdout.on('data', (d) => {
    out += d
    if (out.includes('Watching')) resolve()
  })
  server.on('exit', (code) => reject(new Error(`blog serve exited with ${code}`)))
})
const base = `http://localhost:${port}`
const posts = await (await fetch(`${base}/api/posts`)).json()
const pages = { home: `${base}/`, post: `${base}/posts/${posts[0].slug}` }

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const results = {}
/**
 * One Lighthouse run. The first page load of a fresh Chromium sometimes ends in a runtime error
 * (NO_FCP and the like) that scores every category 0; such a run says nothing about the page,
 * so it is reported and retried (twice at most).
 */
async function audit(url) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] })
    const error = run.lhr.runtimeError
    if (!error || attempt === 3) return run
    console.error(`      (Lighthouse could not measure ${url}: ${error.code} ${error.message}; again)`)
  }
}
/** `--runs N`: Lighthouse's scores move from run to run; N runs per page, the median reported. */
const runsAt = process.argv.indexOf('--runs')
const runs = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 1
/** `--pages post` (or `home,post`): only these pages. */
const pagesAt = process.argv.indexOf('--pages')
const only = pagesAt > 0 ? process.argv[pagesAt + 1].split(',') : Object.keys(pages)

/** The run with the median performance score of a page's runs; every score is printed. */
function medianRun(all) {
  const perf = (run) => run.lhr.categories.performance.score ?? 0
  if (all.length > 1) console.log(`      performance over ${all.length} runs: ${all.map((r) => Math.round(perf(r) * 100)).join(', ')}`)
  return [...all].sort((a, b) => perf(a) - perf(b))[Math.floor(all.length / 2)]
}

try {
  const chosen = Object.entries(pages).filter(([name]) => only.includes(name))
  // Pages take turns, run after run, so each page's runs meet the same browser state.
  const runsOf = Object.fromEntries(chosen.map(([name]) => [name, []]))
  for (let i = 0; i < runs; i++) for (const [name, url] of chosen) runsOf[name].push(await audit(url))
  for (const [name, url] of chosen) {
    const run = medianRun(runsOf[name])
    const c = run.lhr.categories
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true })
      writeFileSync(join(saveDir, `${name}.json`), run.report)
      const trace = run.artifacts.Trace ?? run.artifacts.traces?.defaultPass
      if (trace) writeFileSync(join(saveDir, `${name}.trace.json`), JSON.stringify(trace))
    }
    results[name] = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]))
    const failing = Object.values(run.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id)
    console.log(`${name.padEnd(5)} ${url}`)
    console.log(`      performance ${results[name].performance}  accessibility ${results[name].accessibility}  best-practices ${results[name]['best-practices']}  seo ${results[name].seo}`)
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
    console.log(`      ${metrics.map((id) => `${id.replace(/-/g, ' ')} ${run.lhr.audits[id]?.displayValue ?? '?'}`).join(' · ')}`)
    if (failing.length) console.log(`      failing audits: ${failing.join(', ')}`)
    const opportunities = Object.values(run.lhr.audits).filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
    if (opportunities.length) console.log(`      opportunities: ${opportunities.map((a) => `${a.id} (${Math.round(a.details.overallSavingsMs)} ms)`).join(', ')}`)
  }
} finally {
  await chrome.kill()
  server.kill('SIGTERM')
  rmSync(work, { recursive: true, force: true })
}
if (process.argv.includes('--json')) console.log(JSON.stringify(results))
