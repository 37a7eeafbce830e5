import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'

// A reader's page paints from the styles inlined in its head; the app's stylesheet, linked at
// the end of the body, arrives after. If the inlined styles missed a rule the page uses, the
// page would change (and shift) when the stylesheet lands. So: every element of the server's
// page must be laid out and styled the same with the inlined styles alone as with both.

let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser

beforeAll(async () => {
  // The sample essays: formulas, code, a table, footnotes, figures.
  ctx = await servedBlog({ fixtures: join(projectRoot, 'data', 'essays') })
  browser = await launchBrowser()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
})

const PROPS = ['display', 'position', 'color', 'background-color', 'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'text-align', 'border-top-width', 'border-bottom-color', 'list-style-type', 'visibility', 'opacity', 'overflow-x']

/** Every element of the page, in order: where it is, how big, and how it is styled. */
async function pageLayout(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready)
  return page.evaluate((props) => {
    const out: string[] = []
    const walk = (el: Element, path: string) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      out.push(`${path} ${[r.x, r.y, r.width, r.height].map((n) => Math.round(n)).join(',')} ${props.map((p) => style.getPropertyValue(p)).join('|')}`)
      ;[...el.children].forEach((c, i) => walk(c, `${path}>${c.tagName.toLowerCase()}${c.className && typeof c.className === 'string' ? `.${c.className.trim().split(/\s+/).join('.')}` : ''}[${i}]`))
    }
    walk(document.body, 'body')
    return out
  }, PROPS)
}

/** The server's page with no script run, and with the app's stylesheet or without it. */
async function serverPage(url: string, withStylesheet: boolean, options: { colorScheme: 'light' | 'dark'; width: number }): Promise<string[]> {
  const page = await browser.context.newPage()
  try {
    await page.setViewportSize({ width: options.width, height: 900 })
    await page.emulateMedia({ colorScheme: options.colorScheme })
    await page.route('**/assets/*.js', (route) => route.abort())
    let stylesheets = 0
    await page.route('**/assets/*.css', (route) => {
      stylesheets++
      return withStylesheet ? route.continue() : route.abort()
    })
    await page.goto(`${ctx.server.url}${url}`, { waitUntil: 'load' })
    expect(stylesheets, 'the page links the app stylesheet').toBe(1)
    expect(await page.locator('head style').count(), 'the page inlines its styles').toBe(1)
    if (withStylesheet) {
      // The linked stylesheet brings no font faces: the page has them all inlined already, and
      // adding more to a painted page has all its text laid out again.
      const linked = await page.evaluate(() => [...document.styleSheets].filter((s) => s.href).map((s) => ({ href: s.href!, faces: [...s.cssRules].filter((r) => r instanceof CSSFontFaceRule).length })))
      expect(linked).toEqual([{ href: expect.stringMatching(/\/assets\/entry-client-[\w-]+\.css$/), faces: 0 }])
    }
    return await pageLayout(page)
  } finally {
    await page.close()
  }
}

describe("a reader's page from its inlined styles alone", () => {
  const cases: [string, { colorScheme: 'light' | 'dark'; width: number }][] = [
    ['/', { colorScheme: 'light', width: 1280 }],
    ['/posts/entropy-as-expected-surprise', { colorScheme: 'light', width: 1280 }],
    ['/posts/notes-on-writing-mathematics-for-the-web', { colorScheme: 'dark', width: 375 }],
    ['/posts/the-geometry-of-least-squares', { colorScheme: 'light', width: 375 }],
    ['/about', { colorScheme: 'dark', width: 1280 }],
    ['/search?q=entropy', { colorScheme: 'light', width: 1280 }],
    ['/no/such/page', { colorScheme: 'light', width: 1280 }],
  ]
  for (const [url, options] of cases) {
    it(`looks exactly as with the full stylesheet: ${url} (${options.colorScheme}, ${options.width} px)`, async () => {
      const inlined = await serverPage(url, false, options)
      const full = await serverPage(url, true, options)
      expect(inlined.length).toBeGreaterThan(20)
      const firstDifference = inlined.findIndex((line, i) => line !== full[i])
      expect(firstDifference === -1 ? null : { inlined: inlined[firstDifference], full: full[firstDifference] }).toBeNull()
      expect(inlined.length).toBe(full.length)
    })
  }
})
