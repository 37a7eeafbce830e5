// `npm run audit`: Lighthouse on the home page and a post page of a freshly imported copy of
// the sample essays, served by `blog serve`. Prints the four category scores per page.
// `-- --data DIR` audits an already imported data folder instead (e.g. the corpus's, for its
// heaviest math page), and `-- --path /posts/SLUG` (repeatable) names the pages to audit
// there (each is a page named by its last path segment); `--pages` then picks among them.
// Needs a client build (npm run build) and Chromium (/usr/bin/chromium or CHROME_PATH).
// Lighthouse (about 200 MB with its dependencies) is no dependency of the project: npx fetches
// it into npm's cache on the first audit, so that not every `npm ci` has to carry it.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

/** 12.x (13 needs Node ≥ 22.19, STACK.md), pinned so that scores compare from audit to audit. */
const LIGHTHOUSE = 'lighthouse@12.8.2'
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
const dataAt = process.argv.indexOf('--data')
const givenData = dataAt > 0 ? process.argv[dataAt + 1] : null
const givenPaths = process.argv.flatMap((arg, i) => (arg === '--path' ? [process.argv[i + 1]] : []))
if (givenData && !existsSync(givenData)) {
  console.error(`No data folder at ${givenData}: import one first (node bin/blog.js import DIR --data ${givenData}).`)
  process.exit(2)
}
const work = mkdtempSync(join(tmpdir(), 'scholia-audit-'))
if (!givenData) cpSync(join(root, 'data', 'essays'), join(work, 'essays'), { recursive: true })
const port = 4400 + Math.floor(Math.random() * 500)
const server = spawn(
  process.execPath,
  [
    join(root, 'bin', 'blog.js'),
    'serve',
    '--port',
    String(port),
    '--data',
    givenData ?? join(work, 'data'),
    // a given data folder is audited as it is: nothing watched, nothing imported
    ...(givenData ? [] : ['--watch', join(work, 'essays')]),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
)
await new Promise((resolve, reject) => {
  let out = ''
  server.stdout.on('data', (d) => {
    out += d
    if (out.includes(givenData ? ' is serving ' : 'Watching')) resolve()
  })
  server.on('exit', (code) => reject(new Error(`blog serve exited with ${code}`)))
})
const base = `http://localhost:${port}`
/** A page's name in the output (and in --save's files): its address's last segment, or home. */
const nameOf = (path) => path.split('/').filter(Boolean).pop() ?? 'home'
let pages
if (givenPaths.length) pages = Object.fromEntries(givenPaths.map((path) => [nameOf(path), `${base}${path}`]))
else {
  const posts = await (await fetch(`${base}/api/posts`)).json()
  pages = { home: `${base}/`, post: `${base}/posts/${posts[0].slug}` }
}

// `--peer`: each page also as a static page, "<name>~static": the same server-rendered HTML
// without the app's scripts (no hydration, no reading aids), which is what a static site
// generator with server-side KaTeX (Hugo's transform.ToMath, a Jekyll/kramdown build) sends. It
// is served compressed like the app's pages, its styles, fonts and images passed through from
// the same server: the score the content itself allows on this phone, and so the ratio to it.
const peerServer = process.argv.includes('--peer') ? await servePeers(pages) : null

async function servePeers(of) {
  const { createServer, get } = await import('node:http')
  const { brotliCompressSync } = await import('node:zlib')
  const bodies = new Map()
  for (const [name, url] of Object.entries(of)) {
    const html = await (await fetch(url)).text()
    const bare = html
      .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, (tag) =>
        // the theme's tiny blocking script stays: a static site would carry it too
        /^<script>/.test(tag) && tag.length < 2000 ? tag : '',
      )
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
    bodies.set(`/${name}~static`, brotliCompressSync(bare))
  }
  const peer = createServer((req, res) => {
    const body = bodies.get(req.url ?? '')
    if (body) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' })
      return res.end(body)
    }
    // styles, fonts, images: the blog server's own answer, as compressed as it sends it
    const upstream = get(`${base}${req.url}`, { headers: { 'accept-encoding': 'br, gzip' } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.writeHead(502).end())
  })
  const peerPort = port + 2000
  await new Promise((resolve) => peer.listen(peerPort, resolve))
  for (const name of Object.keys(of)) of[`${name}~static`] = `http://localhost:${peerPort}/${name}~static`
  return peer
}

