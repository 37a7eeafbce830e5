import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

// Issue 23.1–23.6 and the phone menu (23.19), at a desktop width and a phone's: where a jump
// lands, numbered formulas, the header over the text, the Σ button, generated images, the banner
// in dark mode and a draft's byline.

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const LONG = 'a-long-essay-on-estimation'
const MATH = 'wide-numbered-formulas'
const DRAFT = 'notes-not-yet-published'
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const

let ctx: Awaited<ReturnType<typeof servedBlog>>
let essays: ReturnType<typeof tempDir>
const browsers: Record<string, TestBrowser> = {}

const SECTIONS = Array.from(
  { length: 24 },
  (_, i) => `Part ${i + 1}: ${['Bias', 'Variance', 'Consistency', 'Efficiency', 'Sufficiency', 'Robustness'][i % 6]}`,
)

function longEssay(): string {
  const paragraph = (s: string, k: number) =>
    `${s} is one of the properties an estimator may have (paragraph ${k + 1}). An estimator is a rule that turns data into a guess about a parameter; we judge it by how far its guesses fall from the truth, on average and in the worst case, and by how fast that distance shrinks as the sample grows. Each paragraph is long enough to fill a good part of a phone screen.`
  const table = '| n | error |\n|---|---|\n| 10 | 0.31 |\n| 100 | 0.10 |\n| 1000 | 0.03 |\n'
  const body = SECTIONS.map(
    (s, i) =>
      `## ${s}\n\n${[0, 1, 2, 3].map((k) => paragraph(s, k)).join('\n\n')}\n\n${i % 3 === 0 ? `${table}\n` : ''}${i % 4 === 1 ? '```python\nfor n in (10, 100, 1000):\n    print(n, estimate(sample(n)))\n```\n\n' : ''}`,
  ).join('\n')
  return `---\ntitle: "A Long Essay on Estimation"\ndate: 2025-03-01\nauthor: Ada Lovelace\ntags: [statistics]\n---\n\nWhat makes an estimator good? Read on, or [skip to the last part](#part-24-robustness).\n\n${body}`
}

const WIDE = Array.from({ length: 14 }, (_, i) => `a_{${i + 1}} x^{${i + 1}}`).join(' + ')
const MATH_ESSAY = `---\ntitle: "Wide Numbered Formulas"\ndate: 2025-04-01\nauthor: Ada Lovelace\n---\n\nA short formula, numbered:\n\n$$\ny = a x + b \\tag{1}\n$$\n\nA formula wider than the column, numbered:\n\n$$\np(x) = ${WIDE} \\tag{2}\n$$\n\nAnd "quoted" prose -- with dashes.\n`

beforeAll(async () => {
  essays = tempDir('reading-layout-')
  writeFileSync(join(essays.path, `${LONG}.md`), longEssay())
  writeFileSync(join(essays.path, `${MATH}.md`), MATH_ESSAY)
  writeFileSync(
    join(essays.path, `${DRAFT}.md`),
    `---\ntitle: "Notes Not Yet Published"\ndate: 2025-05-01\ndraft: true\n---\n\nUnfinished notes about priors.\n`,
  )
  ctx = await servedBlog({ fixtures: essays.path })
  const id = (slug: string) => ctx.blog.store.posts().find((p) => p.slug === slug)!.id
  await ctx.blog.images.regenerate(id(LONG), { imageType: 'both' })
  await ctx.blog.enhance.generateModel({ userId: 1, role: 'admin' }, id(MATH))
  await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
  for (const w of WIDTHS) browsers[w.name] = await launchBrowser({ width: w.width, height: w.height })
}, 240_000)

afterAll(async () => {
  for (const b of Object.values(browsers)) await b.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

async function open(name: string, path: string, errors: string[] = []): Promise<Page> {
  const page = await browsers[name].context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(m.text()))
  await page.goto(`${ctx.server.url}${path}`)
  await hydrated(page)
  return page
}

/** Where the heading named `name` is once scrolling has stopped, from the viewport's top. */
async function settledTop(page: Page, id: string): Promise<number> {
  let last = Number.NaN
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(150)
    const top = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id)
    if (Math.abs(top - last) < 0.5) return top
    last = top
  }
  return last
}

const headerBottom = (page: Page) =>
  page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom)

