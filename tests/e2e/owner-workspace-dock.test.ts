import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, hydrated, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

// Issue 23.9–23.13 in a browser: the floating job tracker leaves every one of the Post
// Manager's controls reachable clear of it (1280 and 375 px); the manager's search, filters and
// pages, selecting by filter and acting in bulk; the image dialog's word on the provider; job
// polling; the search debounce.

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const EXTRA = 40
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
const extra = tempDir('dock-essays-')

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog()
  // 43 posts in all: three pages of the manager; every fifth a draft, every seventh featured
  for (let i = 1; i <= EXTRA; i++) {
    const fm = [
      `title: Field Note ${i}`,
      `date: 2023-01-${String((i % 28) + 1).padStart(2, '0')}`,
      `tags: [notes, batch-${i % 3}]`,
    ]
    if (i % 5 === 0) fm.push('draft: true')
    if (i % 7 === 0) fm.push('featured: true')
    writeFileSync(
      join(extra.path, `note-${i}.md`),
      `---\n${fm.join('\n')}\n---\n\nA short field note, number ${i}, on method.\n`,
    )
  }
  await ctx.blog.importer.importPaths([extra.path])
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  // jobs stay queued, so the tracker stays on screen
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

async function ownerPage(errors: string[] = []): Promise<Page> {
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  const res = await page.request.post(url('/api/auth/login'), { data: { username: 'owner', password: 'password1' } })
  expect(res.ok()).toBe(true)
  return page
}

async function open(page: Page, path: string) {
  await page.goto(url(path))
  await hydrated(page)
  await page.waitForFunction(() => document.querySelector('button.user-menu__trigger'))
}

/** Controls in the viewport that the tracker's box overlaps, by their labels. */
function coveredControls(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const dock = document.querySelector('.job-tracker')?.getBoundingClientRect()
    if (!dock) return ['(no tracker)']
    const out: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.bottom <= 0 || r.top >= innerHeight) continue
      const overlaps = r.left < dock.right && r.right > dock.left && r.top < dock.bottom && r.bottom > dock.top
      if (overlaps) out.push(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName)
    }
    return out
  }, selector)
}

const CONTROLS =
  '.manage-filters button, .manage-filters select, .manage-filters input, .manage-toolbar button, .manage-row button, .manage-row input, .manage-row a, .pagination a'

