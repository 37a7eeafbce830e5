import { describe, expect, it } from 'vitest'
import { tagHref } from '../../../web/components/posts/tag-list.js'
import { FEATURED_CARD_TAGS, REGULAR_CARD_TAGS } from '../../../web/components/posts/post-card.js'
import { POSTS_REFETCH_INTERVAL } from '../../../web/api/posts.js'
import { SEARCH_DEBOUNCE_MS } from '../../../web/components/search-bar.js'
import { homeHref, homeView, parseHomeParams } from '../../../web/lib/home-params.js'
import { POSTS_PER_PAGE } from '../../../web/lib/pagination.js'
import { compareTitles, NATURAL_DIRECTION, SORT_LABELS } from '../../../web/lib/sort-posts.js'

interface Item {
  title: string
  publishedAt: string
  readTime: number
  featured: number
}

/** 13 regular posts 'Essay 1'…'Essay 13' (Essay n published on day n) and 2 featured ones. */
const posts: Item[] = [
  ...Array.from({ length: 13 }, (_, i) => ({
    title: `Essay ${i + 1}`,
    publishedAt: new Date(Date.UTC(2025, 0, i + 1)).toISOString(),
    readTime: 20 - i,
    featured: 0,
  })),
  { title: 'Prologue', publishedAt: '2025-03-01T00:00:00.000Z', readTime: 3, featured: 1 },
  { title: 'Interlude', publishedAt: '2025-02-01T00:00:00.000Z', readTime: 9, featured: 1 },
]
const titles = (list: Item[]) => list.map((p) => p.title)
const view = (query: string) => homeView(posts, parseHomeParams(query))

describe('SPEC §9 constants', () => {
  it('match the business limits', () => {
    expect(POSTS_PER_PAGE).toBe(6)
    expect(FEATURED_CARD_TAGS).toBe(3)
    expect(REGULAR_CARD_TAGS).toBe(2)
    expect(POSTS_REFETCH_INTERVAL).toBe(10_000)
    expect(SEARCH_DEBOUNCE_MS).toBe(300)
    // Relevance is offered only while a search is active (issue 40).
    expect(Object.values(SORT_LABELS)).toEqual(['Relevance', 'Date', 'Title', 'Read Time'])
  })
})

describe('homeView', () => {
  it('puts featured posts first on page 1 and 6 regular posts on each page, newest first', () => {
    const first = view('')
    expect(titles(first.featured)).toEqual(['Prologue', 'Interlude'])
    expect(titles(first.regular)).toEqual(['Essay 13', 'Essay 12', 'Essay 11', 'Essay 10', 'Essay 9', 'Essay 8'])
    expect([first.page, first.totalPages]).toEqual([1, 3])

    const second = view('page=2')
    expect(second.featured).toEqual([])
    expect(titles(second.regular)).toEqual(['Essay 7', 'Essay 6', 'Essay 5', 'Essay 4', 'Essay 3', 'Essay 2'])
    expect(second.page).toBe(2)
    expect(titles(view('page=3').regular)).toEqual(['Essay 1'])
  })

  it('clamps a page past the end to the last one', () => {
    const past = view('page=99')
    expect([past.page, past.totalPages]).toEqual([3, 3])
    expect(titles(past.regular)).toEqual(['Essay 1'])
    expect(view('page=abc').page).toBe(1)
  })

  it('sorts both groups by the chosen order, titles by their Essay number', () => {
    const byTitle = view('sort=title&dir=asc')
    expect(titles(byTitle.featured)).toEqual(['Interlude', 'Prologue'])
    expect(titles(byTitle.regular)).toEqual(['Essay 1', 'Essay 2', 'Essay 3', 'Essay 4', 'Essay 5', 'Essay 6'])
    expect(titles(view('sort=title&dir=asc&page=2').regular)).toEqual([
      'Essay 7',
      'Essay 8',
      'Essay 9',
      'Essay 10',
      'Essay 11',
      'Essay 12',
    ])
    expect(titles(view('sort=title').regular).slice(0, 3)).toEqual(['Essay 13', 'Essay 12', 'Essay 11'])
    expect(titles(view('sort=readTime&dir=asc').featured)).toEqual(['Prologue', 'Interlude'])
    expect(titles(view('sort=readTime&dir=asc').regular)[0]).toBe('Essay 13')
    expect(titles(view('dir=asc').regular)[0]).toBe('Essay 1')
  })

  it('lists every search result at once, with no pagination', () => {
    const found = view('search=essay&page=2')
    expect(found.featured).toHaveLength(2)
    expect(found.regular).toHaveLength(13)
    expect([found.page, found.totalPages]).toEqual([1, 1])
  })

  it('has one empty page for no posts', () => {
    expect(homeView([], parseHomeParams(''))).toEqual({ featured: [], regular: [], page: 1, totalPages: 1 })
  })
})

describe('home addresses', () => {
  it('lead a tag badge to the list searched for that tag', () => {
    expect(tagHref('topology')).toBe('/?search=topology')
    expect(tagHref('machine learning')).toBe('/?search=machine+learning')
    expect(tagHref('c++ & co')).toBe('/?search=c%2B%2B+%26+co')
    expect(parseHomeParams(tagHref('c++ & co').slice(1)).search).toBe('c++ & co')
  })

  it('read a search with surrounding spaces as the trimmed query and keep every part', () => {
    expect(parseHomeParams('?search=%20%20bayes%20').search).toBe('bayes')
    expect(parseHomeParams('?search=%20')).toEqual(parseHomeParams(''))
    const state = { search: 'x', sort: { key: 'title' as const, direction: 'desc' as const }, page: 2 }
    expect(homeHref(state)).toBe('/?search=x&sort=title&page=2')
    expect(parseHomeParams(homeHref(state).slice(1))).toEqual(state)
  })

  it('start each sort key in its natural direction', () => {
    expect(NATURAL_DIRECTION).toEqual({ date: 'desc', title: 'asc', readTime: 'asc', relevance: 'desc' })
  })
})

describe('title order across Essay and Chapter', () => {
  it('compares the numbers whichever word precedes them', () => {
    expect(compareTitles('Essay 2', 'Chapter 10')).toBeLessThan(0)
    expect(compareTitles('Chapter 3: Notes', 'Essay 12')).toBeLessThan(0)
    expect(compareTitles('Essay 10', 'Essay 9')).toBeGreaterThan(0)
    // equal numbers fall back to the alphabet
    expect(compareTitles('Chapter 3', 'Essay 3')).toBeLessThan(0)
    // only one has a number: alphabetical ('Appendix' < 'Essay 10' < 'Zeno')
    expect(compareTitles('Appendix', 'Essay 10')).toBeLessThan(0)
    expect(compareTitles('Zeno', 'Essay 10')).toBeGreaterThan(0)
  })
})
