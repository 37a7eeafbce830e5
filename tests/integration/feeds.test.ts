import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Parser from 'rss-parser'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { servedBlog } from '../helpers/blog.js'

// A base URL with a path and another host than the test server's: every address in the output
// must come from config, never from the request.
const BASE = 'https://essays.example.org/blog'
const GAUSS = `${BASE}/posts/the-gaussian-integral-three-ways`
const DRAFT = /unfinished|not ready for readers/i

let ctx: Awaited<ReturnType<typeof servedBlog>>
beforeAll(async () => {
  ctx = await servedBlog({ blog: { baseUrl: BASE } })
})
afterAll(() => ctx.cleanup())

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${ctx.server.url}${path}`, { headers, redirect: 'manual' })
const text = async (path: string) => (await get(path)).text()
// Categories of Atom entries live in attributes, which rss-parser leaves to custom fields.
const parser = new Parser<
  Record<string, unknown>,
  { categories?: unknown[]; updated?: string; id?: string; 'content:encoded'?: string }
>({
  customFields: { item: [['category', 'categories', { keepArray: true }], 'updated'] },
})
const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' })
const postId = (slug: string) => ctx.blog.store.postBySlug(slug)!.id

/** Every link and image address in rendered HTML. */
const addresses = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1])

/** The post's content as a feed carries it: typeset math, absolute addresses, no TeX source in the text. */
function expectFeedHtml(html: string) {
  expect(html).toContain('class="katex"')
  expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">')
  // The TeX survives only inside MathML's <annotation>; the readable text has no $…$ left.
  expect(html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '')).not.toMatch(/\$[^$]*\\[a-z]+/)
  expect(addresses(html).length).toBeGreaterThan(0)
  for (const url of addresses(html)) expect(url).toMatch(/^https:\/\/essays\.example\.org\/blog\//)
  expect(html).toContain(`href="${GAUSS}#user-content-fn-1"`)
}

describe('feeds', () => {
  it('serves RSS 2.0 that a feed parser reads, newest first, drafts left out', async () => {
    const res = await get('/rss.xml')
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const body = await res.text()
    expect(XMLValidator.validate(body)).toBe(true)
    const feed = await parser.parseString(body)
    expect(feed).toMatchObject({ title: 'Scholia', link: `${BASE}/`, feedUrl: `${BASE}/rss.xml`, language: 'en' })
    expect(feed.items.map((i) => i.link)).toEqual([`${BASE}/posts/on-notation`, GAUSS])
    const item = feed.items[1]
    expect(item).toMatchObject({
      title: 'The Gaussian Integral, Three Ways',
      guid: GAUSS,
      creator: 'Ada Lovelace',
      isoDate: '2025-03-14T00:00:00.000Z',
    })
    expect(item.categories).toEqual(['calculus', 'probability'])
    expect(item.contentSnippet).toBe(
      'Polar coordinates, differentiation under the integral sign, and a volume argument.',
    )
    expectFeedHtml(item['content:encoded']!)
    expect(feed.items[0].creator).toBe('Site Owner')
    expect(body).not.toMatch(DRAFT)
  })

  it('serves Atom 1.0 with ids, dates, authors, categories, summary and HTML content', async () => {
    const res = await get('/atom.xml')
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    const body = await res.text()
    expect(XMLValidator.validate(body)).toBe(true)
    const feed = await parser.parseString(body)
    expect(feed).toMatchObject({ title: 'Scholia', link: `${BASE}/`, feedUrl: `${BASE}/atom.xml` })
    expect(feed.items.map((i) => i.id)).toEqual([`${BASE}/posts/on-notation`, GAUSS])
    const entry = feed.items[1]
    const post = ctx.blog.store.postBySlug('the-gaussian-integral-three-ways')!
    expect(entry).toMatchObject({
      link: GAUSS,
      author: 'Ada Lovelace',
      pubDate: '2025-03-14T00:00:00.000Z',
      updated: post.updatedAt,
    })
    expect(entry.summary).toBe('Polar coordinates, differentiation under the integral sign, and a volume argument.')
    expect(entry.categories!.map((c) => (c as { $: { term: string } }).$.term)).toEqual(['calculus', 'probability'])
    expectFeedHtml(entry.content as string)
    expect(body).not.toMatch(DRAFT)
  })

  it('serves JSON Feed 1.1', async () => {
    const res = await get('/feed.json')
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8')
    const feed = (await res.json()) as { version: string; items: Record<string, unknown>[] } & Record<string, unknown>
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Scholia',
      home_page_url: `${BASE}/`,
      feed_url: `${BASE}/feed.json`,
    })
    expect(feed.items.map((i) => i.id)).toEqual([`${BASE}/posts/on-notation`, GAUSS])
    const item = feed.items[1]
    expect(item).toMatchObject({
      url: GAUSS,
      title: 'The Gaussian Integral, Three Ways',
      authors: [{ name: 'Ada Lovelace' }],
      tags: ['calculus', 'probability'],
      date_published: '2025-03-14T00:00:00.000Z',
    })
    expect(item.summary).toBe('Polar coordinates, differentiation under the integral sign, and a volume argument.')
    expectFeedHtml(item.content_html as string)
    expect(JSON.stringify(feed)).not.toMatch(DRAFT)
  })
})

describe('sitemap and robots.txt', () => {
  it('lists the home and about pages and every published post, with absolute locations and lastmod', async () => {
    const res = await get('/sitemap.xml')
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const body = await res.text()
    expect(XMLValidator.validate(body)).toBe(true)
    const { urlset } = xml.parse(body) as { urlset: { '@_xmlns': string; url: { loc: string; lastmod?: string }[] } }
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(urlset.url.map((u) => u.loc)).toEqual([`${BASE}/`, `${BASE}/about`, `${BASE}/posts/on-notation`, GAUSS])
    for (const { loc, lastmod } of urlset.url) {
      expect(new URL(loc).href).toBe(loc)
      if (lastmod !== undefined) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    }
    const post = ctx.blog.store.postBySlug('the-gaussian-integral-three-ways')!
    expect(urlset.url[3].lastmod).toBe(post.updatedAt.replace(/\.\d{3}Z$/, 'Z'))
    expect(body).not.toMatch(DRAFT)
  })

  it('serves robots.txt that allows all but the owner screens and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = (await res.text()).split('\n').filter(Boolean)
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of ['/upload', '/manage', '/profile', '/admin-secret', '/api/'])
      expect(lines).toContain(`Disallow: /blog${path}`)
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`)
  })
})

