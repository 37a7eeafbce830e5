import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Request, Route } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

/*
 * The home page as a reader meets it (SPEC §2 Home page, §9): a generated site of 15 essays —
 * 2 featured, 13 regular ('Essay 1' … 'Essay 12' and 'Chapter 3: Notes') — whose dates, titles
 * and read times each give a different order, so every sort is told apart.
 */

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const FAILED = 'Failed to load posts. Please try again.'

interface Essay {
  title: string
  slug: string
  date: string
  readTime: number
  tags: string[]
  featured?: boolean
}

const day = (d: number) => `2025-01-${String(d).padStart(2, '0')}`

/** Essay n: published on day (5n mod 13) + 1, read time (3n mod 13) + 1 minutes — all distinct. */
const ESSAYS: Essay[] = [
  ...Array.from({ length: 12 }, (_, i): Essay => {
    const n = i + 1
    return {
      title: `Essay ${n}`,
      slug: `essay-${n}`,
      date: day(((n * 5) % 13) + 1),
      readTime: ((n * 3) % 13) + 1,
      // 'topology' leads on two essays, so a regular card (2 tags) shows it
      tags: n === 3 || n === 7 ? ['topology', 'series', `part-${n}`] : ['series', `part-${n}`, 'notes'],
    }
  }),
  { title: 'Chapter 3: Notes', slug: 'chapter-3', date: day(1), readTime: 1, tags: ['series', 'chapter', 'notes'] },
  {
    title: 'Prologue: Why Write Essays',
    slug: 'prologue',
    date: '2025-02-01',
    readTime: 3,
    tags: ['method', 'writing', 'reading', 'craft'],
    featured: true,
  },
  {
    title: 'Interlude: Reading Slowly',
    slug: 'interlude',
    date: '2025-01-20',
    readTime: 2,
    tags: ['reading', 'attention', 'craft', 'method'],
    featured: true,
  },
]

const FILLER = ['quiet', 'river', 'measure', 'ledger', 'window', 'harbor', 'lantern', 'meadow', 'copper', 'signal']

/** Markdown whose word count gives exactly `readTime` minutes at 200 words a minute. */
function essayFile(e: Essay): string {
  const words = Array.from({ length: e.readTime * 200 - 20 }, (_, i) => FILLER[i % FILLER.length])
  const paragraphs: string[] = []
  for (let i = 0; i < words.length; i += 100) paragraphs.push(words.slice(i, i + 100).join(' ') + '.')
  return [
    '---',
    `title: "${e.title}"`,
    `slug: ${e.slug}`,
    `date: ${e.date}`,
    'author: Ada Lovelace',
    `tags: [${e.tags.join(', ')}]`,
    `featured: ${e.featured ? 'true' : 'false'}`,
    `description: "What ${e.title} argues, in one sentence."`,
    '---',
    '',
    paragraphs.join('\n\n'),
    '',
  ].join('\n')
}

const essays = tempDir('home-essays-')
for (const e of ESSAYS) writeFileSync(join(essays.path, `${e.slug}.md`), essayFile(e))

let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog({ fixtures: essays.path })
  browser = await launchBrowser()
}, 120_000)
// Each test's tabs close after it, so they do not keep running beside the next tests.
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays.cleanup()
})

