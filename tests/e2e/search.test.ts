import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Request } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'
import { writeDiscoveryEssays } from './discovery-fixtures.js'

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let essays: ReturnType<typeof tempDir>

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog({ fixtures: null })
  essays = tempDir('search-')
  writeDiscoveryEssays(essays.path)
  await ctx.blog.importer.importPaths([essays.path])
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

/** A fresh tab; page errors and unexpected console errors are collected. */
async function newPage(errors: string[]): Promise<Page> {
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  // a guest's 401 from the current-user read, and the failure the toast test forces
  page.on(
    'console',
    (m) =>
      m.type() === 'error' &&
      !/status of 401|Failed to load resource|ERR_FAILED/.test(m.text()) &&
      errors.push(m.text()),
  )
  return page
}

/** Opens a path and waits until React has hydrated it, so clicks are handled by the app. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${ctx.server.url}${path}`)
  await hydrated(page)
}

const isSearch = (r: Request) => new URL(r.url()).pathname === '/api/search/advanced'
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 })
const tagBox = (page: Page) => page.locator('.search-filters').getByLabel('Tags', { exact: true })
const cards = (page: Page) =>
  page.locator('.search-card:not(.search-card--skeleton) .search-card__title').allTextContents()

describe('the search page', () => {
  it('is rendered on the server with its results, for readers without JavaScript', async () => {
    const html = await (await fetch(`${ctx.server.url}/search?q=entropy&tags=coding`)).text()
    expect(html).toContain('value="entropy"')
    expect(html).toMatch(/class="search-card__link"[^>]*>Measures of Entropy</)
    expect(html).not.toContain('Bayesian Updating')
  })

  it('searches once when the reader types fast, with the query in the address, and counts the results', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    const asked: string[] = []
    page.on('request', (r) => isSearch(r) && asked.push(new URL(r.url()).search))
    await open(page, '/search')
    // nothing is searched before there is something to search for
    await page.getByText('Search titles, excerpts, tags and the full text').waitFor()
    await page.getByRole('searchbox').pressSequentially('entropy', { delay: 30 })
    await page.waitForURL((u) => u.searchParams.get('q') === 'entropy')
    await page.locator('.search-page__count').waitFor()
    expect(await page.locator('.search-page__count').textContent()).toMatch(/^\d+ results? for "entropy" · /)
    expect(await cards(page)).toContain('Measures of Entropy')
    expect(asked).toEqual(['?q=entropy'])
    await page.screenshot({ path: join(shots, 'search-results-1280.png'), fullPage: true, animations: 'disabled' })
    expect(errors).toEqual([])
    await page.close()
  })

  it("shows five tags on a card, then '+N more'", async () => {
    const page = await newPage([])
    await open(page, '/search?q=entropy')
    const card = page.locator('.search-card').filter({ hasText: 'Measures of Entropy' })
    await card.waitFor()
    expect(await card.locator('.post-tag').allTextContents()).toEqual([
      'information theory',
      'probability',
      'entropy',
      'statistics',
      'history',
    ])
    expect(await card.locator('.tag-more').textContent()).toBe('+2 more')
    await page.close()
  })

  it('keeps the query and filters in the address: reload keeps them, the back button steps back, Clear all clears', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/search?q=probability')
    await page.locator('.search-page__count').waitFor()
    const before = await cards(page)
    expect(before.length).toBeGreaterThan(1)

    // the filters start closed; open them and filter by a tag
    expect(await tagBox(page).count()).toBe(0)
    await page.getByRole('button', { name: /^Filters/ }).click()
    await tagBox(page).fill('inference')
    await tagBox(page).press('Enter')
    await page.waitForURL((u) => u.searchParams.get('tags') === 'inference')
    await poll(() => cards(page)).toEqual(['Bayesian Updating'])

    // an author, typed: one step later the address has it
    await page.getByLabel('Author').fill('Bayes')
    await page.waitForURL((u) => u.searchParams.get('author') === 'Bayes')

    // the read-time slider, by keyboard: the top thumb down to 29 minutes
    await page.getByRole('slider', { name: 'Longest read time, in minutes' }).focus()
    await page.keyboard.press('ArrowLeft')
    await page.waitForURL((u) => u.searchParams.get('maxReadTime') === '29')
    expect(await page.locator('.search-filters__value').textContent()).toBe('Up to 29 min')

    // dates
    await page.getByLabel('From').fill('2024-01-01')
    await page.waitForURL((u) => u.searchParams.get('startDate') === '2024-01-01')
    await poll(() => cards(page)).toEqual(['Bayesian Updating'])
    await page.screenshot({ path: join(shots, 'search-filters-1280.png'), fullPage: true, animations: 'disabled' })

    // reload: the same search, the filters open with their values
    await page.reload()
    await page.getByRole('button', { name: 'Remove the tag filter "inference"' }).waitFor()
    expect(await page.getByLabel('Author').inputValue()).toBe('Bayes')
    expect(await page.getByLabel('From').inputValue()).toBe('2024-01-01')
    expect(
      await page.getByRole('slider', { name: 'Longest read time, in minutes' }).getAttribute('aria-valuenow'),
    ).toBe('29')
    expect(await page.getByRole('searchbox').inputValue()).toBe('probability')
    await poll(() => cards(page)).toEqual(['Bayesian Updating'])

    // back: the step before the date filter
    await page.goBack()
    await page.waitForURL((u) => !u.searchParams.has('startDate') && u.searchParams.get('maxReadTime') === '29')
    expect(await page.getByLabel('From').inputValue()).toBe('')

    // Clear all keeps the query, drops every filter
    await page.getByRole('button', { name: 'Clear all' }).click()
    await page.waitForURL((u) => u.search === '?q=probability')
    await poll(() => cards(page).then((c) => c.length)).toBe(before.length)
    expect(errors).toEqual([])
    await page.close()
  })

  it('offers related tags that add a filter, and suggestions that replace the query', async () => {
    const page = await newPage([])
    await open(page, '/search?q=entropy')
    await page.locator('.search-page__count').waitFor()
    const related = page.locator('.search-insights').getByRole('button', { name: /^Filter by the tag/ })
    expect(await related.count()).toBeGreaterThan(0)
    const label = (await related.first().getAttribute('aria-label'))!
    const tag = /"(.*)"/.exec(label)![1]
    await related.first().click()
    await page.waitForURL((u) => u.searchParams.get('tags') === tag && u.searchParams.get('q') === 'entropy')
    await page.getByRole('button', { name: `Remove the tag filter "${tag}"` }).waitFor()

    // a misspelt word: the suggestion searches for what the reader meant
    await open(page, '/search?q=entrpy')
    const suggestion = page.locator('.search-insights .suggestion').first()
    await suggestion.waitFor()
    const text = (await suggestion.textContent())!
    await suggestion.click()
    await page.waitForURL((u) => u.searchParams.get('q') === text)
    expect(await page.getByRole('searchbox').inputValue()).toBe(text)
    await page
      .locator('.search-page__count')
      .filter({ hasText: `for "${text}"` })
      .waitFor()
    await page.close()
  })

  it("says 'Search failed. Please try again.' in a toast when the search cannot be made", async () => {
    const page = await newPage([])
    await open(page, '/search')
    // the network fails for this one call
    await page.route('**/api/search/advanced*', (route) => route.abort('failed'))
    await page.getByRole('searchbox').fill('variance')
    await page.getByRole('searchbox').press('Enter')
    const toast = page.locator('.toast').filter({ hasText: 'Search failed. Please try again.' })
    await toast.waitFor()
    await page.screenshot({ path: join(shots, 'search-failed-1280.png'), animations: 'disabled' })
    await page.close()
  })

  it('reads well on a phone', async () => {
    const phone = await launchBrowser({ width: 375, height: 800 })
    try {
      const page = await phone.context.newPage()
      await page.goto(`${ctx.server.url}/search?q=probability&tags=statistics`)
      await page.locator('.search-card').first().waitFor()
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0)
      await page.screenshot({ path: join(shots, 'search-375.png'), fullPage: true, animations: 'disabled' })
    } finally {
      await phone.close()
    }
  })
})
