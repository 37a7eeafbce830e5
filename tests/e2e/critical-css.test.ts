import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'

// A reader's page paints from the styles inlined in its head; the app's stylesheet, linked at
// the start of the body, may arrive after. If the inlined styles missed a rule the page uses, the
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

const PROPS = [
  'display',
  'position',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'text-align',
  'border-top-width',
  'border-bottom-color',
  'list-style-type',
  'visibility',
  'opacity',
  'overflow-x',
]

/**
 * Every element of the page, in order: where it is, how big, and how it is styled. The essay's
 * sections off screen are left unrendered (content-visibility: auto), and the size such a
 * section stands in with is whatever it measured when last rendered, which depends on how
 * far the page and its fonts had loaded at the time; so, once their styles are recorded,
 * every section is rendered, and the comparison is of real layout, not of that timing.
 */
async function pageLayout(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready)
  const styles = await page.evaluate(() =>
    [...document.body.querySelectorAll('*')].map(
      (el, i) =>
        `${i} ${el.tagName.toLowerCase()} content-visibility: ${getComputedStyle(el).contentVisibility} ${getComputedStyle(el).containIntrinsicHeight}`,
    ),
  )
  await page.addStyleTag({ content: '* { content-visibility: visible !important }' })
  await page.evaluate(() => document.fonts.ready)
  const layout = await page.evaluate((props) => {
    const out: string[] = []
    const walk = (el: Element, path: string) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      out.push(
        `${path} ${[r.x, r.y, r.width, r.height].map((n) => Math.round(n)).join(',')} ${props.map((p) => style.getPropertyValue(p)).join('|')}`,
      )
      ;[...el.children].forEach((c, i) =>
        walk(
          c,
          `${path}>${c.tagName.toLowerCase()}${c.className && typeof c.className === 'string' ? `.${c.className.trim().split(/\s+/).join('.')}` : ''}[${i}]`,
        ),
      )
    }
    walk(document.body, 'body')
    return out
  }, PROPS)
  return [...layout, ...styles]
}

/** The server's page with no script run, and with the app's stylesheet or without it. */
async function serverPage(
  url: string,
  withStylesheet: boolean,
  options: { colorScheme: 'light' | 'dark'; width: number },
): Promise<string[]> {
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
      const linked = await page.evaluate(() =>
        [...document.styleSheets]
          .filter((s) => s.href)
          .map((s) => ({ href: s.href!, faces: [...s.cssRules].filter((r) => r instanceof CSSFontFaceRule).length })),
      )
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
      expect(
        firstDifference === -1 ? null : { inlined: inlined[firstDifference], full: full[firstDifference] },
      ).toBeNull()
      expect(inlined.length).toBe(full.length)
    })
  }
})

// A font file found only when the page is first laid out arrives after that layout, and the
// page is laid out and painted again. So the head asks for each Latin font file the page sets
// text in, and for no file it does not use (that would cost every reader the download). Other
// scripts' subsets (Latin Extended, Greek, …) load as the text needs them.
describe("a reader's page asks in its head for the fonts it uses", () => {
  const pages = [
    '/',
    '/posts/entropy-as-expected-surprise',
    '/posts/notes-on-writing-mathematics-for-the-web',
    '/posts/the-geometry-of-least-squares',
    '/about',
    '/search?q=entropy',
  ]
  const OTHER_SCRIPTS = /-(?:latin-ext|cyrillic|cyrillic-ext|greek|greek-ext|vietnamese)-/

  /** The font files the server's page loads (no script run), and those its head asks for. */
  async function fontsOf(url: string, withPreloads: boolean): Promise<{ fetched: string[]; preloaded: string[] }> {
    const page = await browser.context.newPage()
    try {
      const fetched = new Set<string>()
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fetched.add(new URL(request.url()).pathname)
      })
      await page.route('**/assets/*.js', (route) => route.abort())
      if (!withPreloads) {
        await page.route(`${ctx.server.url}${url}`, async (route) => {
          const response = await route.fetch()
          const body = (await response.text()).replace(/<link rel="preload"[^>]*as="font"[^>]*>/g, '')
          await route.fulfill({ response, body })
        })
      }
      await page.goto(`${ctx.server.url}${url}`, { waitUntil: 'load' })
      await page.evaluate(() => document.fonts.ready)
      const preloaded = await page.evaluate(() =>
        [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=font]')].map(
          (l) => new URL(l.href).pathname,
        ),
      )
      return { fetched: [...fetched].sort(), preloaded: preloaded.sort() }
    } finally {
      await page.close()
    }
  }

  for (const url of pages) {
    it(url, async () => {
      const asked = await fontsOf(url, true)
      const used = (await fontsOf(url, false)).fetched
      expect(new Set(asked.preloaded).size, 'no file asked for twice').toBe(asked.preloaded.length)
      expect(
        asked.preloaded.filter((f) => !used.includes(f)),
        'asked for, never used',
      ).toEqual([])
      expect(
        used.filter((f) => !OTHER_SCRIPTS.test(f) && !asked.preloaded.includes(f)),
        'used, not asked for',
      ).toEqual([])
      expect(asked.fetched).toEqual(used)
    })
  }
})
