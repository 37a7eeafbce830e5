import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { hydrated, type TestBrowser } from '../helpers/browser.js'
import { screenshotDir as shots, servedEssaysForReader, type ReaderSetup } from '../helpers/reader.js'
import { corpusDir } from '../helpers/temp-dir.js'
import { OWNER } from '../../src/auth/auth-service.js'

/**
 * The reader's theme (issue 40): a light / dark / system switch in the header, remembered across
 * reloads and applied before the first paint (the page's one inline script, allowed by the CSP's
 * hash), and figures drawn in black on transparent (d2l's Transformer diagram) set on a light
 * card in dark mode so they stay readable. At 1280 and 375 px; screenshots go to
 * tests/e2e/screenshots/theme-*.png.
 */

const TRANSFORMER = join(corpusDir, 'd2l-en', 'chapter_attention-mechanisms-and-transformers', 'transformer.md')

let reader: ReaderSetup
let browser: TestBrowser
let slug = ''

beforeAll(async () => {
  reader = await servedEssaysForReader([TRANSFORMER])
  browser = reader.browser
  slug = reader.slugs[0]
}, 120_000)

afterEach(() => browser?.closePages())
afterAll(() => reader?.close())

/** The theme on <html> when the body first appeared: what the first paint is drawn in. */
async function recordThemeAtFirstBody(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { themeAtBody?: string }
    const seen = new MutationObserver(() => {
      if (!document.body || w.themeAtBody !== undefined) return
      w.themeAtBody = document.documentElement.getAttribute('data-theme') ?? 'none'
      seen.disconnect()
    })
    seen.observe(document, { childList: true, subtree: true })
  })
}

async function open(width: number, scheme: 'light' | 'dark'): Promise<{ page: Page; errors: string[] }> {
  const errors: string[] = []
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && !/status of (401|404)/.test(m.text()) && errors.push(m.text()))
  await recordThemeAtFirstBody(page)
  await page.setViewportSize({ width, height: 900 })
  await page.emulateMedia({ colorScheme: scheme })
  await page.goto(`${reader.url}/posts/${slug}`)
  await hydrated(page)
  return { page, errors }
}

const option = (page: Page, name: string) => page.getByRole('group', { name: 'Theme' }).getByRole('button', { name })
const themeAttr = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'))
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
const DARK_BG = 'rgb(18, 20, 23)'
const LIGHT_BG = 'rgb(251, 250, 247)'

/** The Transformer diagram (a transparent SVG in black lines): its backdrop and padding. */
async function figure(page: Page): Promise<{ background: string; padding: string }> {
  const img = page.locator('.prose figure img').first()
  await img.scrollIntoViewIfNeeded()
  return img.evaluate((el) => {
    const s = getComputedStyle(el)
    return { background: s.backgroundColor, padding: s.paddingTop }
  })
}

describe('the theme switch', () => {
  for (const width of [1280, 375]) {
    it(`switches to dark, keeps it across a reload from the first paint, and back to the system at ${width} px`, async () => {
      const { page, errors } = await open(width, 'light')
      expect(await themeAttr(page)).toBeNull()
      await expect.poll(() => option(page, 'System theme').getAttribute('aria-pressed')).toBe('true')
      expect(await pageBackground(page)).toBe(LIGHT_BG)
      expect((await figure(page)).background).toBe('rgba(0, 0, 0, 0)')
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.locator('.site-header').screenshot({ path: join(shots, `theme-header-${width}-light.png`) })

      await option(page, 'Dark theme').click()
      expect(await themeAttr(page)).toBe('dark')
      expect(await option(page, 'Dark theme').getAttribute('aria-pressed')).toBe('true')
      expect(await option(page, 'System theme').getAttribute('aria-pressed')).toBe('false')
      expect(await pageBackground(page)).toBe(DARK_BG)
      await page.locator('.site-header').screenshot({ path: join(shots, `theme-header-${width}-dark.png`) })

      await page.reload()
      expect(await page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody)).toBe('dark')
      await hydrated(page)
      await expect.poll(() => option(page, 'Dark theme').getAttribute('aria-pressed')).toBe('true')
      expect(await pageBackground(page)).toBe(DARK_BG)
      const dark = await figure(page)
      expect(dark.background).not.toBe('rgba(0, 0, 0, 0)')
      expect(parseFloat(dark.padding)).toBeGreaterThan(0)
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(shots, `theme-figure-${width}-dark.png`) })

      await option(page, 'System theme').click()
      expect(await themeAttr(page)).toBeNull()
      expect(await page.evaluate(() => localStorage.getItem('scholia-theme'))).toBeNull()
      expect(await pageBackground(page)).toBe(LIGHT_BG)
      await page.screenshot({ path: join(shots, `theme-figure-${width}-light.png`) })
      expect(errors).toEqual([])
    }, 60_000)
  }

  it('lets a reader whose system is dark choose light, and follows the system again on "System theme"', async () => {
    const { page, errors } = await open(1280, 'dark')
    expect(await pageBackground(page)).toBe(DARK_BG)
    expect((await figure(page)).background).not.toBe('rgba(0, 0, 0, 0)')
    await option(page, 'Light theme').click()
    expect(await pageBackground(page)).toBe(LIGHT_BG)
    expect((await figure(page)).background).toBe('rgba(0, 0, 0, 0)')
    await page.reload()
    await hydrated(page)
    expect(await themeAttr(page)).toBe('light')
    expect(await pageBackground(page)).toBe(LIGHT_BG)
    await option(page, 'System theme').click()
    expect(await pageBackground(page)).toBe(DARK_BG)
    await page.evaluate(() => localStorage.clear())
    expect(errors).toEqual([])
  }, 60_000)

  it("keeps the whole header on screen beside an owner's six links, from 768 to 1280 px", async () => {
    await reader.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
    const page = await browser.context.newPage()
    const login = await page.request.post(`${reader.url}/api/auth/login`, {
      data: { username: 'owner', password: 'password1' },
    })
    expect(login.ok()).toBe(true)
    const overflowing: string[] = []
    for (const width of [768, 900, 1024, 1280]) {
      await page.setViewportSize({ width, height: 600 })
      await page.goto(`${reader.url}/`)
      await page.locator('button.user-menu__trigger').waitFor()
      const right = await page.$$eval('.site-header__inner > *', (els) =>
        Math.max(...els.map((e) => e.getBoundingClientRect().right)),
      )
      if (right > width) overflowing.push(`${width} px: ${right}`)
      if (width === 768)
        await page.locator('.site-header').screenshot({ path: join(shots, 'theme-header-768-owner.png') })
    }
    expect(overflowing).toEqual([])
    expect((await page.request.post(`${reader.url}/api/auth/logout`)).ok()).toBe(true)
  }, 60_000)

  it('is allowed by the Content-Security-Policy, which still refuses any other inline script', async () => {
    const res = await fetch(`${reader.url}/posts/${slug}`)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/)
    expect(/script-src[^;]*/.exec(csp)?.[0]).not.toContain('unsafe-inline')
    const html = await res.text()
    // in the head, before the styles, so the first paint is in the chosen theme
    expect(html.indexOf('data-theme')).toBeLessThan(html.indexOf('<style'))
  })
})