// One Chromium for all runs, driven by Lighthouse over its debugging port; the flags are the
// ones chrome-launcher (Lighthouse's own launcher) starts it with.
const cdpPort = port + 1000
const chrome = spawn(
  chromePath,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--disable-default-apps',
    '--disable-client-side-phishing-detection',
    '--disable-domain-reliability',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
    '--disable-ipc-flooding-protection',
    '--disable-hang-monitor',
    '--metrics-recording-only',
    '--mute-audio',
    '--password-store=basic',
    '--use-mock-keychain',
    '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,RenderDocument',
    `--remote-debugging-port=${cdpPort}`,
    `--user-data-dir=${join(work, 'profile')}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
)

/** Ends Chromium and the server; the work folder goes once Chromium no longer writes its profile. */
async function stop() {
  const exited =
    chrome.exitCode !== null || chrome.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => chrome.once('exit', resolve))
  chrome.kill()
  server.kill('SIGTERM')
  peerServer?.close()
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
  rmSync(work, { recursive: true, force: true, maxRetries: 5 })
}

/** Polls `url` until it answers: Chromium opens its debugging port a moment after it starts. */
async function waitFor(url, what) {
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`${what} did not answer at ${url}`)
}
await waitFor(`http://127.0.0.1:${cdpPort}/json/version`, 'Chromium')

// Fetched (or found in npm's cache) once, before any run is timed.
const version = spawnSync('npx', ['--yes', LIGHTHOUSE, '--version'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
})
if (version.status !== 0) {
  await stop()
  console.error(`Could not run ${LIGHTHOUSE} with npx: it needs the npm registry once, then npm's cache.`)
  process.exit(2)
}
console.log(`Lighthouse ${version.stdout.trim()} on ${chromePath}`)

let runCount = 0
/** One Lighthouse CLI run on the shared Chromium: its report (lhr) and, with --save, its trace file. */
function lighthouse(url) {
  const base = join(work, `run-${++runCount}`)
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    `--port=${cdpPort}`,
    '--output=json',
    `--output-path=${base}.json`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
  ]
  if (saveDir) args.push('--save-assets')
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    // A runtime error (NO_FCP and the like) still writes the report, then exits 1.
    child.on('exit', (code) => {
      if (!existsSync(`${base}.json`))
        return reject(new Error(`Lighthouse exited with ${code} and wrote no report for ${url}`))
      const report = readFileSync(`${base}.json`, 'utf8')
      resolve({
        lhr: JSON.parse(report),
        report,
        trace: existsSync(`${base}-0.trace.json`) ? `${base}-0.trace.json` : null,
      })
    })
  })
}

const results = {}
/**
 * One Lighthouse run. The first page load of a fresh Chromium sometimes ends in a runtime error
 * (NO_FCP and the like) that scores every category 0; such a run says nothing about the page,
 * so it is reported and retried (twice at most).
 */
async function audit(url) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url)
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

const performanceOf = (run) => run.lhr.categories.performance.score ?? 0

/** The run with the median performance score of a page's runs. */
function medianRun(all) {
  return [...all].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor(all.length / 2)]
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
      if (run.trace) renameSync(run.trace, join(saveDir, `${name}.trace.json`))
    }
    results[name] = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]))
    // The main thread's work and its script part (Lighthouse's estimate for the throttled phone),
    // medians over the runs: steadier than the score on a shared machine, and what an app/peer
    // ratio is read from (issue 40).
    const medianOf = (id) => {
      const values = runsOf[name].map((r) => r.lhr.audits[id]?.numericValue ?? 0).sort((a, b) => a - b)
      return Math.round(values[Math.floor(values.length / 2)])
    }
    results[name].mainThreadMs = medianOf('mainthread-work-breakdown')
    results[name].scriptMs = medianOf('bootup-time')
    const failing = Object.values(run.lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id)
    console.log(`${name.padEnd(5)} ${url}`)
    const detail = ['interactive', 'dom-size', 'mainthread-work-breakdown'].map(
      (id) => run.lhr.audits[id]?.displayValue,
    )
    console.log(
      `      performance ${results[name].performance}  accessibility ${results[name].accessibility}  best-practices ${results[name]['best-practices']}  seo ${results[name].seo}`,
    )
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
    console.log(
      `      ${metrics.map((id) => `${id.replace(/-/g, ' ')} ${run.lhr.audits[id]?.displayValue ?? '?'}`).join(' · ')}`,
    )
    console.log(
      `      time to interactive ${detail[0] ?? '?'} · DOM ${detail[1] ?? '?'} · main thread ${detail[2] ?? '?'}`,
    )
    // Every run's score, under the page it belongs to (the median run's figures are above).
    if (runsOf[name].length > 1)
      console.log(
        `      performance over ${runsOf[name].length} runs: ${runsOf[name].map((r) => Math.round(performanceOf(r) * 100)).join(', ')}`,
      )
    if (failing.length) console.log(`      failing audits: ${failing.join(', ')}`)
    const opportunities = Object.values(run.lhr.audits).filter(
      (a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0,
    )
    if (opportunities.length)
      console.log(
        `      opportunities: ${opportunities.map((a) => `${a.id} (${Math.round(a.details.overallSavingsMs)} ms)`).join(', ')}`,
      )
  }
} finally {
  await stop()
}
if (process.argv.includes('--json')) console.log(JSON.stringify(results))
