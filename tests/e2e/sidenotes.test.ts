import { afterAll, beforeAll, describe, expect, it, afterEach } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'

// A Jekyll site root (al-folio's distill dialect): one post with distill and markdown footnotes,
// a <d-cite> resolved from the site's assets/bibliography, an aside and a gutter note.
const site = join(projectRoot, 'tests', 'fixtures', 'distill')
const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const POST = '/posts/notes-in-the-margin'
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog({ fixtures: site })
  browser = await launchBrowser()
}, 120_000)
// Each test's tabs close after it, so they do not keep running beside the next tests.
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
})

/** Errors the page reports (the guest's 401 on the current-user read is expected). */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(m.text()))
  return errors
}

describe('notes and citations beside the essay', () => {
  it('puts footnotes in the right margin beside their reference at 1280 px, and shows a citation card on hover and focus', async () => {
    const page = await browser.context.newPage()
    const errors = collectErrors(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${ctx.server.url}${POST}`)
    const first = page.locator('.sidenote.is-placed').first()
    await first.waitFor()

    const prose = await page.locator('.post-content .prose').boundingBox()
    const notes = page.locator('.sidenote')
    expect(await notes.count()).toBe(3)
    expect((await first.textContent())?.replace(/\s+/g, ' ')).toContain('This is the first distill footnote')
    // beside its reference: right of the text, on the same line
    const ref = await page.locator('.prose a[data-footnote-ref]').first().boundingBox()
    const note = await first.boundingBox()
    expect(prose && ref && note).toBeTruthy()
    expect(note!.x).toBeGreaterThan(prose!.x + prose!.width)
    expect(note!.x + note!.width).toBeLessThanOrEqual(1280)
    expect(Math.abs(note!.y - ref!.y)).toBeLessThan(12)
    // consecutive notes never overlap, and stay in reading order
    const boxes = await notes.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
    )
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].top).toBeGreaterThanOrEqual(boxes[i - 1].bottom)
    // the aside hangs in the same margin, and no note is drawn over it
    const aside = await page.locator('.prose > aside').boundingBox()
    expect(aside!.x).toBeGreaterThan(prose!.x + prose!.width)
    for (const box of boxes) expect(box.bottom <= aside!.y || box.top >= aside!.y + aside!.height).toBe(true)
    // the end-notes list is still there, for print and screen readers
    expect(await page.locator('section[data-footnotes] li').count()).toBe(3)
    await page.screenshot({ path: join(shots, 'sidenotes-1280.png'), fullPage: true })

    // a citation's card: its full entry, on hover...
    const citation = page.locator('.prose a.citation').first()
    await citation.scrollIntoViewIfNeeded()
    await citation.hover()
    const card = page.locator('.note-card')
    await card.waitFor()
    expect(await card.textContent()).toContain('Neural Machine Translation by Jointly Learning to Align and Translate')
    expect(await citation.getAttribute('aria-expanded')).toBe('true')
    await page.screenshot({ path: join(shots, 'citation-card-1280.png') })
    await page.mouse.move(5, 5)
    await card.waitFor({ state: 'detached' })

    // ...and on keyboard focus; Escape closes it and focus stays on the citation
    await citation.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await card.waitFor()
    expect(await card.textContent()).toContain('Bahdanau')
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.classList.contains('citation'))).toBe(true)
    expect(errors).toEqual([])
  }, 60_000)

  it('opens a footnote as a popover on a tap at 375 px, and Escape closes it', async () => {
    const page = await browser.context.newPage()
    const errors = collectErrors(page)
    await page.setViewportSize({ width: 375, height: 760 })
    // a phone's touch screen: taps arrive as touch events, as they do on a real one
    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 })
    const tap = async (x: number, y: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
    await page.goto(`${ctx.server.url}${POST}`)
    await page.waitForLoadState('networkidle')
    // no margin on a phone, and nothing wider than the screen
    expect(await page.locator('.sidenote').count()).toBe(0)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)

    const ref = page.locator('.prose a[data-footnote-ref]').first()
    await ref.scrollIntoViewIfNeeded()
    const at = (await ref.boundingBox())!
    const before = await page.evaluate(() => window.scrollY)
    await tap(at.x + at.width / 2, at.y + at.height / 2)
    const card = page.locator('.note-card')
    await card.waitFor()
    expect((await card.textContent())?.replace(/\s+/g, ' ')).toContain('This is the first distill footnote')
    expect(await card.getAttribute('aria-label')).toBe('Note 1')
    // the page did not jump to the list at the end
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50)
    await page.screenshot({ path: join(shots, 'footnote-popover-375.png') })
    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })

    // the aside is a boxed note in the flow
    const aside = await page.locator('.prose > aside').boundingBox()
    const prose = await page.locator('.post-content .prose').boundingBox()
    expect(aside!.x).toBeGreaterThanOrEqual(prose!.x - 1)
    expect(aside!.x + aside!.width).toBeLessThanOrEqual(prose!.x + prose!.width + 1)
    await page.locator('.prose > aside').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'aside-375.png') })
    expect(errors).toEqual([])
  }, 60_000)
})
