import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'
import { writeDiscoveryEssays } from './discovery-fixtures.js'

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const SLUG = 'measures-of-entropy'
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let essays: ReturnType<typeof tempDir>

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog({ fixtures: null })
  essays = tempDir('discovery-')
  writeDiscoveryEssays(essays.path)
  await ctx.blog.importer.importPaths([essays.path])
  await ctx.blog.auth.createAdmin({ username: 'ada', password: 'admin-pass' }, OWNER)
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

async function newPage(errors: string[], on: TestBrowser = browser): Promise<Page> {
  await on.context.clearCookies()
  const page = await on.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  // a guest's 401 from the current-user read is expected
  page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(m.text()))
  return page
}

async function open(page: Page, path = `/posts/${SLUG}`): Promise<void> {
  await page.goto(`${ctx.server.url}${path}`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.waitForFunction(() => {
    const main = document.getElementById('main')
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber$'))
  })
}

async function signIn(page: Page) {
  const res = await page.request.post(`${ctx.server.url}/api/auth/login`, {
    data: { username: 'ada', password: 'admin-pass' },
  })
  expect(res.ok()).toBe(true)
}

const related = (page: Page) => page.getByRole('region', { name: 'AI-Recommended Related Posts' })

describe('the related posts card', () => {
  it('lists similar essays with why, and leads to them at /{slug} and on to the search', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page)
    const card = related(page)
    await card.waitFor()
    expect(await card.textContent()).toContain('Posts with similar themes and concepts to "Measures of Entropy"')
    const items = card.locator('.related-item')
    expect(await items.count()).toBeGreaterThan(0)
    expect(await items.count()).toBeLessThanOrEqual(5)
    const first = items.first()
    expect(await first.locator('.similarity').textContent()).toMatch(/^\d{1,3}% similar$/)
    expect([
      'Similar topics and themes',
      'Related concepts and ideas',
      'Similar structure and approach',
      'Related content',
    ]).toContain((await first.locator('.related-item__why').textContent())?.trim())
    // the essay itself and the unrelated one are not offered
    const titles = await card.locator('.related-item__title').allTextContents()
    expect(titles).not.toContain('Measures of Entropy')
    const title = titles[0]
    const href = await first.getByRole('link', { name: title, exact: true }).getAttribute('href')
    expect(href).toMatch(/^\/[a-z0-9-]+$/)
    expect(await first.getByRole('link', { name: `Read More: ${title}` }).getAttribute('href')).toBe(href)
    expect(await card.getByRole('link', { name: 'Discover More with Advanced Search' }).getAttribute('href')).toBe(
      '/search',
    )
    await card.screenshot({ path: join(shots, 'related-card-1280.png'), animations: 'disabled' })

    await first.getByRole('link', { name: `Read More: ${title}` }).click()
    await page.waitForURL((u) => u.pathname === href)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    expect(errors).toEqual([])
    await page.close()
  })
})

describe('the smart sidebar', () => {
  it('opens Continue Reading and keeps the other sections collapsed', async () => {
    const page = await newPage([])
    await open(page)
    const sidebar = page.getByRole('navigation', { name: 'Further reading' })
    await sidebar.waitFor()
    const toggle = (name: string) => sidebar.getByRole('button', { name: new RegExp(`^${name}`) })
    expect(await toggle('Continue Reading').getAttribute('aria-expanded')).toBe('true')
    expect(await sidebar.locator('.smart-section__content .smart-link').count()).toBeGreaterThan(0)
    for (const name of ['Key Concepts', 'Reading Paths', 'Collections']) {
      if ((await toggle(name).count()) === 0) continue
      expect(await toggle(name).getAttribute('aria-expanded'), name).toBe('false')
    }
    await page
      .locator('.post-sidebar')
      .screenshot({ path: join(shots, 'smart-sidebar-1280.png'), animations: 'disabled' })
    // a section opens on demand
    const closed = sidebar.locator('.smart-section__trigger[aria-expanded="false"] .smart-section__title')
    if ((await closed.count()) > 0) {
      const other = toggle((await closed.first().textContent())!)
      await other.click()
      expect(await other.getAttribute('aria-expanded')).toBe('true')
    }
    await page.close()
  })
})

