import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { fixtureSite, servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const LONG_SLUG = 'reading-a-long-essay'
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let essays: ReturnType<typeof tempDir>
let ownerId: number

/** The fixture essays plus one long enough to scroll through, with links in its text. */
function writeEssays(dir: string) {
  cpSync(fixtureSite, dir, { recursive: true })
  const paragraph =
    'A long argument needs room to breathe. Each paragraph here stands in for the patient prose of an essay, so that a reader has to scroll to reach the end and the reading depth can be measured.'
  const sections = Array.from(
    { length: 8 },
    (_, i) => `## Part ${i + 1}\n\n${Array.from({ length: 5 }, () => paragraph).join('\n\n')}`,
  )
  writeFileSync(
    join(dir, 'long-essay.md'),
    `---\ntitle: Reading a Long Essay\ndate: 2025-02-01\ntags: [method, reading]\n---\n\nSee [the Gaussian integral](https://en.wikipedia.org/wiki/Gaussian_integral) for background.\n\n${sections.join('\n\n')}\n`,
  )
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  essays = tempDir('chrome-essays-')
  writeEssays(essays.path)
  ctx = await servedBlog({ fixtures: essays.path })
  ownerId = (await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)).user.id
  browser = await launchBrowser()
}, 120_000)
// Each test's tabs close after it, so they do not keep running beside the next tests.
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

const url = (path: string) => `${ctx.server.url}${path}`

/** A fresh tab; page errors and unexpected console errors are collected. */
async function newPage(errors: string[] = []): Promise<Page> {
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
  // 401 (guest), 400 (refused input) and 500 (forced failures) are part of the flows; Chromium logs them.
  page.on('console', (m) => m.type() === 'error' && !/status of (400|401|500)/.test(m.text()) && errors.push(m.text()))
  return page
}

async function guestPage(errors: string[] = []): Promise<Page> {
  await browser.context.clearCookies()
  return newPage(errors)
}

/** Signs in through the API; the browser context shares the session cookie. */
async function adminPage(errors: string[] = []): Promise<Page> {
  await browser.context.clearCookies()
  const page = await newPage(errors)
  const res = await page.request.post(url('/api/auth/login'), { data: { username: 'owner', password: 'password1' } })
  expect(res.ok()).toBe(true)
  return page
}

/** The toast on screen with this title, and its text once visible. */
async function toast(page: Page, title: string): Promise<string> {
  const el = page.locator('.toast').filter({ has: page.locator('.toast__title', { hasText: title }) })
  await el.waitFor({ timeout: 10_000 })
  return (await el.textContent()) ?? ''
}

/** Waits until the page's scripts have taken over the server's markup (the account corner is live). */
async function hydrated(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    document.querySelector('button.user-menu__trigger, .header-account__sign-in:not([data-pending])'),
  )
}

const footer = (page: Page) => page.locator('footer.site-footer')
const editor = (page: Page) => page.getByRole('dialog', { name: 'Edit Footer' })

