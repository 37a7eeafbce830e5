import { createRequire } from 'node:module'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot } from '../helpers/temp-dir.js'

// Issue 40: axe-core finds no violation on home, a math-heavy post, search and manage, at 1280
// and 375 px. The math-heavy posts are read from the shared corpus (never copied): the
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

describe('accessibility (axe-core)', () => {
  for (const width of WIDTHS) {
    it(`finds no violation on home, math-heavy posts and search for a reader at ${width} px`, async () => {
      expect(mathSlugs).toHaveLength(2)
      const page = await browser.context.newPage()
      await page.setViewportSize({ width, height: 900 })
      const found: Record<string, string[]> = {}
      for (const path of ['/', ...mathSlugs.map((s) => `/posts/${s}`), '/search?q=attention', '/?search=integral']) {
        await page.goto(`${ctx.server.url}${path}`)
        await hydrated(page)
        // an essay marks what scrolls sideways once it is laid out
        if (path.startsWith('/posts/')) await page.locator('.prose[data-scroll-regions="ready"]').waitFor()
        const v = await violations(page)
        if (v.length) found[path] = v
      }
      await page.close()
      expect(found).toEqual({})
    }, 120_000)

    it(`finds no violation on the owner's manage page at ${width} px`, async () => {
      const page = await owner.context.newPage()
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${ctx.server.url}/manage`)
      await hydrated(page)
      await page.locator('.manage-list').first().waitFor()
      await page.waitForFunction(() => !document.querySelector('.manage-list[aria-busy="true"]'))
      expect(await violations(page)).toEqual([])
      await page.close()
    }, 60_000)
  }
})
