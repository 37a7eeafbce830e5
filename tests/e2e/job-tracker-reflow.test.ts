import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, hydrated, type TestBrowser } from '../helpers/browser.js'
import { tempDir } from '../helpers/temp-dir.js'

// Issue 40: the job tracker coming, growing, folding and going never moves the Post Manager
// (it measured a 32 px jump): the positions of the page's landmarks are read before, during and
// after a job session, and Chromium's own layout-shift entries (what CLS sums) are collected.

const SHOTS = '/tmp/job-tracker-reflow'
const ADMIN = { userId: 1, role: 'admin' } as const
const IMAGES = {
  imageType: 'both',
  imageOptions: { model: 'dall-e-3', quality: 'hd', style: 'natural', useCustomPrompt: false, customPrompt: '' },
} as const
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
const extra = tempDir('reflow-essays-')

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ctx = await servedBlog()
  // enough posts for a second page of the manager, so its rows fill more than a screen
  for (let i = 1; i <= 24; i++)
    writeFileSync(
      join(extra.path, `note-${i}.md`),
      `---\ntitle: Field Note ${i}\ndate: 2023-02-${String((i % 28) + 1).padStart(2, '0')}\ntags: [notes]\n---\n\nA short field note, number ${i}, on method.\n`,
    )
  await ctx.blog.importer.importPaths([extra.path])
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  // jobs stay queued until cancelled, so the tracker stays as long as the test wants it
  await ctx.blog.jobs.stop()
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  extra.cleanup()
})

const url = (path: string) => `${ctx.server.url}${path}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** What the page shows, where: the elements whose jumps a reader would see. */
const WATCHED = {
  heading: 'main h1',
  filters: '.manage-filters',
  firstRow: '.manage-row',
  firstRowButton: '.manage-row button',
  tenthRow: '.manage-list > :nth-child(10)',
  pagination: '.pagination',
} as const

type Rects = Record<keyof typeof WATCHED, { x: number; y: number; width: number; height: number } | null>

/** Each watched element's box in the document (not the viewport: scrolling is not moving). */
function positions(page: Page): Promise<Rects> {
  return page.evaluate((watched) => {
    const out: Record<string, { x: number; y: number; width: number; height: number } | null> = {}
    for (const [name, sel] of Object.entries(watched)) {
      const r = document.querySelector(sel)?.getBoundingClientRect()
      out[name] = r ? { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height } : null
    }
    return out
  }, WATCHED) as Promise<Rects>
}

/** The largest distance any watched element moved or resized between two readings. */
function largestMove(a: Rects, b: Rects): { name: string; px: number } {
  let worst = { name: '', px: 0 }
  for (const name of Object.keys(WATCHED) as (keyof typeof WATCHED)[]) {
    const p = a[name]
    const q = b[name]
    if (!p || !q) throw new Error(`${name} (${WATCHED[name]}) is not on the page`)
    const px = Math.max(
      Math.abs(p.x - q.x),
      Math.abs(p.y - q.y),
      Math.abs(p.width - q.width),
      Math.abs(p.height - q.height),
    )
    if (px > worst.px) worst = { name, px }
  }
  return worst
}

async function ownerOnManage(width: number): Promise<Page> {
  const page = await browser.context.newPage()
  await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
  const res = await page.request.post(url('/api/auth/login'), {
    data: { username: 'owner', password: 'password1' },
  })
  expect(res.ok()).toBe(true)
  // Chromium's layout shifts from the start, as CLS counts them (not those right after input)
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; sources: string[] }[] }
    w.shifts = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number
        hadRecentInput: boolean
        sources: { node?: Node }[]
      }[]) {
        if (e.hadRecentInput) continue
        w.shifts.push({
          value: e.value,
          sources: e.sources.map((s) => (s.node instanceof Element ? s.node.className || s.node.tagName : '#text')),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(url('/manage'))
  await hydrated(page)
  await page.locator('.manage-row').nth(9).waitFor()
  await page.locator('.pagination').waitFor()
  // the page settled: fonts and the first answer of the job poll
  await page.evaluate(() => document.fonts.ready)
  await sleep(800)
  return page
}

/** Queues image jobs for the next `count` posts (a post has one job of a kind at a time). */
let nextPost = 0
async function queue(count: number): Promise<void> {
  const posts = ctx.blog.store.posts().slice(nextPost, nextPost + count)
  nextPost += count
  for (const post of posts) await ctx.blog.jobs.enqueue(ADMIN, post.id, 'images', IMAGES)
}

const shiftsSince = (page: Page, from: number) =>
  page.evaluate((n) => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts.slice(n), from)

describe('the job tracker and the Post Manager', () => {
  for (const width of [1280, 375]) {
    it(`never moves the page when the tracker comes, grows, folds and goes, at ${width} px`, async () => {
      await ctx.blog.jobs.cancelAll(ADMIN)
      const page = await ownerOnManage(width)
      const tracker = page.getByRole('region', { name: 'Background jobs' })
      const toggle = tracker.getByRole('button', { name: /Background jobs/ })
      const settledShifts = (await shiftsSince(page, 0)).length
      const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight)
      const heightBefore = await pageHeight()
      const before = await positions(page)
      await page.screenshot({ path: join(SHOTS, `${width}-before.png`) })

      // a job session starts: the tracker comes
      await queue(2)
      await tracker.getByText('2 queued').waitFor({ timeout: 15_000 })
      await sleep(500)
      const during = await positions(page)
      await page.screenshot({ path: join(SHOTS, `${width}-during.png`) })

      // more work: the tracker grows
      await queue(5)
      await tracker.getByText('7 queued').waitFor({ timeout: 15_000 })
      await sleep(500)
      const grown = await positions(page)

      // opened by the owner, and folded again with Escape from within it (it lies over the page)
      await toggle.click()
      await tracker.getByRole('list').waitFor()
      await sleep(400)
      const opened = await positions(page)
      await page.screenshot({ path: join(SHOTS, `${width}-open.png`) })
      await tracker.getByRole('button', { name: 'Cancel all pending (7)' }).focus()
      await page.keyboard.press('Escape')
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
      await sleep(400)
      const folded = await positions(page)

      // the session ends: the tracker goes
      await ctx.blog.jobs.cancelAll(ADMIN)
      await tracker.waitFor({ state: 'detached', timeout: 15_000 })
      await sleep(500)
      const after = await positions(page)
      await page.screenshot({ path: join(SHOTS, `${width}-after.png`) })

      const moves = {
        during: largestMove(before, during),
        grown: largestMove(before, grown),
        opened: largestMove(before, opened),
        folded: largestMove(before, folded),
        after: largestMove(before, after),
      }
      // and no layout shift at all while the session ran (clicks on the toggle are input, not counted)
      const shifts = await shiftsSince(page, settledShifts)
      const cls = shifts.reduce((sum, s) => sum + s.value, 0)
      console.log(`${width} px: largest moves ${JSON.stringify(moves)}; layout shift ${cls}`)
      for (const [phase, move] of Object.entries(moves)) expect(move.px, `${phase}: ${move.name}`).toBeLessThan(1)
      expect(shifts).toEqual([])
      // the room it kept after the page's end, out of view, went with it
      expect(await pageHeight()).toBe(heightBefore)
      await page.close()
    }, 90_000)
  }
})
