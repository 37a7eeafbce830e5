import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog()
  browser = await launchBrowser()
}, 120_000)
// Each test's tabs close after it, so they do not keep running beside the next tests.
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
})

describe('a reader', () => {
  it('opens the home page, clicks a post and reads its formulas and headings', async () => {
    expect(ctx.server.url).toBeTruthy()
    const page = await browser.context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    // The 401 of the current-user read is how a guest is told apart (SPEC §7); Chromium logs it.
    page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(m.text()))

    await page.goto(`${ctx.server.url}/`)
    await expect(page.getByRole('heading', { name: 'Latest Posts' }).isVisible()).resolves.toBe(true)
    await page.screenshot({ path: join(shots, 'home-1280.png'), fullPage: true })

    await page.getByRole('link', { name: 'The Gaussian Integral, Three Ways' }).first().click()
    await page.waitForURL('**/posts/the-gaussian-integral-three-ways')
    await page.getByRole('heading', { name: 'Polar coordinates' }).waitFor()
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain(
      'The Gaussian Integral, Three Ways',
    )

    const display = page.locator('.katex-display').first()
    await display.waitFor()
    const box = await display.boundingBox()
    expect(box && box.height > 20).toBe(true)
    // The KaTeX stylesheet is loaded: its fonts lay out the formula, not the raw TeX.
    expect(
      await page
        .locator('.katex-mathml')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe('absolute')
    // The home page had no formula, yet KaTeX's font faces were there for the app's post page.
    await page.waitForFunction(() =>
      [...document.fonts].some((f) => f.family === 'KaTeX_Main' && f.status === 'loaded'),
    )
    // What is drawn is KaTeX's HTML, never the TeX source with its dollar signs.
    expect(await page.locator('.katex-html').count()).toBeGreaterThan(3)
    const shown = await page
      .locator('article')
      .first()
      .evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement
        copy.querySelectorAll('.katex-mathml').forEach((m) => m.remove())
        return copy.textContent ?? ''
      })
    expect(shown).not.toContain('$$')
    expect(shown).not.toContain('\\int')
    await page.screenshot({ path: join(shots, 'post-1280.png'), fullPage: true })
    expect(errors).toEqual([])
  }, 60_000)

  it('reads comfortably on a 375 px phone with no horizontal scroll', async () => {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 375, height: 800 })
    for (const [path, name] of [
      ['/', 'home-375.png'],
      ['/posts/the-gaussian-integral-three-ways', 'post-375.png'],
    ] as const) {
      await page.goto(`${ctx.server.url}${path}`)
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
      await page.screenshot({ path: join(shots, name), fullPage: true })
    }
  }, 60_000)

  it('sees the 404 page for an unknown address', async () => {
    const page = await browser.context.newPage()
    const res = await page.goto(`${ctx.server.url}/no/such/page`)
    expect(res?.status()).toBe(404)
    await expect(page.getByText('Page Not Found').first().isVisible()).resolves.toBe(true)
  }, 30_000)
})
