// node bench/guest-probe.mjs URL [URL…] [--runs 5] [--wait 9000] [--width 412] [--shot out.png]
// What a guest's phone does with a page, as steadier proxies than a Lighthouse score on a shared
// machine (issue 40): script bytes downloaded (as sent, compressed), the React fibers the app
// hydrated and the react-query observers it set up, and at Lighthouse's 4x CPU slowdown the
// blocking time after the first paint (long tasks' time over 50 ms), script and task time (CDP
// Performance.getMetrics). Each URL is loaded `runs` times, the URLs taking turns (so two
// builds served side by side share the machine's load alike); the medians are printed, one
// JSON line per URL.
// Needs Chromium (/usr/bin/chromium or CHROME_PATH) and a served site (`blog serve`).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const argv = process.argv.slice(2)
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback)
const urls = argv.filter((a, i) => /^https?:/.test(a) && !argv[i - 1]?.startsWith('--'))
const runs = Number(option('--runs', 5))
const wait = Number(option('--wait', 9000))
const width = Number(option('--width', 412))
const shot = option('--shot', null)
if (urls.length === 0) {
  console.error('usage: node bench/guest-probe.mjs URL [URL…] [--runs 5] [--wait 9000] [--width 412] [--shot out.png]')
  process.exit(2)
}

async function probe(url, screenshot) {
  const profile = mkdtempSync(join(tmpdir(), 'scholia-probe-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width, height: 823 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.addInitScript(() => {
      window.__longTasks = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration])
      }).observe({ type: 'longtask', buffered: true })
    })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('Network.enable')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const types = new Map()
    let scriptBytes = 0
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type))
    cdp.on('Network.loadingFinished', (e) => {
      if (types.get(e.requestId) === 'Script') scriptBytes += e.encodedDataLength
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(wait)
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
    const seen = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
      const blocking = window.__longTasks
        .filter(([start]) => start >= fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
      let fibers = 0
      let client = null
      const visit = (fiber) => {
        for (let f = fiber; f; f = f.sibling) {
          fibers++
          if (!client && f.memoizedProps?.client?.getQueryCache) client = f.memoizedProps.client
          visit(f.child)
        }
      }
      for (const el of document.querySelectorAll('[id]')) {
        const key = Object.keys(el).find((k) => k.startsWith('__reactContainer$'))
        if (key) visit(el[key].child)
      }
      // react-query observers the page set up: each is subscribed and checked at hydration
      const queries = client?.getQueryCache().getAll() ?? []
      const observers = queries.reduce((sum, q) => sum + q.observers.length, 0)
      return { blockingMs: Math.round(blocking), fibers, observers }
    })
    if (screenshot) await page.screenshot({ path: screenshot })
    return {
      ...seen,
      scriptBytes,
      scriptMs: Math.round(metrics.ScriptDuration * 1000),
      taskMs: Math.round(metrics.TaskDuration * 1000),
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2)
}

const results = new Map(urls.map((url) => [url, []]))
for (let run = 0; run < runs; run++)
  for (const url of urls) results.get(url).push(await probe(url, run === 0 && urls.length === 1 ? shot : null))
for (const [url, all] of results) {
  const summary = { url, runs: all.length }
  for (const key of Object.keys(all[0])) {
    summary[key] = median(all.map((r) => r[key]))
    if (key === 'blockingMs' || key === 'scriptMs') summary[`${key}All`] = all.map((r) => r[key])
  }
  console.log(JSON.stringify(summary))
}
