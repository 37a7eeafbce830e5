import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { tempDir } from '../helpers/temp-dir.js'
import { writeDiscoveryEssays } from './discovery-fixtures.js'

// On a phone most readers never reach the end of a long essay: the related posts card and the
// comments (with the comment form's code) wait until the reader scrolls towards them.

const SLUG = 'a-long-look-at-entropy'
const PHONE = { width: 375, height: 812 }
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let essays: ReturnType<typeof tempDir>

const TOPICS = [
  'Surprise',
  'Coins and dice',
  'Coding',
  'Channels',
  'Mutual information',
  'Divergence',
  'Priors',
  'Estimation',
  'Physics',
  'Closing',
]

function longEssay(): string {
  const paragraph = (topic: string, i: number) =>
    `${topic} is one face of entropy, the average surprise of a distribution (part ${i + 1}). Shannon showed that entropy limits compression and that a noisy channel has a capacity measured with the same probability and information theory. Each paragraph here is long enough to fill a phone screen with reading, so that the end of the essay is far below the first screen.`
  const body = TOPICS.map((t, i) => `## ${t}\n\n${[0, 1, 2].map((k) => paragraph(t, i * 3 + k)).join('\n\n')}`).join(
    '\n\n',
  )
  return `---\ntitle: "A Long Look at Entropy"\ndate: 2025-06-01\nauthor: Ada Lovelace\ntags: [information theory, probability, entropy]\n---\n\nEntropy, coding and channels, at length.\n\n${body}\n`
}

beforeAll(async () => {
  ctx = await servedBlog({ fixtures: null })
  essays = tempDir('deferred-')
  writeDiscoveryEssays(essays.path)
  writeFileSync(join(essays.path, `${SLUG}.md`), longEssay())
  await ctx.blog.importer.importPaths([essays.path])
  browser = await launchBrowser(PHONE)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

/** The page's calls for related posts and comments, and its fetch of the comment form's code, in order. */
function watchDeferred(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname
    if (/^\/api\/posts\/\d+\/(comments|related)$/.test(path)) asked.push(`${req.method()} ${path.replace(/\d+/, 'ID')}`)
    if (/\/comment-form-[\w-]+\.js$/.test(path)) asked.push('comment form code')
  })
  return asked
}

const atBottom = (page: Page) =>
  page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2)

describe('the post page on a phone', () => {
  it('asks for related posts and comments only once the reader scrolls towards the end, then shows them and takes a comment', async () => {
    const errors: string[] = []
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => m.type() === 'error' && !/status of 401/.test(m.text()) && errors.push(m.text()))
    const asked = watchDeferred(page)

    await page.goto(`${ctx.server.url}/posts/${SLUG}`)
    await page.getByRole('heading', { level: 1, name: 'A Long Look at Entropy' }).waitFor()
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('main') ?? {}).some((k) => k.startsWith('__reactFiber$')),
    )
    await page.waitForLoadState('networkidle')
    // reading the first part of the essay asks for nothing either
    await page.getByRole('heading', { name: 'Coding' }).scrollIntoViewIfNeeded()
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])

    // until then both sections show their loading states, and the form a placeholder as tall as the form
    expect(await page.locator('.related-card[aria-busy="true"] .related-item--skeleton').count()).toBe(3)
    expect(await page.locator('.comments__loading').count()).toBe(1)
    expect(await page.getByRole('form', { name: 'Leave a comment' }).count()).toBe(0)
    const placeholderHeight = (await page.locator('.comment-form--placeholder').boundingBox())!.height

    // the reader scrolls on to the end, a screen at a time
    for (let i = 0; i < 200 && !(await atBottom(page)); i++) await page.mouse.wheel(0, PHONE.height * 0.8)
    const card = page.getByRole('region', { name: 'AI-Recommended Related Posts' })
    await card.waitFor()
    expect(await card.locator('.related-item').count()).toBeGreaterThan(0)
    await page.getByText('No comments yet. Be the first to share your thoughts.').waitFor()
    const form = page.getByRole('form', { name: 'Leave a comment' })
    await form.waitFor()
    expect([...asked].sort()).toEqual(['GET /api/posts/ID/comments', 'GET /api/posts/ID/related', 'comment form code'])
    // the form took the placeholder's place without a jump
    expect(Math.abs((await form.boundingBox())!.height - placeholderHeight)).toBeLessThan(8)
    expect(await page.locator('.comment-form--placeholder').count()).toBe(0)

    // and it takes a comment as before
    await form.getByLabel('Name').fill('Grace')
    await form.getByLabel('Comment').fill('Surprise, averaged: a lovely way in.')
    await form.getByRole('button', { name: 'Post Comment' }).click()
    await form.getByText('Thank you! Your comment will appear once it has been approved.').waitFor()
    expect(await form.getByLabel('Comment').inputValue()).toBe('')
    expect(asked).toContain('POST /api/posts/ID/comments')
    expect(errors).toEqual([])
    await page.close()
  }, 90_000)

  it('loads both at once on a post short enough for its end to be near the first screen', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    const asked = watchDeferred(page)
    const short = ctx.blog.store.posts().find((p) => p.title === 'A Note on Sourdough')!
    await page.goto(`${ctx.server.url}/posts/${short.slug}`)
    await page.getByRole('heading', { level: 1, name: 'A Note on Sourdough' }).waitFor()
    // the comments begin within the margin below the first screen: no scrolling needed
    await page.getByText('No comments yet. Be the first to share your thoughts.').waitFor()
    await page.getByRole('form', { name: 'Leave a comment' }).waitFor()
    expect(asked).toContain('GET /api/posts/ID/comments')
    expect(asked).toContain('GET /api/posts/ID/related')
    await page.close()
  }, 60_000)

  it('when the code of the form cannot be fetched, the rest of the page stays and the form can be tried again', async () => {
    await browser.context.clearCookies()
    const page = await browser.context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    let offline = true
    await page.route(/\/assets\/comment-form-[\w-]+\.js$/, (route) =>
      offline ? route.abort('internetdisconnected') : route.continue(),
    )
    const short = ctx.blog.store.posts().find((p) => p.title === 'A Note on Sourdough')!
    await page.goto(`${ctx.server.url}/posts/${short.slug}`)
    const failed = page.getByRole('alert').filter({ hasText: 'The comment form could not be loaded.' })
    await failed.waitFor()
    // the essay and the comments are still there
    await page.getByRole('heading', { level: 1, name: 'A Note on Sourdough' }).waitFor()
    await page.getByText('No comments yet. Be the first to share your thoughts.').waitFor()
    offline = false
    await failed.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('form', { name: 'Leave a comment' }).getByLabel('Name').waitFor()
    expect(await failed.count()).toBe(0)
    expect(pageErrors).toEqual([])
    await page.close()
  }, 60_000)
})
