import { describe, expect, it } from 'vitest'
import type { RelatedPost, SearchResult } from '../../../src/shared/schemas/discovery.js'
import { discoveryKeys } from '../../../web/api/discovery.js'
import { searchKeys } from '../../../web/api/search.js'
import { render } from '../../../web/entry-server.js'
import { parseSearchState } from '../../../web/lib/search-params.js'
import type { PrefetchedQuery } from '../../../web/ssr-contract.js'
import { post, site } from './fixtures.js'

/** Visible text, roughly: tags dropped, entities decoded, whitespace squeezed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

const renderUrl = (url: string, queries: PrefetchedQuery[]) => render({ url, site, queries }).html

function searchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    totalCount: 2,
    query: 'entropy',
    searchTime: 7.6,
    suggestions: ['entropic'],
    relatedTags: ['information theory'],
    results: [
      {
        id: 1,
        slug: 'measures',
        title: 'Measures of Uncertainty',
        author: 'Ada Lovelace',
        readTime: 12,
        publishedAt: '2025-05-02T00:00:00.000Z',
        excerpt: 'Entropy and variance compared.',
        tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
        matchType: 'title',
        relevanceScore: 9,
        matchedTerms: ['entropy'],
      },
      {
        id: 2,
        slug: 'channels',
        title: 'Noisy Channels',
        author: 'Ada Lovelace',
        readTime: 5,
        publishedAt: '2025-04-02T00:00:00.000Z',
        excerpt: 'Capacity.',
        tags: ['x'],
        matchType: 'semantic',
        relevanceScore: 2,
        matchedTerms: [],
      },
    ],
    ...overrides,
  }
}

describe('render() — the search page', () => {
  it('renders the results for the address with its count, time, suggestions and related tags', () => {
    const url = '/search?q=entropy&tags=probability'
    const html = renderUrl(url, [
      { queryKey: searchKeys.advanced(parseSearchState(url.split('?')[1])), data: searchResult() },
    ])
    const t = text(html)
    expect(html).toContain('value="entropy"')
    expect(t).toContain('2 results for "entropy" · 8 ms')
    expect(t).toContain('Did you mean entropic')
    expect(t).toContain('Related tags + information theory')
    expect(html).toContain('href="/posts/measures"')
    // five tags, then the rest counted
    expect(t).toContain('a b c d e +2 more')
    expect(t).not.toMatch(/\bf g\b/)
    expect(t).toContain('Title match')
    // the filters start open when the address filters, showing the tag as a chip
    expect(html).toMatch(/aria-label="Remove the tag filter &quot;probability&quot;"/)
    expect(t).toContain('Clear all')
  })

  it('asks for a query or a filter before searching, with the filters closed', () => {
    const t = text(renderUrl('/search', []))
    expect(t).toContain('Search titles, excerpts, tags and the full text of every essay')
    expect(t).not.toContain('Clear all')
    expect(t).not.toContain('Read time')
  })

  it("says 'No posts found' for a search that finds nothing", () => {
    const url = '/search?q=zzz'
    const html = renderUrl(url, [
      {
        queryKey: searchKeys.advanced(parseSearchState('q=zzz')),
        data: searchResult({ totalCount: 0, results: [], suggestions: [], relatedTags: [] }),
      },
    ])
    expect(text(html)).toContain(`No posts found We couldn't find any posts matching "zzz".`)
  })
})

const related = (overrides: Partial<RelatedPost> = {}): RelatedPost => ({
  id: 7,
  slug: 'noisy-channels',
  title: 'Noisy Channels',
  author: 'Claude Shannon',
  readTime: 9,
  publishedAt: '2025-03-01T00:00:00.000Z',
  excerpt: 'How fast can information pass?',
  tags: ['information', 'coding', 'capacity', 'noise', 'history'],
  relationshipType: 'conceptual',
  similarityScore: 0.834,
  ...overrides,
})

describe('render() — the related posts card', () => {
  const essay = post({ id: 3, slug: 'entropy', title: 'On Entropy' })
  const page = (relatedData: unknown) =>
    renderUrl('/posts/entropy', [
      { queryKey: ['/api/posts', 'entropy'], data: essay },
      ...(relatedData === undefined ? [] : [{ queryKey: discoveryKeys.related(3), data: relatedData }]),
    ])

  it('lists related posts linking to /{slug}, with similarity, why, 3 tags then +N, and the way to search', () => {
    const html = page([related()])
    const t = text(html)
    expect(t).toContain('AI-Recommended Related Posts')
    expect(t).toContain('Posts with similar themes and concepts to "On Entropy"')
    expect(html.match(/href="\/noisy-channels"/g)).toHaveLength(2)
    expect(t).toContain('Read More')
    expect(t).toContain('83% similar')
    // the percentage says what it is made of, from the weights the score is computed with
    expect(html).toMatch(
      /class="similarity" title="How alike the two essays are, weighing shared tags and categories 45%, shared vocabulary 30%/,
    )
    expect(t).toContain('Related concepts and ideas')
    expect(t).toContain('information coding capacity +2')
    expect(t).toContain('Claude Shannon')
    expect(t).toContain('9 min read')
    expect(html).toMatch(/<a[^>]*href="\/search"[^>]*>.*Discover More with Advanced Search/)
  })

  it("shows 'Related Posts' and three skeleton rows while loading", () => {
    const html = page(undefined)
    expect(text(html)).toContain('Related Posts')
    expect(text(html)).not.toContain('AI-Recommended')
    expect(html.match(/related-item--skeleton/g)).toHaveLength(3)
  })

  it('shows nothing for an empty list', () => {
    const html = page([])
    expect(html).not.toContain('related-card')
  })
})
