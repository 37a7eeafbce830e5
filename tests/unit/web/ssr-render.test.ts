import { describe, expect, it } from 'vitest'
import { render } from '../../../web/entry-server.js'
import type { PrefetchedQuery } from '../../../web/ssr-contract.js'
import { listItem, post, site } from './fixtures.js'

/** The attributes of every <a> in the markup, in document order (attribute order varies). */
function anchors(html: string): Record<string, string>[] {
  return [...html.matchAll(/<a\s([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  )
}

const hasAnchor = (html: string, attrs: Record<string, string>) =>
  anchors(html).some((a) => Object.entries(attrs).every(([k, v]) => a[k] === v))

const renderUrl = (url: string, queries: PrefetchedQuery[] = []) => render({ url, site, queries })

/** Visible text, roughly: tags dropped, entities decoded, whitespace squeezed. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

describe('render() — shell', () => {
  it('renders the header, navigation, skip link and footer defaults', () => {
    const { html } = renderUrl('/about')
    expect(html).toContain('Skip to content')
    expect(html).toMatch(/<header[^>]*class="site-header"/)
    expect(html).toMatch(/<nav[^>]*aria-label="Main"/)
    expect(html).toMatch(/<main[^>]*id="main"/)
    expect(hasAnchor(html, { href: '/about', 'aria-current': 'page', class: 'site-nav__link' })).toBe(true)
    expect(hasAnchor(html, { href: '/', 'aria-current': 'page' })).toBe(false)
    // The phone menu is a dialog (issue 23.19): the server sends the button that opens it; its
    // 'Admin Login' (SPEC §2) is rendered when it opens (tests/e2e/auth.test.ts opens it and signs in).
    expect(html).toMatch(
      /<button[^>]*class="icon-button site-header__menu-button"[^>]*aria-label="Open menu"[^>]*aria-haspopup="dialog"/,
    )
    const t = text(html)
    expect(t).toContain('© 2025 Scholia. All rights reserved.')
    expect(t).toContain('Stay Updated')
    for (const name of ['Features', 'Markdown Processing', 'SEO Optimization', 'Clean URLs', 'Responsive Design'])
      expect(t).toContain(name)
    for (const name of ['Support', 'Documentation', 'Help Center', 'Contact Us', 'Privacy Policy'])
      expect(t).toContain(name)
    for (const name of ['Twitter', 'GitHub', 'LinkedIn']) {
      expect(hasAnchor(html, { target: '_blank', rel: 'noopener noreferrer', title: name })).toBe(true)
    }
  })

  it('returns the site and the dehydrated cache as state', () => {
    const posts = [listItem()]
    const { state } = renderUrl('/', [{ queryKey: ['/api/posts'], data: posts }])
    expect(state.site).toEqual(site)
    const dehydrated = state.dehydrated as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    expect(dehydrated.queries).toHaveLength(1)
    expect(dehydrated.queries[0].queryKey).toEqual(['/api/posts'])
    expect(dehydrated.queries[0].state.data).toEqual(posts)
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })
})

describe('render() — home', () => {
  it("shows 'Latest Posts' and links each post to /posts/{slug}, featured first", () => {
    const posts = [
      listItem({ id: 101, title: 'A Regular Essay', slug: 'a-regular-essay', publishedAt: '2025-05-01T00:00:00.000Z' }),
      listItem({
        id: 102,
        title: 'The Featured Essay',
        slug: 'the-featured-essay',
        featured: 1,
        publishedAt: '2025-01-01T00:00:00.000Z',
      }),
    ]
    const { html } = renderUrl('/', [{ queryKey: ['/api/posts'], data: posts }])
    expect(html).toContain('Latest Posts')
    expect(html).toContain('href="/posts/a-regular-essay"')
    expect(html).toContain('href="/posts/the-featured-essay"')
    // the featured post is older, yet comes first
    expect(html.indexOf('The Featured Essay')).toBeLessThan(html.indexOf('A Regular Essay'))
    expect(html).toContain('post-card--featured')
  })

  it('shows at most 3 tags on a featured card and 2 on a regular one', () => {
    const tags = ['alpha', 'beta', 'gamma', 'delta']
    const featured = renderUrl('/', [{ queryKey: ['/api/posts'], data: [listItem({ featured: 1, tags })] }]).html
    const regular = renderUrl('/', [{ queryKey: ['/api/posts'], data: [listItem({ tags })] }]).html
    expect(featured).toContain('>gamma<')
    expect(featured).not.toContain('>delta<')
    expect(regular).toContain('>beta<')
    expect(regular).not.toContain('>gamma<')
  })

  it('shows card details: excerpt, date, read time, author', () => {
    const { html } = renderUrl('/', [
      {
        queryKey: ['/api/posts'],
        data: [listItem({ excerpt: 'A short excerpt.', readTime: 7, publishedAt: '2025-03-04T10:00:00.000Z' })],
      },
    ])
    const t = text(html)
    expect(t).toContain('A short excerpt.')
    expect(t).toContain('7 min read')
    expect(t).toContain('March 4, 2025')
    expect(t).toContain('Ada Lovelace')
  })

  it('paginates regular posts 6 per page (7 posts → 2 pages)', () => {
    const posts = Array.from({ length: 7 }, (_, i) =>
      listItem({
        id: 200 + i,
        title: `Note ${String.fromCharCode(65 + i)}`,
        slug: `note-${i}`,
        publishedAt: new Date(Date.UTC(2025, 0, 10 - i)).toISOString(),
      }),
    )
    const queries = [{ queryKey: ['/api/posts'], data: posts }]
    const first = renderUrl('/', queries).html
    expect(first).toMatch(/aria-label="Pagination"/)
    expect(hasAnchor(first, { href: '/?page=2', 'aria-label': 'Page 2' })).toBe(true)
    expect(hasAnchor(first, { href: '/', 'aria-label': 'Page 1', 'aria-current': 'page' })).toBe(true)
    expect(hasAnchor(first, { href: '/?page=2', rel: 'next' })).toBe(true)
    expect(first).not.toContain('aria-label="Page 3"')
    expect(first).toContain('href="/posts/note-5"')
    expect(first).not.toContain('href="/posts/note-6"') // the oldest is on page 2

    const second = renderUrl('/?page=2', queries).html
    expect(second).toContain('href="/posts/note-6"')
    expect(second).not.toContain('href="/posts/note-0"')
    expect(hasAnchor(second, { href: '/?page=2', 'aria-label': 'Page 2', 'aria-current': 'page' })).toBe(true)
    expect(hasAnchor(second, { href: '/', rel: 'prev' })).toBe(true)
  })

  it('keeps the sort from the address (?sort=title&dir=asc)', () => {
    const posts = [listItem({ title: 'Essay 10', slug: 'e10' }), listItem({ title: 'Essay 2', slug: 'e2' })]
    const { html } = renderUrl('/?sort=title&dir=asc', [{ queryKey: ['/api/posts'], data: posts }])
    expect(html.indexOf('href="/posts/e2"')).toBeLessThan(html.indexOf('href="/posts/e10"'))
    expect(html).toMatch(/<option value="title" selected="">Title<\/option>/)
  })

  it('shows the welcome state when there are no posts', () => {
    const { html } = renderUrl('/', [{ queryKey: ['/api/posts'], data: [] }])
    const t = text(html)
    expect(t).toContain('Welcome to Scholia')
    expect(t).toContain('Your blog is ready to come to life! Start by uploading your first markdown essay.')
    for (const blurb of ['AI-Enhanced', 'Smart Images', 'Academic Ready']) expect(t).toContain(blurb)
    expect(html).toMatch(/href="\/upload"[^>]*>(<svg.*?<\/svg>)?Upload Your First Post<\/a>/)
    expect(html).toMatch(/href="\/manage"[^>]*>(<svg.*?<\/svg>)?Manage Content<\/a>/)
    expect(html).not.toContain('aria-label="Pagination"')
  })

  it("shows search results without pagination, and 'No posts found' for an empty search", () => {
    const many = Array.from({ length: 8 }, (_, i) => listItem({ slug: `hit-${i}` }))
    const found = renderUrl('/?search=limits', [{ queryKey: ['/api/posts?search=limits'], data: many }]).html
    expect(text(found)).toContain('Search Results for "limits"')
    expect(found).toContain('href="/posts/hit-7"')
    expect(found).not.toContain('aria-label="Pagination"')

    const none = renderUrl('/?search=zzz', [{ queryKey: ['/api/posts?search=zzz'], data: [] }]).html
    const t = text(none)
    expect(t).toContain('No posts found')
    expect(t).toContain(`We couldn't find any posts matching "zzz". Try searching with different keywords.`)
    expect(t).toContain('Clear search')
  })

  it('shows skeleton cards while the list is not loaded', () => {
    const { html } = renderUrl('/')
    expect(html).toContain('post-card--skeleton')
    expect(html).toContain('placeholder="Search blog posts..."')
  })
})

describe('render() — post page', () => {
  const essay = post({
    id: 301,
    title: 'On the Method of Fluxions',
    slug: 'fluxions',
    excerpt: 'How Newton reasoned about change.',
    html: '<h2 id="motion">Motion</h2><p>Let <span class="katex">x</span> vary.</p><h3 id="rates">Rates</h3><p>More.</p>',
    toc: [
      { depth: 2, text: 'Motion', id: 'motion' },
      { depth: 3, text: 'Rates', id: 'rates' },
    ],
    tags: ['calculus', 'history'],
    bannerImage: '/media/fluxions/banner.png',
    updatedAt: '2025-04-01T12:00:00.000Z',
    neighbours: {
      previous: { slug: 'before', title: 'Before', readTime: 3 },
      next: { slug: 'after', title: 'After', readTime: 4 },
    },
  })

  for (const url of ['/posts/fluxions', '/fluxions']) {
    it(`renders the essay at ${url}`, () => {
      const { html } = renderUrl(url, [{ queryKey: ['/api/posts', 'fluxions'], data: essay }])
      expect(html).toMatch(/<h1[^>]*>On the Method of Fluxions<\/h1>/)
      expect(html).toContain('<h2 id="motion">Motion</h2><p>Let <span class="katex">x</span> vary.</p>')
      expect(html).toMatch(/<article[^>]*>/)
      expect(text(html)).toContain('How Newton reasoned about change.')
      // table of contents
      expect(html).toContain('Table of Contents')
      expect(hasAnchor(html, { href: '#motion', class: 'toc__link' })).toBe(true)
      expect(html).toMatch(/data-depth="1"[^>]*><a[^>]*href="#rates"/)
      // banner with a cache-busting version
      expect(html).toContain(`src="/media/fluxions/banner.png?v=${Date.parse('2025-04-01T12:00:00.000Z')}"`)
      // neighbours as the server computed them from the list order
      expect(hasAnchor(html, { href: '/posts/before', rel: 'prev' })).toBe(true)
      expect(hasAnchor(html, { href: '/posts/after', rel: 'next' })).toBe(true)
    })
  }

  it('shows a TOC entry with math as its rendered formula, not its TeX', () => {
    const withMath = post({
      slug: 'gram',
      toc: [
        { depth: 2, text: 'Avoid X^\\top X', id: 'avoid', html: 'Avoid <span class="katex">XᵀX</span>' },
        { depth: 2, text: 'Plain', id: 'plain' },
      ],
    })
    const { html } = renderUrl('/posts/gram', [{ queryKey: ['/api/posts', 'gram'], data: withMath }])
    expect(html).toMatch(/class="toc__link"[^>]*><span>Avoid <span class="katex">XᵀX<\/span><\/span><\/a>/)
    expect(html).not.toContain('Avoid X^')
  })

  it("says 'Post not found' for a slug the server seeded as null", () => {
    const { html } = renderUrl('/posts/nothing', [{ queryKey: ['/api/posts', 'nothing'], data: null }])
    expect(html).toMatch(/<h1[^>]*>Post not found<\/h1>/)
  })

  it("says 'Page Not Found' at /{slug} when the slug is no post", () => {
    const { html } = renderUrl('/contact', [{ queryKey: ['/api/posts', 'contact'], data: null }])
    expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/)
  })

  it('shows a loading skeleton when the post is not prefetched', () => {
    const { html } = renderUrl('/posts/fluxions')
    expect(html).toContain('post-skeleton')
  })
})

describe('render() — other pages', () => {
  it("renders 'Page Not Found' for an unknown path", () => {
    for (const url of ['/no/such/page', '/posts', '/api/x/y']) {
      const { html } = renderUrl(url)
      expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/)
      expect(hasAnchor(html, { href: '/', class: 'button button--primary' })).toBe(true)
    }
  })

  it('renders the About page with placeholder text', () => {
    const { html } = renderUrl('/about')
    expect(html).toMatch(/<h1[^>]*>About Scholia<\/h1>/)
  })

  it('renders the search page with its search bar and the query from the address', () => {
    const hit = listItem({ slug: 'bayes' })
    const data = {
      totalCount: 1,
      query: 'bayes',
      searchTime: 1,
      suggestions: [],
      relatedTags: [],
      results: [{ ...hit, matchType: 'title', relevanceScore: 1, matchedTerms: ['bayes'] }],
    }
    const { html } = renderUrl('/search?q=bayes', [{ queryKey: ['/api/search/advanced?q=bayes'], data }])
    expect(html).toMatch(/<h1[^>]*>Search<\/h1>/)
    expect(html).toContain('value="bayes"')
    expect(html).toContain('href="/posts/bayes"')
  })
})
