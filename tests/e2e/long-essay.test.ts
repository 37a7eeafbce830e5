import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { tempDir } from '../helpers/temp-dir.js'
import { LONGEST_HANDED_OVER } from '../../web/post-html-handover.js'

// Issue 24: a long essay (the heaviest math page is a megabyte of KaTeX) is in its server page
// once, in the article; the browser fetches the post to start the app instead of parsing a
// second copy. The reader sees and uses the same page: notes, contents, a move away and back.

const SLUG = 'a-very-long-essay-on-sums'
let ctx: Awaited<ReturnType<typeof servedBlog>>
let essays: ReturnType<typeof tempDir>
let browser: TestBrowser

function longEssay(): string {
  const formula =
    '$$\n\\sum_{i=1}^{n} \\sum_{j=1}^{m} \\frac{(y_{ij} - \\bar{y}_{i\\bullet})^2}{\\sigma^2} \\tag{N}\n$$'
  const sections = Array.from({ length: 30 }, (_, i) => {
    const paragraph = `Part ${i + 1} sums squares over groups, $\\bar{y}_{i\\bullet}$ being the mean of group $i$, and divides by $\\sigma^2$.`
    return `## Part ${i + 1}\n\n${paragraph}\n\n${formula.replace('N', String(i + 1))}\n\n${paragraph}`
  })
  return `---\ntitle: "A Very Long Essay on Sums"\ndate: 2025-03-01\nauthor: Ada Lovelace\n---\n\nSums of squares, again and again.[^1]\n\n${sections.join('\n\n')}\n\n[^1]: A note on the opening.\n`
}

beforeAll(async () => {
  essays = tempDir('long-essay-')
  writeFileSync(join(essays.path, `${SLUG}.md`), longEssay())
  ctx = await servedBlog({ fixtures: essays.path })
  browser = await launchBrowser({ width: 375, height: 812 })
}, 120_000)
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(m.text()))
  return errors
}

describe('the page of a long essay', () => {
  it('carries the essay once and starts the app from one fetch of the post, the page working as before', async () => {
    const post = (await (await fetch(`${ctx.server.url}/api/posts/${SLUG}`)).json()) as { html: string }
    expect(post.html.length).toBeGreaterThan(LONGEST_HANDED_OVER)
    const served = await (await fetch(`${ctx.server.url}/posts/${SLUG}`)).text()
    expect(served).toContain('<script type="text/plain" id="__SCHOLIA_POST_HTML__"></script>')
    expect(served.split(/<span class="katex-display"[ >]/).length - 1).toBe(30)

    const page = await browser.context.newPage()
    const errors = collectErrors(page)
    const fetched: string[] = []
    page.on('request', (r) => new URL(r.url()).pathname === `/api/posts/${SLUG}` && fetched.push(r.url()))
    await page.goto(`${ctx.server.url}/posts/${SLUG}`)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    // SPEC §7's refetch is the one that started the app: not made a second time
    expect(fetched).toHaveLength(1)
    const essay = () =>
      page.evaluate(() => ({
        formulas: document.querySelectorAll('.prose .katex-display').length,
        text: document.querySelector('.prose')?.textContent?.length ?? 0,
      }))
    const shown = await essay()
    expect(shown.formulas).toBe(30)

    // the app has the essay: a footnote's mark opens its card on a phone
    await page.locator('.prose a[data-footnote-ref]').first().click()
    await expect.poll(() => page.getByText('A note on the opening.').last().isVisible()).toBe(true)
    await page.keyboard.press('Escape')

    // away and back in the app: the same essay, from the fetched post
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.getByRole('heading', { name: 'Latest Posts' }).waitFor()
    await page.getByRole('link', { name: 'A Very Long Essay on Sums' }).first().click()
    await page.getByRole('heading', { level: 2, name: 'Part 30' }).waitFor()
    expect(await essay()).toEqual(shown)
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    expect(errors).toEqual([])
  }, 90_000)
})