/** A fresh tab; page errors and unexpected console errors (hydration mismatches too) are collected. */
async function newPage(errors: string[], on: TestBrowser = browser): Promise<Page> {
  const page = await on.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  // the guest's 401 from the current-user read, and the failures these tests force, are expected
  page.on('console', (m) => m.type() === 'error' && !/status of (401|500)/.test(m.text()) && errors.push(m.text()))
  return page
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${ctx.server.url}${path}`)
  await hydrated(page)
}

/** Waits for a value to settle, patiently: the machine running these tests may be slow. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 })

const isPostList = (r: Request) => new URL(r.url()).pathname === '/api/posts'
const gridTitles = (page: Page) => page.locator('.post-grid .post-card__title').allTextContents()
const featuredTitles = (page: Page) => page.locator('.post-list__featured .post-card__title').allTextContents()
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()
const pathAndQuery = (page: Page) => {
  const u = new URL(page.url())
  return `${u.pathname}${u.search}`
}

/** Card titles in document order in server-rendered HTML, as a crawler without JavaScript reads them. */
async function serverTitles(path: string): Promise<string[]> {
  const html = await (await fetch(`${ctx.server.url}${path}`)).text()
  return [...html.matchAll(/class="post-card__link"[^>]*>([^<]*)</g)].map((m) => m[1])
}

/** The search's own ranking (GET /api/posts?search=), which the home page keeps while sorted by relevance. */
async function rankedTitles(query: string): Promise<string[]> {
  const posts = (await (await fetch(`${ctx.server.url}/api/posts?search=${encodeURIComponent(query)}`)).json()) as {
    title: string
  }[]
  return posts.map((p) => p.title)
}

const DATE_PAGE_1 = ['Essay 5', 'Essay 10', 'Essay 2', 'Essay 7', 'Essay 12', 'Essay 4']
const DATE_PAGE_2 = ['Essay 9', 'Essay 1', 'Essay 6', 'Essay 11', 'Essay 3', 'Essay 8']
const FEATURED_BY_DATE = ['Prologue: Why Write Essays', 'Interlude: Reading Slowly']

describe('home page: the list', () => {
  it("shows 'Latest Posts', featured posts full-width first, then 6 regular posts in two columns", async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/')
    expect(await heading(page)).toBe('Latest Posts')
    expect(await featuredTitles(page)).toEqual(FEATURED_BY_DATE)
    expect(await gridTitles(page)).toEqual(DATE_PAGE_1)

    // featured cards span the content width; regular ones sit two to a row
    const featured = await page.locator('.post-list__featured .post-card').first().boundingBox()
    const cards = page.locator('.post-grid .post-card')
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()))
    expect(featured && a && b && c).toBeTruthy()
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2)
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1)
    expect(c!.y).toBeGreaterThan(a!.y + a!.height - 1)
    expect(featured!.width).toBeGreaterThan(a!.width + b!.width)

    // cards link to /posts/{slug}
    expect(await page.getByRole('link', { name: 'Essay 5', exact: true }).getAttribute('href')).toBe('/posts/essay-5')
    expect(errors).toEqual([])
  })

  it('pages through with previous/next and the numbers; ?page=2 opens and reloads on page 2', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/')
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    expect(await pagination.getByRole('link').allTextContents()).toEqual(['1', '2', '3', 'Next'])
    expect(await pagination.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')

    await pagination.getByRole('link', { name: 'Next' }).click()
    await page.waitForURL((u) => u.search === '?page=2')
    await poll(() => gridTitles(page)).toEqual(DATE_PAGE_2)
    // featured posts open the first page only
    expect(await featuredTitles(page)).toEqual([])
    expect(await pagination.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')

    await pagination.getByRole('link', { name: 'Page 3' }).click()
    await page.waitForURL((u) => u.search === '?page=3')
    await poll(() => gridTitles(page)).toEqual(['Chapter 3: Notes'])
    expect(await pagination.getByRole('link', { name: 'Next' }).count()).toBe(0)
    expect(await pagination.locator('[aria-disabled="true"]').textContent()).toBe('Next')

    await pagination.getByRole('link', { name: 'Previous' }).click()
    await page.waitForURL((u) => u.search === '?page=2')
    await poll(() => gridTitles(page)).toEqual(DATE_PAGE_2)

    // the back button returns to page 3
    await page.goBack()
    await poll(() => gridTitles(page)).toEqual(['Chapter 3: Notes'])

    // the address alone opens page 2, and a reload keeps it
    await open(page, '/?page=2')
    expect(await gridTitles(page)).toEqual(DATE_PAGE_2)
    await page.reload()
    await hydrated(page)
    expect(await gridTitles(page)).toEqual(DATE_PAGE_2)
    expect(await pagination.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')

    // a crawler without JavaScript gets the same page
    expect(await serverTitles('/?page=2')).toEqual(DATE_PAGE_2)
    expect(errors).toEqual([])
  })

  it('sorts by Date, Title and Read Time in both directions, keeping the order in the address', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/')
    const sortBy = page.getByLabel('Sort by')
    const direction = page.locator('.sort-control__direction')
    expect(await sortBy.inputValue()).toBe('date')
    expect(await sortBy.locator('option').allTextContents()).toEqual(['Date', 'Title', 'Read Time'])

    // Title: by the number after 'Essay' or 'Chapter' — Essay 2 before Essay 10
    await sortBy.selectOption('title')
    await page.waitForURL((u) => u.search === '?sort=title&dir=asc')
    await poll(() => gridTitles(page)).toEqual([
      'Essay 1',
      'Essay 2',
      'Chapter 3: Notes',
      'Essay 3',
      'Essay 4',
      'Essay 5',
    ])
    expect(await featuredTitles(page)).toEqual(['Interlude: Reading Slowly', 'Prologue: Why Write Essays'])
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click()
    await page.waitForURL((u) => u.search === '?sort=title&dir=asc&page=2')
    await poll(() => gridTitles(page)).toEqual(['Essay 6', 'Essay 7', 'Essay 8', 'Essay 9', 'Essay 10', 'Essay 11'])
    await page.reload()
    await hydrated(page)
    expect(await gridTitles(page)).toEqual(['Essay 6', 'Essay 7', 'Essay 8', 'Essay 9', 'Essay 10', 'Essay 11'])
    expect(await sortBy.inputValue()).toBe('title')

    // the direction toggle flips the order (and starts again on page 1)
    await direction.click()
    await page.waitForURL((u) => u.search === '?sort=title')
    await poll(() => gridTitles(page)).toEqual(['Essay 12', 'Essay 11', 'Essay 10', 'Essay 9', 'Essay 8', 'Essay 7'])
    expect(await direction.getAttribute('aria-label')).toMatch(/^Descending order/)

    // Read Time: shortest first, then longest first
    await sortBy.selectOption('readTime')
    await page.waitForURL((u) => u.search === '?sort=readTime&dir=asc')
    await poll(() => gridTitles(page)).toEqual([
      'Chapter 3: Notes',
      'Essay 9',
      'Essay 5',
      'Essay 1',
      'Essay 10',
      'Essay 6',
    ])
    expect(await page.locator('.post-grid .post-card').first().textContent()).toContain('1 min read')
    await direction.click()
    await page.waitForURL((u) => u.search === '?sort=readTime')
    await poll(() => gridTitles(page)).toEqual(['Essay 4', 'Essay 8', 'Essay 12', 'Essay 3', 'Essay 7', 'Essay 11'])

    // Date: newest first is the default and leaves the address plain; oldest first
    await sortBy.selectOption('date')
    await page.waitForURL((u) => u.search === '')
    await poll(() => gridTitles(page)).toEqual(DATE_PAGE_1)
    await direction.click()
    await page.waitForURL((u) => u.search === '?dir=asc')
    await poll(() => gridTitles(page)).toEqual([
      'Chapter 3: Notes',
      'Essay 8',
      'Essay 3',
      'Essay 11',
      'Essay 6',
      'Essay 1',
    ])

    // the server renders the same order for the same address
    expect(await serverTitles('/?sort=readTime&dir=asc')).toEqual([
      'Interlude: Reading Slowly',
      'Prologue: Why Write Essays',
      'Chapter 3: Notes',
      'Essay 9',
      'Essay 5',
      'Essay 1',
      'Essay 10',
      'Essay 6',
    ])
    expect(errors).toEqual([])
  })

  it('shows 3 tags on a featured card and 2 on a regular one; a tag leads to the posts with that tag', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/?sort=title&dir=asc')
    const featuredCards = page.locator('.post-list__featured .post-card')
    const regularCards = page.locator('.post-grid .post-card')
    expect(await featuredCards.count()).toBe(2)
    for (let i = 0; i < 2; i++) expect(await featuredCards.nth(i).locator('.post-tag').count()).toBe(3)
    expect(await featuredCards.first().locator('.post-tag').allTextContents()).toEqual([
      'reading',
      'attention',
      'craft',
    ])
    expect(await regularCards.count()).toBe(6)
    for (let i = 0; i < 6; i++) expect(await regularCards.nth(i).locator('.post-tag').count()).toBe(2)

    const essay3 = regularCards.filter({ has: page.getByRole('link', { name: 'Essay 3', exact: true }) })
    expect(await essay3.locator('.post-tag').allTextContents()).toEqual(['topology', 'series'])
    await essay3.getByRole('link', { name: 'topology' }).click()
    await page.waitForURL((u) => u.search === '?search=topology')
    await page.getByRole('heading', { level: 1, name: 'Search Results for "topology"' }).waitFor()
    expect((await rankedTitles('topology')).sort()).toEqual(['Essay 3', 'Essay 7'])
    await poll(() => gridTitles(page)).toEqual(await rankedTitles('topology'))
    expect(await page.getByLabel('Search blog posts').inputValue()).toBe('topology')
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('home page: search', () => {
  it("searches as the reader types, shows 'Search Results for' without pagination, and clears", async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/?page=2')
    const box = page.getByPlaceholder('Search blog posts...')
    const searches: string[] = []
    page.on('request', (r) => {
      if (isPostList(r) && new URL(r.url()).searchParams.has('search'))
        searches.push(new URL(r.url()).searchParams.get('search')!)
    })

    // typed in one go: only the finished word is searched, with no submit
    await box.pressSequentially('series')
    await page.waitForURL((u) => u.search === '?search=series')
    await poll(() => heading(page)).toBe('Search Results for "series"')
    // every match is listed at once: 13 regular posts, no pagination
    await page.getByRole('status').filter({ hasText: '13 posts found' }).waitFor()
    expect(await gridTitles(page)).toHaveLength(13)
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0)
    expect(searches.at(-1)).toBe('series')

    // Enter searches at once
    await box.fill('topology')
    await box.press('Enter')
    await page.waitForURL((u) => u.search === '?search=topology')
    const ranked = await rankedTitles('topology')
    await poll(() => gridTitles(page)).toEqual(ranked)
    // the search is shareable: the server renders it too
    expect(await serverTitles('/?search=topology')).toEqual(ranked)
    // a search is sorted by relevance (the search's own ranking), the other orders a choice away
    const sort = page.getByLabel('Sort by')
    expect(await sort.inputValue()).toBe('relevance')
    expect(await sort.locator('option').allTextContents()).toEqual(['Relevance', 'Date', 'Title', 'Read Time'])
    await sort.selectOption('title')
    await page.waitForURL((u) => u.search === '?search=topology&sort=title&dir=asc')
    await poll(() => gridTitles(page)).toEqual(['Essay 3', 'Essay 7'])
    await sort.selectOption('date')
    await page.waitForURL((u) => u.search === '?search=topology&sort=date')
    await poll(() => gridTitles(page)).toEqual(['Essay 7', 'Essay 3'])
    await sort.selectOption('relevance')
    await page.waitForURL((u) => u.search === '?search=topology')
    await poll(() => gridTitles(page)).toEqual(ranked)

    // the clear button returns to the latest posts
    await page.getByRole('button', { name: 'Clear search' }).click()
    await page.waitForURL((u) => u.search === '')
    await poll(() => heading(page)).toBe('Latest Posts')
    await poll(() => gridTitles(page)).toEqual(DATE_PAGE_1)
    await poll(() => box.inputValue()).toBe('')
    expect(errors).toEqual([])
  })

  it("says 'No posts found' for a search with no match, and 'Clear search' goes back", async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/')
    await page.getByPlaceholder('Search blog posts...').fill('xylophone')
    await page.waitForURL((u) => u.search === '?search=xylophone')
    const empty = page.getByRole('heading', { name: 'No posts found' })
    await empty.waitFor()
    expect(await page.locator('main').textContent()).toContain(
      `We couldn't find any posts matching "xylophone". Try searching with different keywords.`,
    )
    expect(await heading(page)).toBe('Search Results for "xylophone"')
    // the empty state's own button (the search box has an icon button of the same name)
    await page.locator('.state-message').getByRole('button', { name: 'Clear search' }).click()
    await page.waitForURL((u) => u.search === '')
    await poll(() => heading(page)).toBe('Latest Posts')
    await poll(() => gridTitles(page)).toEqual(DATE_PAGE_1)

    // the same state, rendered by the server from the address
    await open(page, '/?search=xylophone')
    await empty.waitFor()
    expect(errors).toEqual([])
  })
})