describe('the owner’s workspace, docked and filtered', () => {
  it('floats the job tracker so the Post Manager’s controls can always be reached clear of it, at 1280 and 375 px', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await open(page, '/manage')
    // queue image jobs for five posts: the tracker appears
    const ids = (
      await ctx.blog.manage.browse(
        { userId: 1, role: 'admin' },
        { q: '', status: 'all', featured: 'any', enhanced: 'any', page: 1, pageSize: 5 },
      )
    ).posts.map((p) => p.id)
    for (const id of ids)
      await ctx.blog.jobs.enqueue({ userId: 1, role: 'admin' }, id, 'images', {
        imageType: 'both',
        imageOptions: { model: 'dall-e-3', quality: 'hd', style: 'natural', useCustomPrompt: false, customPrompt: '' },
      })
    const tracker = page.getByRole('region', { name: 'Background jobs' })
    await tracker.getByText('5 queued').waitFor({ timeout: 15_000 })
    await sleep(400)
    const toggle = tracker.getByRole('button', { name: /Background jobs/ })
    // it comes folded, one line high: it floats over the page, which never moves for it (issue 40,
    // job-tracker-reflow.test.ts), and the page keeps room to bring every control clear of it
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width < 600 ? 812 : 900 })
      await sleep(400)
      for (const state of ['false', 'true']) {
        if ((await toggle.getAttribute('aria-expanded')) !== state) await toggle.click()
        await sleep(400)
        // at the page's end the room after it lifts the last rows, the pages and the footer clear
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await sleep(300)
        const label = `${width} px, expanded ${state}`
        expect(await coveredControls(page, `${CONTROLS}, .site-footer a`), label).toEqual([])
        await page.screenshot({ path: join(shots, `manage-dock-${width}-${state === 'true' ? 'open' : 'folded'}.png`) })
        // scrolled anywhere, a control reached with the keyboard is brought clear of it
        await page.evaluate(() => window.scrollTo(0, 0))
        const rowButtons = page.locator('.manage-row button')
        for (let i = 0; i < Math.min(24, await rowButtons.count()); i++) {
          await rowButtons.nth(i).focus()
          await sleep(60)
          const focused = await coveredControls(page, ':focus')
          expect(focused, `${label}, row button ${i}`).toEqual([])
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    }

    // the reader is at the page's end as the session ends
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await sleep(300)
    const endScroll = await page.evaluate(() => window.scrollY)
    await ctx.blog.jobs.cancelAll({ userId: 1, role: 'admin' })
    await tracker.waitFor({ state: 'detached', timeout: 15_000 })
    // focus no longer keeps clear of it; the room at the end stays while in view, so a page
    // scrolled to its end is not pulled up as it goes…
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--job-dock-reach'))).toBe('')
    expect(await page.evaluate(() => 'jobRoom' in document.documentElement.dataset)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(endScroll)
    // …and goes once the reader has scrolled above it
    await page.evaluate(() => window.scrollTo(0, 0))
    await sleep(300)
    expect(await page.evaluate(() => 'jobRoom' in document.documentElement.dataset)).toBe(false)
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  it('searches, filters and pages the posts on the server, and selects by filter to act in bulk', async () => {
    const errors: string[] = []
    const page = await ownerPage(errors)
    await open(page, '/manage')
    const summary = page.locator('.manage-summary p')
    await page.locator('.manage-row').first().waitFor()
    expect(await summary.textContent()).toBe(`${EXTRA + 3} posts · 9 drafts · page 1 of 3`)
    expect(await page.locator('.manage-row').count()).toBe(20)

    // page 2 through the numbered pagination, kept in the address
    await page.getByRole('link', { name: 'Page 2' }).click()
    await page.waitForURL(/page=2/)
    await summary.filter({ hasText: 'page 2 of 3' }).waitFor()

    // drafts only: the filter starts again at page 1
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/manage/posts?') && r.url().includes('status=draft'),
    )
    await page.getByRole('radio', { name: /Drafts/ }).click()
    expect((await answer).ok()).toBe(true)
    await summary.filter({ hasText: `9 of ${EXTRA + 3} posts match` }).waitFor()
    expect(page.url()).not.toContain('page=2')
    for (const badge of await page
      .locator('.manage-row .badge--draft, .manage-row .badge--published')
      .allTextContents())
      expect(badge).toBe('Draft')

    // words narrow it further (debounced like every search box)
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('field note 3')
    await page.waitForURL(/q=field/)
    // The last page stays on screen while the next loads: wait until the rows are the answer's.
    const rowTitles = () => page.locator('.manage-row__title').allTextContents()
    await expect
      .poll(async () => (await rowTitles()).every((t) => /^Field Note 3\d*$/.test(t)), { timeout: 15_000 })
      .toBe(true)
    const titles = await rowTitles()
    expect(titles.length).toBeGreaterThan(0)
    for (const t of titles) expect(t).toMatch(/^Field Note 3\d*$/)
    await page.screenshot({ path: join(shots, 'manage-filtered-1280.png') })

    // clear the words; Select All takes every draft, then a bulk action acts on exactly those
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await page.getByRole('radio', { name: /Drafts/ }).click()
    await summary.filter({ hasText: '9 of' }).waitFor()
    await page.getByRole('button', { name: 'Select All' }).click()
    await page.getByText('9 selected').waitFor()
    const bulk = page.waitForResponse((r) => r.url().endsWith('/api/posts/models/bulk-generate'), { timeout: 60_000 })
    await page.getByRole('button', { name: 'Generate Models (9)' }).click()
    const done = await bulk
    expect(await done.json()).toEqual({ modelsCreated: 9, failed: [] })
    const sent = done.request().postDataJSON() as { postIds: number[] }
    const drafts = ctx.blog.store
      .posts()
      .filter((p) => p.status === 'draft')
      .map((p) => p.id)
    expect([...sent.postIds].sort((a, b) => a - b)).toEqual([...drafts].sort((a, b) => a - b))

    // enhanced: the drafts now have models, so they are the enhanced posts (the server says so)
    const enhanced = page.waitForResponse(
      (r) => r.url().includes('/api/manage/posts?') && r.url().includes('enhanced=yes'),
    )
    await page.getByLabel('Enhanced').selectOption('yes')
    expect(await (await enhanced).json()).toMatchObject({ total: 9, counts: { enhanced: 9 } })
    await summary.filter({ hasText: '9 of 43 posts match' }).waitFor()
    await page.getByText('9 selected').waitFor()
    await page.setViewportSize({ width: 375, height: 812 })
    await sleep(300)
    await page.screenshot({ path: join(shots, 'manage-filtered-375.png'), fullPage: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(errors).toEqual([])
    await page.close()
  }, 120_000)

  it('says in the image dialog that the local artist draws when no OPENAI_API_KEY is set', async () => {
    const page = await ownerPage()
    await open(page, '/manage')
    await page
      .locator('.manage-row')
      .first()
      .getByRole('button', { name: /Regenerate Images/ })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Regenerate Images' })
    const note = dialog.getByRole('note')
    await note.waitFor()
    expect(await note.textContent()).toMatch(
      /No OPENAI_API_KEY is set, so Scholia’s local artist draws these images.*not used/,
    )
    await sleep(300)
    await page.screenshot({ path: join(shots, 'regen-dialog-local-1280.png') })
    await page.close()
  })

  it('polls the job status every 3 s on a signed-in admin’s visible page, and never for a guest', async () => {
    const page = await ownerPage()
    const asked: number[] = []
    page.on('request', (r) => r.url().endsWith('/api/jobs/status') && asked.push(Date.now()))
    await open(page, '/about')
    // the first look, then one every 3 s: the gaps between polls are read from when each was
    // asked, not counted in a fixed window a busy machine could shift
    await expect.poll(() => asked.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4)
    const gaps = asked.slice(1, 4).map((at, i) => at - asked[i]!)
    for (const gap of gaps.slice(1)) {
      expect(gap).toBeGreaterThanOrEqual(2_900)
      expect(gap).toBeLessThanOrEqual(6_000)
    }
    await page.close()

    const reader = await launchBrowser()
    try {
      const guest = await reader.context.newPage()
      let guestAsked = 0
      guest.on('request', (r) => r.url().includes('/api/jobs') && guestAsked++)
      await guest.goto(url('/about'))
      await hydrated(guest)
      await sleep(4_000)
      expect(guestAsked).toBe(0)
    } finally {
      await reader.close()
    }
  }, 60_000)

  it('debounces the read-time slider like the query, and searches only with a non-empty query', async () => {
    const page = await ownerPage()
    const searches: string[] = []
    page.on('request', (r) => r.url().includes('/api/search/advanced') && searches.push(r.url()))
    await open(page, '/search')
    // spaces in the box are no query: nothing is asked
    await page.locator('.search-page__bar input').fill('   ')
    await page.locator('.search-page__bar input').press('Enter')
    await sleep(700)
    expect(searches).toEqual([])
    // five steps of the slider, one request
    await page.getByRole('button', { name: 'Filters' }).click()
    const thumb = page.getByRole('slider', { name: 'Longest read time, in minutes' })
    await thumb.focus()
    for (let i = 0; i < 5; i++) await thumb.press('ArrowLeft')
    await expect.poll(() => searches.length, { timeout: 10_000 }).toBeGreaterThan(0)
    // past the 300 ms debounce again: still the one request
    await sleep(900)
    expect(searches).toHaveLength(1)
    expect(searches[0]).toContain('maxReadTime=25')
    expect(page.url()).toContain('maxReadTime=25')
    await page.close()
  })
})
