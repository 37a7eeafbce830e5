import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { hydrated, type TestBrowser } from '../helpers/browser.js'
import { screenshotDir as shots, servedEssaysForReader, type ReaderSetup } from '../helpers/reader.js'
import { corpusDir } from '../helpers/temp-dir.js'

/**
 * A printed essay (issue 40): the Cochran proof printed on A4 cut a wide equation mid-expression
 * and printed eq. (11)'s number as "(1". In Chromium's print media, at the printed column's width,
 * every display formula must fit whole with its number, keep to one page, and the page's chrome
 * (header, contents, notes in the margin, buttons) stays off the paper. The corpus essay is read
 * from the shared corpus, never copied. Screenshots go to tests/e2e/screenshots/print-*.png.
 */

const COCHRAN = join(corpusDir, 'statproofbook', 'P', 'anova2-cochran.md')
/** A4 (210 mm) less print.css's @page margins (2 × 2.2 cm), in CSS pixels: the printed column. */
const A4_COLUMN = Math.floor(((210 - 44) / 25.4) * 96)

let reader: ReaderSetup
let browser: TestBrowser
let slug = ''

beforeAll(async () => {
  reader = await servedEssaysForReader([COCHRAN])
  browser = reader.browser
  slug = reader.slugs[0]
}, 120_000)

afterEach(() => browser?.closePages())
afterAll(() => reader?.close())

/** The essay opened as a reader does, then switched to print media at the printed column's width. */
async function printed(scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.context.newPage()
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: scheme })
  await page.goto(`${reader.url}/posts/${slug}`)
  await hydrated(page)
  await page.setViewportSize({ width: A4_COLUMN, height: 1123 })
  await page.emulateMedia({ media: 'print', colorScheme: scheme })
  return page
}

interface FormulaBox {
  tag: string | null
  scroll: number
  client: number
  right: number
  tagRight: number | null
  tagVisible: boolean
  breakInside: string
}

function formulas(page: Page): Promise<FormulaBox[]> {
  return page.$$eval('.prose .katex-display', (els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect()
      const tag = el.querySelector<HTMLElement>('.tag')
      const tagBox = tag?.getBoundingClientRect()
      return {
        tag: tag?.textContent ?? null,
        scroll: el.scrollWidth,
        client: el.clientWidth,
        right: box.right,
        tagRight: tagBox ? tagBox.right : null,
        tagVisible: !!tag && tag.checkVisibility() && (tagBox?.width ?? 0) > 0,
        breakInside: getComputedStyle(el).breakInside,
      }
    }),
  )
}

describe('a printed math essay', () => {
  it('prints every display formula whole, with its number, on one page', async () => {
    const page = await printed()
    await page.locator('.prose .katex-display[style*="--formula-ems"]').first().waitFor({ state: 'attached' })
    const boxes = await formulas(page)
    expect(boxes.length).toBeGreaterThan(20)
    // eq. (9) is wider than the A4 column at its reading size: it must have been set smaller
    const clipped = boxes.filter((b) => b.scroll > b.client + 1).map((b) => b.tag)
    expect(clipped).toEqual([])
    const numbered = boxes.filter((b) => b.tag !== null)
    expect(numbered.map((b) => b.tag)).toContain('(11)')
    for (const b of numbered) {
      expect(b.tagVisible, `${b.tag} is visible`).toBe(true)
      expect(b.tagRight!, `${b.tag} ends inside the column`).toBeLessThanOrEqual(b.right + 1)
    }
    expect(new Set(boxes.map((b) => b.breakInside))).toEqual(new Set(['avoid']))
    // "Proof: Denote sample sizes as" goes to the next page with its formula, not left alone at the foot
    const leadIn = await page.$$eval('.prose p', (ps) =>
      ps.filter((p) => p.textContent?.includes('Denote sample sizes as')).map((p) => getComputedStyle(p).breakAfter),
    )
    expect(leadIn).toEqual(['avoid'])

    const wide = page.locator('.prose .katex-display').filter({ hasText: '(9)' }).first()
    await wide.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'print-a4-formulas.png') })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: join(shots, 'print-a4-first-page.png') })
  }, 60_000)

  it('leaves the header, contents, margin notes and buttons off the paper, in a dark system theme too', async () => {
    const page = await printed('dark')
    const shown = await page.evaluate(() =>
      ['.site-header', '.post-sidebar', '.toc', '.sidenotes', '.site-footer', 'button', '.theme-switch']
        .flatMap((sel) => Array.from(document.querySelectorAll(sel)).map((el) => [sel, el] as const))
        .filter(([, el]) => el.checkVisibility())
        .map(([sel]) => sel),
    )
    expect(shown).toEqual([])
    // paper is white and the text black, whatever the screen's theme
    const colours = await page.evaluate(() => {
      const body = getComputedStyle(document.body)
      return [body.backgroundColor, getComputedStyle(document.querySelector('.prose')!).color]
    })
    expect(colours).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)'])
  }, 60_000)

  it('prints every formula whole, number included, where the page runs no script', async () => {
    // scripts blocked, a static copy, a reader mode's print: the server's page alone
    const page = await browser.context.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${reader.url}/posts/${slug}`)
    // the app never took the page over
    expect(await page.$eval('#main', (el) => Object.keys(el).filter((k) => k.startsWith('__react')))).toEqual([])
    await page.setViewportSize({ width: A4_COLUMN, height: 1123 })
    await page.emulateMedia({ media: 'print' })
    const boxes = await formulas(page)
    expect(boxes.length).toBeGreaterThan(20)
    expect(boxes.filter((b) => b.scroll > b.client + 1).map((b) => b.tag)).toEqual([])
    const numbered = boxes.filter((b) => b.tag !== null)
    expect(numbered.map((b) => b.tag)).toEqual(expect.arrayContaining(['(9)', '(11)', '(25)']))
    for (const b of numbered) {
      expect(b.tagVisible, `${b.tag} is visible`).toBe(true)
      expect(b.tagRight!, `${b.tag} ends inside the column`).toBeLessThanOrEqual(A4_COLUMN + 1)
    }
    // nothing is wider than the paper, so Chromium does not shrink the whole page to fit it:
    // the text keeps its size and only the wide formulas are set smaller
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(A4_COLUMN)
    const sizes = await page.$$eval('.prose .katex-display', (els) =>
      els.map((el) => parseFloat(getComputedStyle(el.querySelector('.katex')!).fontSize)),
    )
    const prose = await page.$eval('.prose', (el) => parseFloat(getComputedStyle(el).fontSize))
    expect(Math.max(...sizes)).toBeCloseTo(prose * 1.05, 1)
    expect(Math.min(...sizes)).toBeGreaterThan(prose * 0.6)

    const wide = page.locator('.prose .katex-display').filter({ hasText: '(9)' }).first()
    await wide.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'print-a4-no-script.png') })
    // kept beside the screenshots, to be looked at
    const pdf = await page.pdf({ format: 'A4', path: join(shots, 'print-a4-no-script.pdf') })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  }, 60_000)

  it("makes an A4 PDF with every formula's number in it", async () => {
    const page = await printed()
    // kept beside the screenshots, to be looked at
    const pdf = await page.pdf({ format: 'A4', path: join(shots, 'print-a4.pdf') })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    // the PDF is made from the same print layout the checks above measured
    const boxes = await formulas(page)
    expect(boxes.filter((b) => b.scroll > b.client + 1)).toEqual([])
  }, 60_000)
})