describe('home page: loading and failure', () => {
  it('shows skeleton cards while the list is on its way', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/about')
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (u) => u.pathname === '/api/posts',
      async (route: Route) => {
        await gate
        await route.continue()
      },
    )
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.locator('.post-card--skeleton').first().waitFor()
    expect(await page.locator('.post-card--skeleton').count()).toBeGreaterThan(2)
    expect(await page.locator('.post-card:not(.post-card--skeleton)').count()).toBe(0)
    await page.screenshot({ path: join(shots, 'home-skeleton-1280.png') })
    release()
    await poll(() => gridTitles(page)).toEqual(DATE_PAGE_1)
    expect(await page.locator('.post-card--skeleton').count()).toBe(0)
    await page.unroute((u) => u.pathname === '/api/posts')
    expect(errors).toEqual([])
  })

  it("says 'Failed to load posts. Please try again.' when the list cannot be loaded, and retries", async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/about')
    const failing = (u: URL) => u.pathname === '/api/posts'
    const failed: string[] = []
    await page.route(failing, async (r: Route) => {
      await r.fulfill({ status: 500, body: 'boom' })
      failed.push(new URL(r.request().url()).search)
    })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    const alert = page.getByRole('alert').filter({ hasText: FAILED })
    await alert.waitFor()
    expect(await page.locator('main').textContent()).not.toContain('500')
    expect(await page.locator('main').textContent()).not.toContain('boom')
    await page.screenshot({ path: join(shots, 'home-failed-1280.png') })

    // a failing search says the same
    await page.getByPlaceholder('Search blog posts...').fill('series')
    await page.waitForURL((u) => u.search === '?search=series')
    await poll(async () => failed.includes('?search=series')).toBe(true)
    await alert.waitFor()
    // no count of results that never came
    expect(await page.getByText('posts found').count()).toBe(0)

    // once the API answers again, 'Try again' loads the list
    await page.unroute(failing)
    await page.getByRole('button', { name: 'Try again' }).click()
    await poll(() => gridTitles(page)).toHaveLength(13)
    expect(await alert.count()).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('home page: an empty site', () => {
  it('welcomes the owner with the blurbs and the upload and manage links', async () => {
    const empty = await servedBlog({ fixtures: null })
    try {
      const errors: string[] = []
      const page = await newPage(errors)
      await page.goto(`${empty.server.url}/`)
      await hydrated(page)
      expect(await heading(page)).toBe('Latest Posts')
      await page.getByRole('heading', { name: 'Welcome to Scholia' }).waitFor()
      const main = (await page.locator('main').textContent()) ?? ''
      expect(main).toContain('Your blog is ready to come to life! Start by uploading your first markdown essay.')
      for (const blurb of ['AI-Enhanced', 'Smart Images', 'Academic Ready']) {
        expect(await page.getByRole('heading', { name: blurb }).count(), blurb).toBe(1)
      }
      expect(await page.getByRole('link', { name: 'Upload Your First Post' }).getAttribute('href')).toBe('/upload')
      expect(await page.getByRole('link', { name: 'Manage Content' }).getAttribute('href')).toBe('/manage')
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0)
      // the search box is there (SPEC §2), and searching an empty site finds nothing
      expect(await page.getByPlaceholder('Search blog posts...').count()).toBe(1)

      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: join(shots, `home-empty-${width}.png`), fullPage: true })
      }
      await page.setViewportSize({ width: 360, height: 800 })
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      expect(errors).toEqual([])
    } finally {
      await empty.cleanup()
    }
  })
})

