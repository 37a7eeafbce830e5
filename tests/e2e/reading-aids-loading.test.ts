import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'

// The reading aids' reader (annotations, bibliography, model: zod and all) is a chunk of its own,
// fetched only for posts that have stored enhancements.

let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let enhanced: { slug: string; title: string }
let plain: { slug: string; title: string }

const ANNOTATIONS = [
  {
    type: 'definition',
    targetText: 'integral',
    annotation: 'The area under a curve.',
    category: 'Calculus',
    priority: 1,
  },
]
const BIBLIOGRAPHY = {
  introduction: 'Where to read more.',
  entries: [
    {
      id: 'ref1',
      type: 'book',
      year: 1999,
      title: 'A Treatise on Integrals',
      authors: ['Gauss, C. F.'],
      publication: 'Göttingen Press',
    },
  ],
  furtherReading: [],
}

beforeAll(async () => {
  ctx = await servedBlog()
  const posts = ctx.blog.store.posts().filter((p) => p.status === 'published')
  const [first, second] = posts
  enhanced = { slug: first.slug, title: first.title }
  plain = { slug: second.slug, title: second.title }
  await ctx.blog.store.transact((tx) =>
    tx.update(first.id, {}, { annotations: JSON.stringify(ANNOTATIONS), bibliography: JSON.stringify(BIBLIOGRAPHY) }),
  )
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
})

/** A fresh tab that records page errors, console errors and the reading aids' chunk being fetched. */
async function watchedPage() {
  const page = await browser.context.newPage()
  const seen = { errors: [] as string[], readerFetched: false }
  page.on('pageerror', (e) => seen.errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && !/status of (401|404)/.test(m.text()) && seen.errors.push(m.text()))
  page.on('request', (r) => /\/assets\/reading-aids-[\w-]+\.js$/.test(r.url()) && (seen.readerFetched = true))
  return { page, seen }
}

describe('the reading aids load with the posts that have them', () => {
  it('a post without enhancements never fetches the reader', async () => {
    const { page, seen } = await watchedPage()
    await page.goto(`${ctx.server.url}/posts/${plain.slug}`)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    expect(seen.readerFetched).toBe(false)
    expect(await page.getByRole('button', { name: 'Show Annotations' }).count()).toBe(0)
    expect(seen.errors).toEqual([])
    await page.close()
  })

  it('a post with enhancements is hydrated with its annotations and bibliography working', async () => {
    const { page, seen } = await watchedPage()
    await page.goto(`${ctx.server.url}/posts/${enhanced.slug}`)
    await hydrated(page)
    expect(seen.readerFetched).toBe(true)
    await page.getByRole('button', { name: 'Show Annotations' }).click()
    await page.getByRole('button', { name: 'Hide Annotations' }).waitFor()
    expect(await page.locator('.prose .annotation').count()).toBeGreaterThan(0)
    expect(await page.getByRole('region', { name: 'Bibliography and References' }).textContent()).toContain(
      'A Treatise on Integrals',
    )
    expect(seen.errors).toEqual([])
    await page.close()
  })

  it('moving from the home page to a post with enhancements fetches the reader and shows them', async () => {
    const { page, seen } = await watchedPage()
    await page.goto(ctx.server.url)
    await hydrated(page)
    expect(seen.readerFetched).toBe(false)
    await page.getByRole('link', { name: enhanced.title }).first().click()
    await page.getByRole('heading', { level: 1, name: enhanced.title }).waitFor()
    await page.getByRole('button', { name: 'Show Annotations' }).waitFor()
    expect(seen.readerFetched).toBe(true)
    await page.getByRole('region', { name: 'Bibliography and References' }).waitFor()
    expect(seen.errors).toEqual([])
    await page.close()
  })
})
