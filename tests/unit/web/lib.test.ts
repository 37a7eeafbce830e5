import { describe, expect, it } from 'vitest'
import { FOOTER_DEFAULTS, footerFromRecord, footerToRecord } from '../../../src/shared/footer-defaults.js'
import { ApiError } from '../../../web/api/query-client.js'
import { isNotFound, serverMessage } from '../../../web/lib/errors.js'
import { formatDate, formatReadTime, versionedImageUrl } from '../../../web/lib/format.js'
import { homeHref, parseHomeParams, withSearch } from '../../../web/lib/home-params.js'
import { sortPosts } from '../../../web/lib/sort-posts.js'
import { pageWindow, paginate } from '../../../web/lib/pagination.js'

describe('paginate', () => {
  it('cuts 6 per page and clamps the page', () => {
    const items = Array.from({ length: 7 }, (_, i) => i)
    expect(paginate(items, 1)).toEqual({ items: [0, 1, 2, 3, 4, 5], page: 1, totalPages: 2 })
    expect(paginate(items, 2)).toEqual({ items: [6], page: 2, totalPages: 2 })
    expect(paginate(items, 9).page).toBe(2)
    expect(paginate([], 3)).toEqual({ items: [], page: 1, totalPages: 1 })
  })

  it('shows a window of page numbers with gaps', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2])
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, 4, 'gap', 7])
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20])
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20])
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})

describe('home params', () => {
  it('round-trips through the address and leaves defaults out', () => {
    expect(parseHomeParams('')).toEqual({ search: '', sort: { key: 'date', direction: 'desc' }, page: 1 })
    expect(homeHref(parseHomeParams(''))).toBe('/')
    const state = parseHomeParams('?search=a+b&sort=readTime&dir=asc&page=3')
    expect(state).toEqual({ search: 'a b', sort: { key: 'readTime', direction: 'asc' }, page: 3 })
    expect(homeHref(state)).toBe('/?search=a+b&sort=readTime&dir=asc&page=3')
    expect(parseHomeParams('sort=bogus&dir=up&page=-2')).toEqual(parseHomeParams(''))
  })

  it('sorts a search by relevance unless the reader picks another order, and never a list without one', () => {
    expect(parseHomeParams('?search=attention').sort).toEqual({ key: 'relevance', direction: 'desc' })
    expect(homeHref(parseHomeParams('?search=attention'))).toBe('/?search=attention')
    const byDate = parseHomeParams('?search=attention&sort=date')
    expect(byDate.sort).toEqual({ key: 'date', direction: 'desc' })
    expect(homeHref(byDate)).toBe('/?search=attention&sort=date')
    expect(parseHomeParams('?sort=relevance').sort.key).toBe('date')
    // Typing a first search from the plain list starts by relevance; a chosen order stays.
    expect(withSearch(parseHomeParams(''), 'attention').sort.key).toBe('relevance')
    expect(withSearch(parseHomeParams('?sort=title&dir=asc'), 'attention').sort.key).toBe('title')
    expect(homeHref(withSearch(parseHomeParams('?search=attention'), ''))).toBe('/')
  })

  it('keeps the search’s own ranking for relevance, best first', () => {
    const ranked = [
      { title: 'Attention Scoring Functions', publishedAt: '2020-01-01', readTime: 9 },
      { title: 'Multi-Head Attention', publishedAt: '2024-01-01', readTime: 5 },
      { title: 'Recurrent Neural Networks', publishedAt: '2025-01-01', readTime: 12 },
    ]
    expect(sortPosts(ranked, { key: 'relevance', direction: 'desc' }).map((p) => p.title)).toEqual(
      ranked.map((p) => p.title),
    )
    expect(sortPosts(ranked, { key: 'date', direction: 'desc' })[0].title).toBe('Recurrent Neural Networks')
  })
})

describe('format', () => {
  it('formats dates in UTC, read times and image versions', () => {
    expect(formatDate('2025-03-04T23:30:00.000Z')).toBe('March 4, 2025')
    expect(formatDate('not a date')).toBe('')
    expect(formatReadTime(12)).toBe('12 min read')
    expect(versionedImageUrl('/media/a.png', '2025-01-01T00:00:00.000Z')).toBe('/media/a.png?v=1735689600000')
    expect(versionedImageUrl('/media/a.png?s=1', '2025-01-01T00:00:00.000Z')).toBe('/media/a.png?s=1&v=1735689600000')
  })
})

describe('errors', () => {
  it('follows the SPEC §8 message shape and reads server messages', () => {
    const e = new ApiError(404, '{"message":"Post not found"}', 'Not Found')
    expect(e.message).toBe('404: {"message":"Post not found"}')
    expect(new ApiError(500, '', 'Internal Server Error').message).toBe('500: Internal Server Error')
    expect(isNotFound(e)).toBe(true)
    expect(serverMessage(e, 'fallback')).toBe('Post not found')
    expect(serverMessage(new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway'), 'fallback')).toBe('fallback')
    expect(serverMessage(new Error('network'), 'fallback')).toBe('fallback')
  })
})

describe('footer defaults', () => {
  it('match SPEC §3 and survive the API record shape', () => {
    expect(FOOTER_DEFAULTS.title).toBe('Scholia')
    expect(FOOTER_DEFAULTS.copyright).toBe('© 2025 Scholia. All rights reserved.')
    expect(FOOTER_DEFAULTS.socialLinks.map((l) => l.icon)).toEqual(['twitter', 'github', 'linkedin'])
    expect(FOOTER_DEFAULTS.linkSections.map((s) => s.title)).toEqual(['Features', 'Support'])
    expect(FOOTER_DEFAULTS.linkSections.flatMap((s) => s.links).every((l) => l.href === '#')).toBe(true)
    expect(footerFromRecord(footerToRecord(FOOTER_DEFAULTS))).toEqual(FOOTER_DEFAULTS)
    expect(footerFromRecord({ ...footerToRecord(FOOTER_DEFAULTS), socialLinks: 'not json' }).socialLinks).toEqual(
      FOOTER_DEFAULTS.socialLinks,
    )
  })
})
