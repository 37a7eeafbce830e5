import { describe, expect, it } from 'vitest'
import katex from 'katex'
import { latestEntries, MAX_ENTRY_HTML_CHARS, MAX_FEED_HTML_CHARS } from '../../../src/feeds/feed-entries.js'
import type { PostsService } from '../../../src/posts/posts-service.js'
import type { Post, PostMeta } from '../../../src/shared/schemas/index.js'
import type { SiteInfo } from '../../../src/shared/site-info.js'

// Issue 21, finding 7: a 92 MB essay made a 269 MB /rss.xml. A feed entry carries at most
// 200 kB of HTML and a feed 2 MB in all; a post beyond goes in as its excerpt and a link.
const site = { baseUrl: 'https://blog.example', ownerName: 'Owner' } as SiteInfo

function postsOf(htmls: string[]): PostsService {
  const posts = htmls.map((html, i) => ({
    id: i + 1,
    slug: `p${i}`,
    title: `P${i}`,
    excerpt: `Excerpt <${i}>`,
    metaDescription: null,
    html,
    author: 'A',
    tags: [],
    publishedAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    bannerImage: null,
  }))
  return {
    visible: () => posts as unknown as PostMeta[],
    get: async (slug: string) => posts.find((p) => p.slug === slug) as unknown as Post,
  } as unknown as PostsService
}

describe('feed size caps', () => {
  it('carries a post larger than an entry may be as its excerpt and a link', async () => {
    const [big, small] = await latestEntries(
      postsOf(['<p>x</p>'.repeat(MAX_ENTRY_HTML_CHARS), '<p>Small</p>']),
      site,
      20,
    )
    expect(big.html).toBe(
      '<p>Excerpt &lt;0&gt;</p><p><a href="https://blog.example/posts/p0">Read the whole essay on the site.</a></p>',
    )
    expect(small.html).toBe('<p>Small</p>')
  })

  it('keeps the whole feed under its cap: later posts go in as excerpts once it is full', async () => {
    const html = `<p>${'y'.repeat(MAX_ENTRY_HTML_CHARS - 10)}</p>`
    const entries = await latestEntries(postsOf(Array.from({ length: 20 }, () => html)), site, 20)
    const total = entries.reduce((n, e) => n + e.html.length, 0)
    expect(total).toBeLessThanOrEqual(MAX_FEED_HTML_CHARS)
    expect(entries.filter((e) => e.html === html)).toHaveLength(Math.floor(MAX_FEED_HTML_CHARS / html.length))
    expect(entries.at(-1)!.html).toContain('Read the whole essay on the site.')
  })

  it('measures a math-heavy post by what the feed carries: its formulas as MathML only', async () => {
    const formula = katex.renderToString('\\sum_{k=1}^{n} \\binom{n}{k} x^k = (1+x)^n - 1', {
      displayMode: true,
      output: 'htmlAndMathml',
    })
    // Just past the cap: parsing it is most of this test's time.
    const html = `<p>${formula}</p>`.repeat(Math.ceil(MAX_ENTRY_HTML_CHARS / (formula.length + 7)) + 1)
    expect(html.length).toBeGreaterThan(MAX_ENTRY_HTML_CHARS)
    const [entry] = await latestEntries(postsOf([html]), site, 20)
    expect(entry.html).not.toContain('Read the whole essay on the site.')
    expect(entry.html).not.toContain('katex-html')
    expect(entry.html.split('<math').length - 1).toBe(html.split('<math').length - 1)
  }, 20_000)
})
