import { createRequire } from 'node:module'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'
import { THEME_STORAGE_KEY } from '../../web/lib/theme.js'

// Issue 40: axe-core finds no violation on home, a math-heavy post, search and manage, at 1280
// and 375 px, light and dark (the system's dark, and dark chosen with the theme switch). The math-heavy posts are read from the shared corpus (never copied): the
// statproofbook proof of Cochran's theorem for two-way ANOVA and d2l's attention scoring chapter.
const corpus = join(projectRoot, '..', 'shared', 'corpus')
const MATH_POSTS = [
  join(corpus, 'statproofbook', 'P', 'anova2-cochran.md'),
  join(corpus, 'd2l-en', 'chapter_attention-mechanisms-and-transformers', 'attention-scoring-functions.md'),
]
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')

let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let owner: TestBrowser
let mathSlugs: string[] = []

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog()
  const report = await ctx.blog.importer.importPaths(MATH_POSTS)
  mathSlugs = report.files.map((f) => f.slug).filter((s): s is string => typeof s === 'string')
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  browser = await launchBrowser()
  owner = await launchBrowser()
  const res = await owner.context.request.post(`${ctx.server.url}/api/auth/login`, {
    data: { username: 'owner', password: 'password1' },
  })
  expect(res.ok()).toBe(true)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await owner?.close()
  await ctx?.cleanup()
})

interface Violation {
  id: string
  help: string
  nodes: { target: string[] }[]
}

/** axe's violations on the page as it is now, one line each with where they are. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated by the browser's devtools channel: the page's CSP allows only its own scripts.
  await page.evaluate(axeSource)
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } })
      .axe
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
  })
  return (found as Violation[]).map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')})`,
  )
}

const WIDTHS = [1280, 375]

describe('wide formulas and code', () => {
  it('are reached with Tab and scrolled with the arrow keys at 375 px, and only those that overflow', async () => {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${ctx.server.url}/posts/${mathSlugs[0]}`)
    await hydrated(page)
    await page.locator('.prose[data-scroll-regions="ready"]').waitFor()
    const regions = page.locator('.prose [data-scroll-region]')
    expect(await regions.count()).toBeGreaterThan(0)
    // a formula near the top that fits keeps no tab stop
    await expect
      .poll(() =>
        page.$$eval('.prose .katex-display', (els) =>
          els
            .filter((el) => el.getBoundingClientRect().top < innerHeight)
            .every((el) => el.hasAttribute('data-scroll-region') === el.scrollWidth > el.clientWidth),
        ),
      )
      .toBe(true)
    const wide = regions.first()
    await wide.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => wide.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await wide.screenshot({ path: join(shots, 'wide-formula-focused-375.png') })
    await page.close()
  }, 60_000)
})

/**
 * How the reader sees the site: the system's light scheme, the system's dark one
 * (prefers-color-scheme), and dark chosen with the site's own switch on a light system
 * (web/lib/theme.ts keeps the choice in localStorage and the boot script applies it).
 */
const SCHEMES = [
  { name: 'light', colorScheme: 'light', chosen: null },
  { name: 'dark (system)', colorScheme: 'dark', chosen: null },
  { name: 'dark (switch)', colorScheme: 'light', chosen: 'dark' },
] as const

async function schemedPage(from: TestBrowser, width: number, scheme: (typeof SCHEMES)[number]): Promise<Page> {
  const page = await from.context.newPage()
  await page.setViewportSize({ width, height: 900 })
  await page.emulateMedia({ colorScheme: scheme.colorScheme })
  // every page load starts with the choice stored, as a returning reader's does
  await page.addInitScript(
    ([key, theme]) => (theme ? localStorage.setItem(key, theme) : localStorage.removeItem(key)),
    [THEME_STORAGE_KEY, scheme.chosen] as const,
  )
  return page
}

/** Fails when the page does not show the scheme asked for, so a passing run is never a light one. */
async function expectScheme(page: Page, scheme: (typeof SCHEMES)[number]): Promise<void> {
  const dark = scheme.name !== 'light'
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const [r = 0, g = 0, b = 0] = (bg.match(/\d+(\.\d+)?/g) ?? []).map(Number)
  expect((r + g + b) / 3 < 128, `${scheme.name}: the body is ${bg}`).toBe(dark)
}

describe('accessibility (axe-core)', () => {
  for (const scheme of SCHEMES)
    for (const width of WIDTHS) {
      it(`finds no violation on home, math-heavy posts and search for a reader at ${width} px, ${scheme.name}`, async () => {
        expect(mathSlugs).toHaveLength(2)
        const page = await schemedPage(browser, width, scheme)
        const found: Record<string, string[]> = {}
        for (const path of ['/', ...mathSlugs.map((s) => `/posts/${s}`), '/search?q=attention', '/?search=integral']) {
          await page.goto(`${ctx.server.url}${path}`)
          await hydrated(page)
          // an essay marks what scrolls sideways once it is laid out
          if (path.startsWith('/posts/')) await page.locator('.prose[data-scroll-regions="ready"]').waitFor()
          await expectScheme(page, scheme)
          const v = await violations(page)
          if (v.length) found[path] = v
        }
        await page.close()
        expect(found).toEqual({})
      }, 120_000)

      it(`finds no violation on the owner's manage page and a post with the owner's tools at ${width} px, ${scheme.name}`, async () => {
        const page = await schemedPage(owner, width, scheme)
        await page.goto(`${ctx.server.url}/manage`)
        await hydrated(page)
        await page.locator('.manage-list').first().waitFor()
        await page.waitForFunction(() => !document.querySelector('.manage-list[aria-busy="true"]'))
        await expectScheme(page, scheme)
        const found: Record<string, string[]> = {}
        const onManage = await violations(page)
        if (onManage.length) found['/manage'] = onManage
        // and with the header's menu open: the account menu on wide screens, the menu sheet on phones
        const menu =
          width >= 768
            ? { open: page.locator('button.user-menu__trigger'), shown: page.getByRole('menu') }
            : { open: page.getByRole('button', { name: 'Open menu' }), shown: page.getByRole('dialog') }
        await menu.open.click()
        await menu.shown.waitFor()
        await page.waitForTimeout(300)
        const withMenu = await violations(page)
        if (withMenu.length) found['/manage, menu open'] = withMenu
        await page.screenshot({ path: join(shots, `a11y-menu-${width}-${scheme.name.replace(/\W+/g, '-')}.png`) })
        await page.keyboard.press('Escape')
        // signed in, a post adds the arXiv exports and the model panel to the reader's page
        await page.goto(`${ctx.server.url}/posts/${mathSlugs[0]}`)
        await hydrated(page)
        await page.locator('.prose[data-scroll-regions="ready"]').waitFor()
        await page
          .getByRole('button', { name: /Export for arXiv/ })
          .first()
          .waitFor()
        await expectScheme(page, scheme)
        const onPost = await violations(page)
        if (onPost.length) found[`/posts/${mathSlugs[0]}`] = onPost
        await page.close()
        expect(found).toEqual({})
      }, 90_000)
    }
})