describe('footer', () => {
  it('shows the defaults, opens social links in new tabs, and offers a guest no Edit Footer', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await page.goto(url('/'))
    await hydrated(page)
    const text = await footer(page).textContent()
    for (const shown of [
      'Scholia',
      'Features',
      'Markdown Processing',
      'Responsive Design',
      'Support',
      'Privacy Policy',
      '© 2025 Scholia. All rights reserved.',
      'Stay Updated',
    ]) {
      expect(text).toContain(shown)
    }
    const social = footer(page).getByRole('list', { name: 'Social links' }).getByRole('link')
    expect(await social.count()).toBe(3)
    for (const name of ['Twitter', 'GitHub', 'LinkedIn']) {
      const link = footer(page).getByRole('link', { name: `${name} (opens in a new tab)` })
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toContain('noopener')
    }
    const [popup] = await Promise.all([browser.context.waitForEvent('page'), social.first().click()])
    // noopener: the new tab cannot reach back to the page that opened it
    expect(await popup.evaluate(() => window.opener)).toBeNull()
    await popup.close()
    expect(await page.getByRole('button', { name: 'Edit Footer' }).count()).toBe(0)
    await footer(page).screenshot({ path: join(shots, 'footer-1280.png') })
    await page.setViewportSize({ width: 375, height: 800 })
    await footer(page).screenshot({ path: join(shots, 'footer-375.png') })
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  }, 60_000)

  it('lets the admin edit it: add a section, save, toast, still there after a reload and for guests', async () => {
    const errors: string[] = []
    const page = await adminPage(errors)
    await page.goto(url('/'))
    await hydrated(page)
    const edit = page.getByRole('button', { name: 'Edit Footer' })
    await edit.click()
    await editor(page).waitFor()
    // starts on the title, with the current footer
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('Scholia')
    await page.screenshot({ path: join(shots, 'footer-editor-1280.png'), fullPage: false })

    // Back with nothing changed closes at once, and focus returns to Edit Footer
    await editor(page).getByRole('button', { name: 'Back' }).click()
    await editor(page).waitFor({ state: 'detached' })
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true)

    await edit.click()
    const d = editor(page)
    await d.getByLabel('Title', { exact: true }).fill('Our Essays')
    await d.getByLabel('Address 1').fill('https://twitter.com/owner')
    await d.getByRole('button', { name: 'Add section' }).click()
    // the new section's title has the focus
    await page.keyboard.type('Elsewhere')
    const section = d.getByRole('group', { name: /Section 3/ })
    await section.getByLabel('Link 1 name').fill('Archive')
    await section.getByLabel('Link 1 address').fill('javascript:alert(1)')
    await d.getByRole('button', { name: 'Save Changes' }).click()
    // refused in the browser, with the server's rule, and focused
    await d.getByText('One field needs attention before saving.').waitFor()
    expect(await section.getByText('Links must start with https://, http://, mailto:, / or #').isVisible()).toBe(true)
    expect(await section.getByLabel('Link 1 address').evaluate((el) => el === document.activeElement)).toBe(true)
    await section.getByLabel('Link 1 address').fill('/search')
    expect(await d.getByRole('alert').count()).toBe(0)
    // remove a default link
    await d.getByRole('button', { name: 'Remove link 4 (Privacy Policy) from section 2' }).click()

    await d.getByRole('button', { name: 'Save Changes' }).click()
    expect(await toast(page, 'Success')).toContain('Footer updated successfully')
    await d.waitFor({ state: 'detached' })
    const shown = () => footer(page).textContent()
    await expect.poll(shown).toContain('Elsewhere')
    expect(await shown()).toContain('Our Essays')
    expect(await shown()).not.toContain('Privacy Policy')
    expect(await footer(page).getByRole('link', { name: 'Archive' }).getAttribute('href')).toBe('/search')

    await page.reload()
    await hydrated(page)
    expect(await shown()).toContain('Elsewhere')
    expect(await footer(page).getByRole('link', { name: 'Twitter (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://twitter.com/owner',
    )

    const guest = await guestPage(errors)
    await guest.goto(url('/about'))
    const guestText = await footer(guest).textContent()
    expect(guestText).toContain('Our Essays')
    expect(guestText).toContain('Elsewhere')
    expect(errors).toEqual([])
  }, 90_000)

  it('says why a save failed, with the server’s message or the fallback', async () => {
    const page = await adminPage()
    await page.route('**/api/footer', (route) => {
      if (route.request().method() !== 'PATCH') return route.continue()
      const refused = JSON.parse(route.request().postData() ?? '{}').title === 'Refused'
      return refused
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'linkSections: 0.title Too long' }),
          })
        : route.fulfill({ status: 500, body: '' })
    })
    await page.goto(url('/'))
    await hydrated(page)
    await page.getByRole('button', { name: 'Edit Footer' }).click()
    const d = editor(page)
    await d.getByLabel('Title', { exact: true }).fill('Refused')
    await d.getByRole('button', { name: 'Save Changes' }).click()
    expect(await toast(page, 'Error')).toContain('linkSections: 0.title Too long')
    expect(await d.isVisible()).toBe(true)
    await d.getByLabel('Title', { exact: true }).fill('Broken')
    await d.getByRole('button', { name: 'Save Changes' }).click()
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Failed to update footer')
    // the first Escape closes the toast on top, as Radix layers do
    await page.keyboard.press('Escape')
    await page.locator('.toast').waitFor({ state: 'detached' })
    // the Save button kept the focus through the failure
    expect(await d.getByRole('button', { name: 'Save Changes' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    )
    // with unsaved changes, Escape asks first; keeping on editing keeps the editor
    const confirm = page.getByRole('alertdialog', { name: 'Discard your changes?' })
    await page.keyboard.press('Escape')
    await confirm.getByRole('button', { name: 'Keep editing' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect(await d.getByLabel('Title', { exact: true }).inputValue()).toBe('Broken')
    // Escape in the question closes only the question
    await d.getByRole('button', { name: 'Back' }).click()
    await confirm.waitFor()
    await page.screenshot({ path: join(shots, 'footer-editor-discard-1280.png') })
    await page.keyboard.press('Escape')
    await confirm.waitFor({ state: 'detached' })
    expect(await d.isVisible()).toBe(true)
    expect(await d.getByRole('button', { name: 'Back' }).evaluate((el) => el === document.activeElement)).toBe(true)
    await d.getByRole('button', { name: 'Back' }).click()
    await confirm.getByRole('button', { name: 'Discard changes' }).click()
    await d.waitFor({ state: 'detached' })
    await expect
      .poll(() => page.getByRole('button', { name: 'Edit Footer' }).evaluate((el) => el === document.activeElement))
      .toBe(true)
    expect(await footer(page).textContent()).not.toContain('Broken')
  }, 60_000)

  it('fits the editor on a 375 px phone', async () => {
    const page = await adminPage()
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(url('/'))
    await hydrated(page)
    await page.getByRole('button', { name: 'Edit Footer' }).click()
    await editor(page).waitFor()
    await page.waitForTimeout(300)
    const overflow = await editor(page).evaluate((el) => el.scrollWidth - el.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: join(shots, 'footer-editor-375.png') })
    await editor(page).getByRole('heading', { name: 'Link sections' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, 'footer-editor-375-sections.png') })
    await page.emulateMedia({ colorScheme: 'dark' })
    // let the buttons' colour transitions finish
    await page.waitForTimeout(400)
    await page.screenshot({ path: join(shots, 'footer-editor-375-dark.png') })
    await editor(page).getByRole('button', { name: 'Back' }).click()
    await editor(page).waitFor({ state: 'detached' })
    await footer(page).screenshot({ path: join(shots, 'footer-375-dark.png') })
  }, 60_000)
})

