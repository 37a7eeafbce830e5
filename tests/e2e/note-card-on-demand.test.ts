import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'

// Issue 40: the card of a note or citation is code only a reader who opens one needs; a visit
// that opens none should not fetch, run or mount it. The distill fixture's post has footnotes
// and a citation.
const site = join(projectRoot, 'tests', 'fixtures', 'distill')
const POST = '/posts/notes-in-the-margin'
const NOTE_CARD_CODE = /\/assets\/note-card-[\w-]+\.js$/
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser

beforeAll(async () => {
  ctx = await servedBlog({ fixtures: site })
  browser = await launchBrowser()
}, 120_000)
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
})

function watch(page: Page): { cardCode: () => boolean; errors: string[] } {
  let fetched = false
  const errors: string[] = []
  page.on('request', (r) => NOTE_CARD_CODE.test(new URL(r.url()).pathname) && (fetched = true))
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(m.text()))
  return { cardCode: () => fetched, errors }
}

describe('the note card loads when a reader reaches for a note', () => {
  it('is not fetched with the page, and a citation still shows its card on hover', async () => {
    const page = await browser.context.newPage()
    const seen = watch(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${ctx.server.url}${POST}`)
    await hydrated(page)
    await page.locator('.sidenote.is-placed').first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(seen.cardCode()).toBe(false)
    expect(await page.locator('.note-card').count()).toBe(0)

    const citation = page.locator('.prose a.citation').first()
    await citation.scrollIntoViewIfNeeded()
    await citation.hover()
    const card = page.locator('.note-card')
    await card.waitFor()
    expect(seen.cardCode()).toBe(true)
    expect(await card.textContent()).toContain('Bahdanau')
    expect(await citation.getAttribute('aria-expanded')).toBe('true')
    await page.mouse.move(5, 5)
    await card.waitFor({ state: 'detached' })
    expect(seen.errors).toEqual([])
  }, 60_000)

  it('opens from the keyboard as its first card, and gives focus back on Escape', async () => {
    const page = await browser.context.newPage()
    const seen = watch(page)
    await page.setViewportSize({ width: 375, height: 760 })
    await page.goto(`${ctx.server.url}${POST}`)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    expect(seen.cardCode()).toBe(false)

    // a footnote's mark, reached with Tab, opened with Enter: the card takes focus
    const ref = page.locator('.prose a[data-footnote-ref]').first()
    await ref.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const card = page.locator('.note-card')
    await card.waitFor()
    expect((await card.textContent())?.replace(/\s+/g, ' ')).toContain('This is the first distill footnote')
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-footnote-ref'))).toBe(true)
    expect(seen.errors).toEqual([])
  }, 60_000)
})