describe('the sidebar of an essay without sections', () => {
  it('has no rule above Further reading, which then stands first', async () => {
    const file = join(essays.path, 'theorem.md')
    writeFileSync(
      file,
      '---\ntitle: Variance of a Sum\ntags: [probability, statistics]\n---\n\n**Theorem:** The variance of a sum of independent variables is the sum of their variances.\n\n**Proof:** Expand the square; the cross terms vanish by independence.\n',
    )
    await ctx.blog.importer.importPaths([file])
    const page = await newPage([])
    const ruleAbove = async () =>
      page.getByRole('navigation', { name: 'Further reading' }).evaluate((nav) => getComputedStyle(nav).borderTopWidth)
    await open(page, '/posts/variance-of-a-sum')
    expect(await page.locator('.post-sidebar .toc').count()).toBe(0)
    expect(await ruleAbove()).toBe('0px')
    // below a table of contents, the rule parts the two
    await open(page)
    expect(await ruleAbove()).toBe('1px')
    await page.close()
  })
})

describe('the Essay Analytics panel', () => {
  it('is not there for a guest', async () => {
    const page = await newPage([])
    await open(page)
    await related(page).waitFor()
    expect(await page.getByRole('button', { name: 'Essay Analytics' }).count()).toBe(0)
    await page.close()
  })

  it('opens for an admin, and each tab asks for its analysis only when it is chosen', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await signIn(page)
    const asked: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (/argument-strength|cross-references|concepts\/evolution|user\/insights/.test(path))
        asked.push(path.split('/').pop()!)
    })
    await open(page)
    const launcher = page.getByRole('button', { name: 'Essay Analytics' })
    await launcher.waitFor()
    expect(asked).toEqual([])
    // it does not sit on the Mathematical Model's corner
    const box = (await launcher.boundingBox())!
    expect(box.x).toBeGreaterThan(640)

    await launcher.click()
    const panel = page.getByRole('region', { name: 'Essay Analytics' })
    await panel.waitFor()
    const body = panel.locator('.analytics-panel__body')
    const settled = () => body.locator('.analytics-loading').waitFor({ state: 'detached' })
    await settled()
    expect(asked).toEqual(['argument-strength'])
    expect(await body.textContent()).toMatch(/Overall argument strength|No argument analysis/)
    await page.screenshot({ path: join(shots, 'analytics-argument-1280.png'), animations: 'disabled' })

    const tabs = [
      ['Essay Links', 'cross-references'],
      ['Concept Growth', 'evolution'],
      ['User Insights', 'insights'],
    ] as const
    for (const [tab, call] of tabs) {
      await panel.getByRole('tab', { name: tab }).click()
      expect(await panel.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true')
      await settled()
      expect(asked.at(-1)).toBe(call)
      expect((await body.textContent())?.trim().length).toBeGreaterThan(0)
      await page.screenshot({ path: join(shots, `analytics-${call}-1280.png`), animations: 'disabled' })
    }
    // back to the first tab: answered from the cache, not asked again
    await panel.getByRole('tab', { name: 'Argument Quality' }).click()
    expect(asked.filter((a) => a === 'argument-strength')).toHaveLength(1)

    // Escape closes it, and focus returns to the button
    await page.keyboard.press('Escape')
    await launcher.waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('fits a phone beside the Mathematical Model button', async () => {
    const phone = await launchBrowser({ width: 375, height: 800 })
    try {
      const page = await newPage([], phone)
      await signIn(page)
      await open(page)
      const launcher = page.getByRole('button', { name: 'Essay Analytics' })
      await launcher.waitFor()
      const model = await page.locator('.model-launcher').boundingBox()
      const mine = (await launcher.boundingBox())!
      if (model) expect(mine.x).toBeGreaterThan(model.x + model.width)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0)
      await page.screenshot({ path: join(shots, 'post-discovery-375.png'), fullPage: true, animations: 'disabled' })
      await launcher.click()
      await page
        .getByRole('region', { name: 'Essay Analytics' })
        .locator('.analytics-loading')
        .waitFor({ state: 'detached' })
      await page.screenshot({ path: join(shots, 'analytics-375.png'), animations: 'disabled' })
    } finally {
      await phone.close()
    }
  })
})