describe('newsletter', () => {
  it('is disabled while empty, refuses bad addresses, confirms a subscription, and a repeat', async () => {
    const errors: string[] = []
    const page = await guestPage(errors)
    await page.goto(url('/'))
    await hydrated(page)
    const box = page.getByRole('region', { name: 'Stay Updated' })
    const input = box.getByLabel('E-mail address')
    const submit = box.getByRole('button', { name: 'Subscribe' })
    expect(await submit.isDisabled()).toBe(true)
    await input.fill('   ')
    expect(await submit.isDisabled()).toBe(true)

    // the browser's own check stops an address without '@'
    await input.fill('nope')
    await submit.click()
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true)
    // the server refuses one the browser lets through
    await input.fill('reader@localhost')
    await submit.click()
    const failed = await toast(page, 'Subscription failed')
    expect(failed).toContain('Valid email is required')
    expect(ctx.blog.store.db.subscribers).toHaveLength(0)

    await input.fill('  reader@example.org ')
    await submit.click()
    await box.getByText('Successfully subscribed!').waitFor()
    expect(await box.textContent()).toContain("You'll receive alerts for new posts.")
    expect(await toast(page, 'Successfully subscribed!')).toContain(
      "You'll receive email alerts when new posts are published.",
    )
    expect(await input.count()).toBe(0)
    expect(ctx.blog.store.db.subscribers.map((s) => s.email)).toEqual(['reader@example.org'])
    await footer(page).screenshot({ path: join(shots, 'footer-subscribed-1280.png') })

    const again = await guestPage(errors)
    await again.goto(url('/about'))
    await hydrated(again)
    const box2 = again.getByRole('region', { name: 'Stay Updated' })
    await box2.getByLabel('E-mail address').fill('reader@example.org')
    await box2.getByRole('button', { name: 'Subscribe' }).click()
    await box2.getByText('Successfully subscribed!').waitFor()
    expect(ctx.blog.store.db.subscribers).toHaveLength(1)
    expect(errors).toEqual([])
  }, 60_000)
})