const PATHS = ['/rss.xml', '/atom.xml', '/feed.json', '/sitemap.xml', '/robots.txt']

describe('HTTP caching', () => {
  it.each(PATHS)('%s: ETag, Last-Modified, Cache-Control, 304 on If-None-Match and If-Modified-Since', async (path) => {
    const first = await get(path)
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    const lastModified = first.headers.get('last-modified')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(new Date(lastModified).getTime()).not.toBeNaN()
    expect(first.headers.get('cache-control')).toMatch(/no-cache|max-age=\d+/)
    const conditionals: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-none-match': `W/${etag}, "other"` },
      { 'if-modified-since': lastModified },
    ]
    for (const conditional of conditionals) {
      const res = await get(path, conditional)
      expect(res.status, JSON.stringify(conditional)).toBe(304)
      expect(await res.text()).toBe('')
    }
    expect((await get(path, { 'if-none-match': '"stale"' })).status).toBe(200)
    expect(
      (await get(path, { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() })).status,
    ).toBe(200)
  })

  it('compresses for clients that accept it, brotli before gzip', async () => {
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
    ]) {
      const res = await get('/rss.xml', { 'accept-encoding': accept })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
      expect(await res.text()).toContain('<rss version="2.0"')
    }
  })
})

describe('head: feed links and JSON-LD', () => {
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    )

  it('links the three feeds from every page', async () => {
    for (const path of ['/', '/about', '/posts/on-notation', '/no/such/page']) {
      const html = await text(path)
      expect(html).toContain(
        `<link rel="alternate" type="application/rss+xml" title="Scholia (RSS)" href="${BASE}/rss.xml">`,
      )
      expect(html).toContain(
        `<link rel="alternate" type="application/atom+xml" title="Scholia (Atom)" href="${BASE}/atom.xml">`,
      )
      expect(html).toContain(
        `<link rel="alternate" type="application/feed+json" title="Scholia (JSON Feed)" href="${BASE}/feed.json">`,
      )
    }
  })

  it('describes the home page as a WebSite with a SearchAction, and other pages not at all', async () => {
    const blocks = jsonLd(await text('/'))
    expect(blocks).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Scholia',
        url: `${BASE}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${BASE}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      }),
    ])
    expect(jsonLd(await text('/about'))).toEqual([])
  })

  it('describes a post as a BlogPosting with canonical addresses', async () => {
    const post = ctx.blog.store.postBySlug('the-gaussian-integral-three-ways')!
    // The alias address carries the same data, pointing at the canonical one.
    for (const path of ['/posts/the-gaussian-integral-three-ways', '/the-gaussian-integral-three-ways']) {
      const [block, ...rest] = jsonLd(await text(path))
      expect(rest).toEqual([])
      expect(block).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: 'The Gaussian Integral, Three Ways',
        description: 'Polar coordinates, differentiation under the integral sign, and a volume argument.',
        author: { '@type': 'Person', name: 'Ada Lovelace' },
        datePublished: '2025-03-14T00:00:00.000Z',
        dateModified: post.updatedAt,
        keywords: ['calculus', 'probability'],
        url: GAUSS,
        mainEntityOfPage: { '@type': 'WebPage', '@id': GAUSS },
        publisher: { '@type': 'Organization', name: 'Scholia' },
      })
      expect(block).not.toHaveProperty('citation')
      // No banner: the 1200×630 card drawn from the title stands in.
      expect(block.image).toMatch(
        new RegExp(`^${BASE}/og/posts/the-gaussian-integral-three-ways\\.png\\?v=[0-9a-f]{10}$`),
      )
    }
  })

  it('makes it a ScholarlyArticle citing its bibliography, with the banner as image', async () => {
    const bibliography = {
      introduction: 'Sources.',
      entries: [
        {
          id: '1',
          type: 'book',
          year: 1812,
          title: 'Théorie analytique des probabilités',
          authors: ['Pierre-Simon Laplace'],
          isbn: '978-0-00-000000-0',
        },
        {
          id: '2',
          type: 'journal',
          year: '1991',
          title: 'The Gaussian integral',
          authors: ['A. Author', 'B. Author'],
          publication: 'Amer. Math. Monthly',
          doi: 'https://doi.org/10.2307/2323625',
        },
        {
          id: '3',
          type: 'website',
          title: 'Gaussian integral',
          authors: [],
          url: 'https://en.wikipedia.org/wiki/Gaussian_integral',
        },
        { id: '4', type: 'not-a-type', title: 'Dropped: malformed entry' },
      ],
      furtherReading: [],
    }
    await ctx.blog.store.transact((tx) =>
      tx.update(
        postId('the-gaussian-integral-three-ways'),
        { bannerImage: '/media/gauss-banner.png' },
        { bibliography: JSON.stringify(bibliography) },
      ),
    )
    const [block] = jsonLd(await text('/posts/the-gaussian-integral-three-ways'))
    expect(block['@type']).toBe('ScholarlyArticle')
    expect(block.image).toBe(`${BASE}/media/gauss-banner.png`)
    expect(block.citation).toEqual([
      {
        '@type': 'Book',
        name: 'Théorie analytique des probabilités',
        author: [{ '@type': 'Person', name: 'Pierre-Simon Laplace' }],
        datePublished: '1812',
        isbn: '978-0-00-000000-0',
      },
      {
        '@type': 'ScholarlyArticle',
        name: 'The Gaussian integral',
        author: [
          { '@type': 'Person', name: 'A. Author' },
          { '@type': 'Person', name: 'B. Author' },
        ],
        datePublished: '1991',
        url: 'https://doi.org/10.2307/2323625',
        identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: '10.2307/2323625' },
        isPartOf: { '@type': 'Periodical', name: 'Amer. Math. Monthly' },
      },
      { '@type': 'WebPage', name: 'Gaussian integral', url: 'https://en.wikipedia.org/wiki/Gaussian_integral' },
    ])
    // The banner reaches the JSON Feed too, absolute.
    const feed = (await (await get('/feed.json')).json()) as { items: { id: string; image?: string }[] }
    expect(feed.items.find((i) => i.id === GAUSS)?.image).toBe(`${BASE}/media/gauss-banner.png`)
  })

  it('stays a BlogPosting when the bibliography cannot be parsed', async () => {
    await ctx.blog.store.transact((tx) =>
      tx.update(postId('the-gaussian-integral-three-ways'), {}, { bibliography: '{not json' }),
    )
    expect(jsonLd(await text('/posts/the-gaussian-integral-three-ways'))[0]['@type']).toBe('BlogPosting')
  })

  it('keeps a title containing </script> inside its JSON-LD block', async () => {
    const title = 'Closing </script><script>alert(1)</script> tags'
    await ctx.blog.store.transact((tx) => tx.update(postId('on-notation'), { title }))
    const html = await text('/posts/on-notation')
    expect(html).not.toContain('<script>alert(1)')
    expect(jsonLd(html)[0].headline).toBe(title)
  })
})

describe('invalidation', () => {
  it('rebuilds every document when a post changes, and keeps a document whose bytes did not change', async () => {
    const before = new Map<string, string>()
    const dates = new Map<string, string>()
    for (const path of PATHS) {
      const res = await get(path)
      before.set(path, res.headers.get('etag')!)
      dates.set(path, res.headers.get('last-modified')!)
    }

    // A change to a draft changes nothing a guest sees: same bytes, same ETag and date, still 304.
    await ctx.blog.store.transact((tx) =>
      tx.update(postId('an-unfinished-draft'), { title: 'An Unfinished Draft, retitled' }),
    )
    for (const path of PATHS) {
      const res = await get(path, { 'if-none-match': before.get(path)! })
      expect(res.status, path).toBe(304)
      expect(res.headers.get('last-modified'), path).toBe(dates.get(path))
    }

    const dir = join(ctx.dataDir, '..', 'later')
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'euler.md')
    writeFileSync(
      file,
      '---\ntitle: Euler’s Identity\ndate: 2030-01-01\nauthor: Leonhard Euler\ntags: [analysis]\n---\n\nThe identity $e^{i\\pi} + 1 = 0$ links five constants.\n\n![A figure](/media/euler.png)\n\nMarkup such as `<a href="/docs">` stays as written.\n',
    )
    await ctx.blog.importer.importPaths([file])
    const euler = `${BASE}/posts/eulers-identity`

    const rss = await parser.parseString(await text('/rss.xml'))
    expect(rss.items[0]).toMatchObject({ link: euler, title: 'Euler’s Identity', creator: 'Leonhard Euler' })
    const html = rss.items[0]['content:encoded']!
    expect(html).toContain('<math')
    expect(html).toContain(`src="${BASE}/media/euler.png"`)
    // Only real tags are rewritten, not an essay's code that shows an address.
    expect(html).toMatch(/<code>&#x3C;a href="\/docs">|<code>&lt;a href="\/docs"&gt;/)
    expect((await parser.parseString(await text('/atom.xml'))).items[0].id).toBe(euler)
    expect(((await (await get('/feed.json')).json()) as { items: { id: string }[] }).items[0].id).toBe(euler)
    expect(await text('/sitemap.xml')).toContain(`<loc>${euler}</loc>`)

    for (const path of ['/rss.xml', '/atom.xml', '/feed.json', '/sitemap.xml']) {
      const res = await get(path, { 'if-none-match': before.get(path)! })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('etag')).not.toBe(before.get(path))
    }
    // robots.txt does not depend on the posts.
    expect((await get('/robots.txt', { 'if-none-match': before.get('/robots.txt')! })).status).toBe(304)
  })

  it('never lists a draft, even after an owner publishes and unpublishes', async () => {
    const id = postId('an-unfinished-draft')
    await ctx.blog.store.transact((tx) => tx.update(id, { status: 'published' }))
    expect(await text('/rss.xml')).toContain('An Unfinished Draft, retitled')
    await ctx.blog.store.transact((tx) => tx.update(id, { status: 'draft' }))
    for (const path of ['/rss.xml', '/atom.xml', '/feed.json', '/sitemap.xml'])
      expect(await text(path), path).not.toMatch(DRAFT)
  })
})