describe.each(WIDTHS)('the post page at $width px', ({ name, width }) => {
  it('lands a link to #id from elsewhere, and one within the essay, right below the header', async () => {
    const errors: string[] = []
    const page = await open(name, `/posts/${LONG}#part-19-bias`, errors)
    const header = await headerBottom(page)
    const top = await settledTop(page, 'part-19-bias')
    expect(top).toBeGreaterThanOrEqual(header - 1)
    expect(top).toBeLessThan(header + 40)

    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('link', { name: 'skip to the last part' }).click()
    const last = await settledTop(page, 'part-24-robustness')
    expect(last).toBeGreaterThanOrEqual(header - 1)
    expect(last).toBeLessThan(header + 40)
    await page.screenshot({ path: join(shots, `reading-jump-${width}.png`) })
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  it('keeps a formula’s number clear of the formula, also when the formula scrolls sideways', async () => {
    const page = await open(name, `/posts/${MATH}`)
    const displays = page.locator('.prose .katex-display')
    await displays.nth(1).scrollIntoViewIfNeeded()
    const boxes = await page.evaluate(() =>
      [...document.querySelectorAll('.prose .katex-display')].map((d) => {
        const html = d.querySelector('.katex-html')!
        const bases = [...html.querySelectorAll(':scope > .base')].map((b) => b.getBoundingClientRect())
        const tag = html.querySelector(':scope > .tag > .mord')!.getBoundingClientRect()
        const box = d.getBoundingClientRect()
        return {
          formulaLeft: bases[0].left,
          formulaRight: bases[bases.length - 1].right,
          tagLeft: tag.left,
          tagRight: tag.right,
          boxLeft: box.left,
          boxRight: box.right,
          scrolls: d.scrollWidth > d.clientWidth,
        }
      }),
    )
    for (const b of boxes) expect(b.tagLeft - b.formulaRight).toBeGreaterThanOrEqual(8)
    // the short one: centred on the column, its number at the column's right edge
    const short = boxes[0]
    expect(Math.abs((short.formulaLeft + short.formulaRight) / 2 - (short.boxLeft + short.boxRight) / 2)).toBeLessThan(
      6,
    )
    expect(Math.abs(short.tagRight - short.boxRight)).toBeLessThan(2)
    // the wide one scrolls, its number after it
    expect(boxes[1].scrolls).toBe(true)
    await page.screenshot({ path: join(shots, `reading-formulas-${width}.png`) })
    await displays.nth(1).evaluate((d) => (d.scrollLeft = d.scrollWidth))
    await page.screenshot({ path: join(shots, `reading-formulas-scrolled-${width}.png`) })
    expect(await page.locator('.prose').textContent()).toContain('And “quoted” prose – with dashes.')
    await page.close()
  }, 60_000)

  it('shows no text through the header, and puts the Σ button over no text', async () => {
    const page = await open(name, `/posts/${MATH}`)
    const background = await page.evaluate(
      () => getComputedStyle(document.querySelector('.site-header')!).backgroundColor,
    )
    expect(background).toMatch(/^rgb\(/) // opaque: no alpha
    const launcher = page.getByRole('button', { name: 'Mathematical Model' })
    await launcher.waitFor()
    // at every scroll position, the button and the essay's text share no pixel
    const overlaps = await page.evaluate(async () => {
      const button = document.querySelector('.model-launcher')!
      const text = [
        ...document.querySelectorAll(
          '.post-main p, .post-main h1, .post-main h2, .post-main .katex-display, .post-main li',
        ),
      ]
      const hits: string[] = []
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 200) {
        window.scrollTo(0, y)
        await new Promise((r) => requestAnimationFrame(() => r(null)))
        const b = button.getBoundingClientRect()
        for (const el of text) {
          const r = el.getBoundingClientRect()
          if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom)
            hits.push(`${y}: ${el.tagName} ${el.textContent!.slice(0, 30)}`)
        }
      }
      return hits
    })
    expect(overlaps).toEqual([])
    await page.evaluate(() => window.scrollTo(0, 0))
    await launcher.click()
    await page.getByRole('heading', { name: 'Mathematical Model' }).waitFor()
    await page.screenshot({ path: join(shots, `reading-model-open-${width}.png`) })
    await page.close()
  }, 60_000)

  it('shows the generated content images between sections, with alt text, and dims images in dark mode', async () => {
    const page = await open(name, `/posts/${LONG}`)
    const figures = page.locator('.prose figure.generated-figure')
    expect(await figures.count()).toBe(2)
    for (let i = 0; i < 2; i++) {
      const figure = figures.nth(i)
      await figure.scrollIntoViewIfNeeded()
      const img = figure.getByRole('img', { name: 'Illustration for “A Long Essay on Estimation”' })
      await img.waitFor()
      await page.waitForFunction(
        (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
        await img.elementHandle(),
      )
      expect(await figure.evaluate((f) => f.nextElementSibling?.tagName)).toBe('H2')
      expect(await figure.locator('figcaption').textContent()).toBe('Illustration generated for this essay')
    }
    // 24 sections, two images: before parts 9 and 17
    expect(await figures.evaluateAll((fs) => fs.map((f) => f.nextElementSibling!.id))).toEqual([
      'part-9-consistency',
      'part-17-sufficiency',
    ])
    await figures.first().scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, `reading-figure-${width}.png`) })

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.evaluate(() => window.scrollTo(0, 0))
    const banner = page.locator('.post-banner img')
    // The filter eases in over 0.2 s of the page's animation clock, which a busy machine slows:
    // wait for the transition to end rather than for a fixed time, then read the settled value.
    await banner.evaluate((img) => Promise.all(img.getAnimations().map((a) => a.finished)))
    expect(await banner.evaluate((img) => getComputedStyle(img).filter)).toMatch(/brightness\(0\.\d+\)/)
    await page.screenshot({ path: join(shots, `reading-banner-dark-${width}.png`) })
    await page.close()
  }, 90_000)

  it('says a draft is a draft on its card and its page, for the owner', async () => {
    const page = await browsers[name].context.newPage()
    await page.goto(`${ctx.server.url}/`)
    expect(
      await page.evaluate(
        async () =>
          (
            await fetch('/api/auth/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: 'owner', password: 'password1' }),
            })
          ).status,
      ),
    ).toBe(200)
    await page.goto(`${ctx.server.url}/`)
    await hydrated(page)
    const card = page.locator('.post-card', { hasText: 'Notes Not Yet Published' })
    await card.locator('.post-meta').getByText('Draft dated').waitFor()
    expect(await card.locator('.post-meta').textContent()).not.toMatch(/Published/)
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, `reading-draft-card-${width}.png`) })
    await page.goto(`${ctx.server.url}/posts/${DRAFT}`)
    expect(await page.locator('.post-header .post-meta').textContent()).toContain('Draft dated')
    await browsers[name].context.clearCookies()
    await page.close()
  }, 60_000)
})