describe('About page', () => {
  const MARKDOWN =
    '# Who we are\n\nWe write about identities such as $e^{i\\pi} + 1 = 0$.\n\n$$\n\\int_0^1 x\\,dx = \\tfrac{1}{2}\n$$\n\nMore in the [archive](/search).'

  it('shows the placeholder to a guest, with no Edit Page', async () => {
    const page = await guestPage()
    await page.goto(url('/about'))
    await hydrated(page)
    await page.getByRole('heading', { name: 'About Scholia', level: 1 }).waitFor()
    expect(await page.locator('main').textContent()).toContain('What you will find here')
    expect(await page.getByRole('button', { name: 'Edit Page' }).count()).toBe(0)
  }, 30_000)

  it('lets the admin write markdown with a formula; it renders with KaTeX after saving, after a reload and without scripts', async () => {
    const errors: string[] = []
    const page = await adminPage(errors)
    await page.goto(url('/about'))
    await hydrated(page)
    await page.getByRole('button', { name: 'Edit Page' }).click()
    const area = page.getByLabel('Page content')
    await area.waitFor()
    expect(await area.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await area.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i)
    // Cancel leaves the page as it was
    await area.fill('throwaway')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'Edit Page' }).waitFor()
    expect(await page.locator('main').textContent()).toContain('What you will find here')

    await page.getByRole('button', { name: 'Edit Page' }).click()
    expect(await area.inputValue()).toBe('')
    await area.fill(MARKDOWN)
    await page.screenshot({ path: join(shots, 'about-editor-1280.png') })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await toast(page, 'About page saved')
    const content = page.locator('.about__content')
    await content.waitFor()
    await page.getByRole('heading', { name: 'Who we are', level: 1 }).waitFor()
    expect(await content.locator('.katex-display .katex-html').count()).toBe(1)
    expect(await content.locator('.katex .katex-html').count()).toBe(2)
    expect(await page.locator('h1').count()).toBe(1)
    await page.screenshot({ path: join(shots, 'about-saved-1280.png'), fullPage: true })

    await page.reload()
    await hydrated(page)
    expect(await page.locator('.about__content .katex-html').count()).toBe(2)
    // the server's HTML, as a reader or crawler without JavaScript gets it
    const source = await (await fetch(url('/about'))).text()
    const root = source.indexOf('<div id="root">')
    const markup = source.slice(root, source.indexOf('<script', root))
    expect(markup).toContain('<h1 id="who-we-are">Who we are</h1>')
    expect(markup).toContain('class="katex-display"')
    expect(markup).not.toContain('What you will find here')
    expect(markup).not.toContain('$e^')

    await page.setViewportSize({ width: 375, height: 800 })
    await page.getByRole('button', { name: 'Edit Page' }).click()
    expect(await page.getByLabel('Page content').inputValue()).toBe(MARKDOWN)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    await page.screenshot({ path: join(shots, 'about-editor-375.png') })
    expect(errors).toEqual([])
  }, 90_000)

  it('shows the error toast when saving fails, and keeps the text', async () => {
    const page = await adminPage()
    await page.route('**/api/about', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500 }) : route.continue(),
    )
    await page.goto(url('/about'))
    await hydrated(page)
    await page.getByRole('button', { name: 'Edit Page' }).click()
    await page.getByLabel('Page content').fill('Lost?')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    expect(await toast(page, 'Error')).toContain('Failed to update about page content.')
    expect(await page.getByLabel('Page content').inputValue()).toBe('Lost?')
  }, 30_000)
})