describe('home page: navigation', () => {
  it('highlights the current link in the header', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    await open(page, '/?search=topology')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const current = () => nav.locator('[aria-current="page"]').allTextContents()
    expect(await current()).toEqual(['Home'])
    await nav.getByRole('link', { name: 'About' }).click()
    await page.waitForURL((u) => u.pathname === '/about')
    await poll(current).toEqual(['About'])
    await nav.getByRole('link', { name: 'Home' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await poll(current).toEqual(['Home'])
    // the current link looks different from the others
    const style = (name: string) =>
      nav.getByRole('link', { name }).evaluate((el) => {
        const s = getComputedStyle(el)
        return `${s.color} ${s.backgroundColor} ${s.fontWeight} ${s.textDecorationLine} ${s.boxShadow} ${s.borderBottomColor}`
      })
    expect(await style('Home')).not.toBe(await style('About'))
    expect(errors).toEqual([])
  })
})

describe('home page: timers (a browser with a controlled clock)', () => {
  it('searches 300 ms after typing stops, and polls the list every 10 s', async () => {
    const timed = await launchBrowser()
    try {
      await timed.context.clock.install()
      const errors: string[] = []
      const page = await newPage(errors, timed)
      const lists: string[] = []
      page.on('request', (r) => isPostList(r) && lists.push(new URL(r.url()).search))
      await open(page, '/')
      await page.waitForLoadState('networkidle')
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
      const before = lists.length

      // two edits in quick succession; only the last one is searched, 300 ms after it
      const box = page.getByPlaceholder('Search blog posts...')
      await box.fill('topo')
      await page.clock.runFor(200)
      await box.fill('topology')
      await page.clock.runFor(299)
      expect(pathAndQuery(page)).toBe('/')
      expect(lists.length).toBe(before)
      const now = () => page.evaluate(() => Date.now())
      const searchedAt = (await now()) + 1
      await page.clock.runFor(1)
      await page.waitForURL((u) => u.search === '?search=topology')
      // react-query hands results to React through zero-delay timers: the paused clock runs the
      // due ones without moving on
      const found = page.getByRole('status').filter({ hasText: '2 posts found' })
      await expect
        .poll(
          async () => {
            await page.clock.runFor(0)
            return found.isVisible()
          },
          { timeout: 20_000 },
        )
        .toBe(true)
      expect(lists.slice(before)).toEqual(['?search=topology'])

      // polled every 10 seconds: the next call comes 10 s after the answer (which arrived between
      // `searchedAt` and now, at most a few fake milliseconds apart), not before
      const answeredBy = await now()
      expect(answeredBy - searchedAt).toBeLessThan(50)
      await page.clock.runFor(searchedAt + 9_950 - answeredBy)
      expect(lists.length).toBe(before + 1)
      const polled = page.waitForRequest(isPostList)
      await page.clock.runFor(answeredBy + 10_000 - (await now()))
      expect(new URL((await polled).url()).search).toBe('?search=topology')
      expect(errors).toEqual([])
    } finally {
      await timed.close()
    }
  })
})

describe('home page: looks', () => {
  it('saves light and dark screenshots at 1280 and 375 px, with no horizontal scroll down to 360 px', async () => {
    const errors: string[] = []
    const page = await newPage(errors)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 })
        await open(page, '/')
        await page.waitForLoadState('networkidle')
        await page.screenshot({ path: join(shots, `home-list-${width}-${scheme}.png`), fullPage: true })
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 360, height: 800 })
    for (const path of ['/', '/?page=3', '/?search=topology', '/?search=xylophone', '/?sort=readTime&dir=asc']) {
      await open(page, path)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
    await open(page, '/?search=topology')
    await page.screenshot({ path: join(shots, 'home-search-360.png'), fullPage: true })
    expect(errors).toEqual([])
  })
})