describe('the post page on a desktop', () => {
  it('lands a contents entry far down a long essay right below the header', async () => {
    const page = await open('desktop', `/posts/${LONG}`)
    await page.locator('.toc').getByRole('link', { name: 'Part 22: Efficiency' }).click()
    const top = await settledTop(page, 'part-22-efficiency')
    const header = await headerBottom(page)
    expect(top).toBeGreaterThanOrEqual(header - 1)
    expect(top).toBeLessThan(header + 40)
    expect(new URL(page.url()).hash).toBe('#part-22-efficiency')
    await page.close()
  }, 60_000)
})

describe('the post page on a phone', () => {
  it('has its contents one button above the essay, and an entry lands right below the header', async () => {
    const errors: string[] = []
    const page = await open('phone', `/posts/${LONG}`, errors)
    const toc = page.getByRole('navigation', { name: 'Table of Contents' })
    const toggle = toc.getByRole('button', { name: 'Table of Contents' })
    // folded at first, so the essay still starts near the top of the screen
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await toggle.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(812)
    await toggle.click()
    await page.screenshot({ path: join(shots, 'reading-phone-contents-375.png') })
    await toc.getByRole('link', { name: 'Part 22: Efficiency' }).click()
    const top = await settledTop(page, 'part-22-efficiency')
    const header = await headerBottom(page)
    expect(top).toBeGreaterThanOrEqual(header - 1)
    expect(top).toBeLessThan(header + 40)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})

describe('the phone menu', () => {
  it('is a dialog that locks the page, closes on Escape and gives focus back to its button', async () => {
    const errors: string[] = []
    const page = await open('phone', `/posts/${LONG}`, errors)
    const button = page.getByRole('button', { name: 'Open menu' })
    await button.click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await menu.getByRole('link', { name: 'Search' }).waitFor()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu')
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(shots, 'reading-phone-menu-375.png') })
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu')
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')

    // a link in it navigates and closes it
    await button.click()
    await menu.getByRole('link', { name: 'About' }).click()
    await page.waitForURL(/\/about$/)
    await menu.waitFor({ state: 'detached' })
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