describe('tracking', () => {
  interface Logged {
    userId: number | null
    sessionId: string
    postId: number | null
    actionType: string
    actionData: Record<string, unknown>
  }
  const logFile = () => join(ctx.dataDir, 'tracking', 'events.jsonl')
  const logged = (): Logged[] =>
    existsSync(logFile())
      ? readFileSync(logFile(), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Logged)
      : []
  const ofSession = (id: string) => () => logged().filter((e) => e.sessionId === id)
  const types = (events: Logged[]) => events.map((e) => e.actionType)

  it('sends entry and view, scroll marks, essay link and tag clicks, time spent on leaving, and searches', async () => {
    const page = await guestPage()
    await page.route('https://en.wikipedia.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stub</title>' }),
    )
    await page.goto(url(`/posts/${LONG_SLUG}`), { referer: 'https://news.example/item' })
    await hydrated(page)
    const sessionId = await page.evaluate(() => sessionStorage.getItem('scholia:tracking-session'))
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/)
    const events = ofSession(sessionId!)
    const postId = ctx.blog.store.postBySlug(LONG_SLUG)!.id
    // two calls in flight at once: the log's order is the server's
    await expect.poll(() => types(events()).sort()).toEqual(['entry', 'view'])
    const entry = events().find((e) => e.actionType === 'entry')!
    const view = events().find((e) => e.actionType === 'view')!
    expect(entry.actionData).toMatchObject({ source: 'External', timestamp: expect.any(String) })
    expect(view).toMatchObject({ postId, userId: null, actionData: { postTitle: 'Reading a Long Essay' } })

    // scroll down in steps: each mark once, in order
    for (let i = 0; i < 30; i++) {
      await page.mouse.wheel(0, 400)
      await page.waitForTimeout(60)
    }
    await expect
      .poll(() =>
        events()
          .filter((e) => e.actionType === 'scroll')
          .map((e) => e.actionData.scrollPercentage),
      )
      .toEqual([25, 50, 75, 100])

    // a tag on the post, then back to the post
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.locator('main article .post-tag').first().click()
    await page.waitForURL(/\/\?search=/)
    await expect.poll(() => types(events())).toContain('tag_click')
    const tagClick = events().find((e) => e.actionType === 'tag_click')!
    expect(tagClick).toMatchObject({ postId, actionData: { tag: 'method' } })
    // leaving the post by that click sent its reading time
    await expect.poll(() => events().filter((e) => e.actionType === 'time_spent').length).toBe(1)
    const spent = events().filter((e) => e.actionType === 'time_spent')
    expect(spent[0].postId).toBe(postId)
    expect(spent[0].actionData.timeSpent as number).toBeGreaterThan(500)
    // and the tag's list is a search
    await expect
      .poll(() =>
        events()
          .filter((e) => e.actionType === 'search')
          .map((e) => e.actionData),
      )
      .toEqual([{ query: 'method', resultsCount: 1 }])

    // a link in the essay's text
    await page.goto(url(`/posts/${LONG_SLUG}`))
    await hydrated(page)
    await page.locator('main article .prose a[href^="https://en.wikipedia.org"]').click()
    await page.waitForURL('https://en.wikipedia.org/**')
    await expect
      .poll(() =>
        events()
          .filter((e) => e.actionType === 'click_link')
          .map((e) => e.actionData),
      )
      .toEqual([{ linkText: 'the Gaussian integral', targetUrl: 'https://en.wikipedia.org/wiki/Gaussian_integral' }])
    // leaving the site also reports the time read (by beacon)
    await expect.poll(() => events().filter((e) => e.actionType === 'time_spent').length).toBe(2)
    // one entry per session, however many pages
    expect(types(events()).filter((t) => t === 'entry')).toHaveLength(1)

    // the search page reports its query and count
    await page.goto(url('/search?q=gaussian'))
    await hydrated(page)
    await expect
      .poll(() =>
        events()
          .filter((e) => e.actionType === 'search')
          .map((e) => e.actionData.query),
      )
      .toContain('gaussian')
    await page.close()
  }, 90_000)

  it('sends time_spent when the tab is hidden, and the signed-in user’s id', async () => {
    const page = await adminPage()
    await page.goto(url('/posts/the-gaussian-integral-three-ways'))
    await hydrated(page)
    const sessionId = (await page.evaluate(() => sessionStorage.getItem('scholia:tracking-session')))!
    const events = ofSession(sessionId)
    await expect.poll(() => types(events()).sort()).toEqual(['entry', 'view'])
    expect(events().map((e) => e.userId)).toEqual([ownerId, ownerId])
    await page.waitForTimeout(300)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect.poll(() => types(events()).filter((t) => t === 'time_spent')).toEqual(['time_spent'])
    expect(events().find((e) => e.actionType === 'time_spent')!.actionData.timeSpent as number).toBeGreaterThan(200)
    await page.close()
  }, 60_000)

  it('sends nothing when the browser asks not to be tracked', async () => {
    const page = await guestPage()
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { configurable: true, get: () => '1' }),
    )
    const before = logged().length
    await page.goto(url(`/posts/${LONG_SLUG}`))
    await hydrated(page)
    await page.mouse.wheel(0, 5000)
    await page.waitForTimeout(800)
    expect(await page.evaluate(() => sessionStorage.getItem('scholia:tracking-session'))).toBeNull()
    await page.close()
    await new Promise((r) => setTimeout(r, 300))
    expect(logged().length).toBe(before)
  }, 30_000)
})
