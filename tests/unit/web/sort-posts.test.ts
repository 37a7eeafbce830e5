import { describe, expect, it } from 'vitest'
import { compareTitles, DEFAULT_SORT, seriesNumber, sortPosts } from '../../../web/lib/sort-posts.js'

const p = (title: string, publishedAt: string, readTime: number) => ({ title, publishedAt, readTime })

const posts = [
  p('Essay 10: On Limits', '2025-03-01T00:00:00Z', 12),
  p('Essay 2: On Method', '2025-01-15T00:00:00Z', 4),
  p('Essay 1: Beginnings', '2025-02-01T00:00:00Z', 8),
]
const titles = (list: { title: string }[]) => list.map((x) => x.title)

describe('sortPosts', () => {
  it('defaults to date, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'date', direction: 'desc' })
    expect(titles(sortPosts(posts))).toEqual(['Essay 10: On Limits', 'Essay 1: Beginnings', 'Essay 2: On Method'])
  })

  it('sorts by date ascending', () => {
    expect(titles(sortPosts(posts, { key: 'date', direction: 'asc' }))).toEqual([
      'Essay 2: On Method',
      'Essay 1: Beginnings',
      'Essay 10: On Limits',
    ])
  })

  it('sorts by read time both ways', () => {
    expect(sortPosts(posts, { key: 'readTime', direction: 'asc' }).map((x) => x.readTime)).toEqual([4, 8, 12])
    expect(sortPosts(posts, { key: 'readTime', direction: 'desc' }).map((x) => x.readTime)).toEqual([12, 8, 4])
  })

  it('sorts titles by their Essay number, not as text ("Essay 2" < "Essay 10")', () => {
    expect(titles(sortPosts(posts, { key: 'title', direction: 'asc' }))).toEqual([
      'Essay 1: Beginnings',
      'Essay 2: On Method',
      'Essay 10: On Limits',
    ])
    expect(titles(sortPosts(posts, { key: 'title', direction: 'desc' }))).toEqual([
      'Essay 10: On Limits',
      'Essay 2: On Method',
      'Essay 1: Beginnings',
    ])
  })

  it('uses Chapter numbers the same way', () => {
    const chapters = [p('Chapter 12 - Sampling', '2025-01-01', 1), p('Chapter 3 - Priors', '2025-01-02', 1)]
    expect(titles(sortPosts(chapters, { key: 'title', direction: 'asc' }))).toEqual([
      'Chapter 3 - Priors',
      'Chapter 12 - Sampling',
    ])
  })

  it('falls back to alphabetical when only one title has a number', () => {
    const mixed = [
      p('Essay 2: Zeno', '2025-01-01', 1),
      p('Afterword', '2025-01-02', 1),
      p('Zebra notes', '2025-01-03', 1),
    ]
    expect(titles(sortPosts(mixed, { key: 'title', direction: 'asc' }))).toEqual([
      'Afterword',
      'Essay 2: Zeno',
      'Zebra notes',
    ])
  })

  it('does not change the input array', () => {
    const copy = [...posts]
    sortPosts(posts, { key: 'title', direction: 'asc' })
    expect(posts).toEqual(copy)
  })

  it('breaks ties newest first whatever the direction', () => {
    const tied = [p('B', '2025-01-01', 5), p('A', '2025-02-01', 5)]
    expect(titles(sortPosts(tied, { key: 'readTime', direction: 'asc' }))).toEqual(['A', 'B'])
    expect(titles(sortPosts(tied, { key: 'readTime', direction: 'desc' }))).toEqual(['A', 'B'])
  })
})

describe('compareTitles / seriesNumber', () => {
  it('reads the number after Essay or Chapter', () => {
    expect(seriesNumber('Essay 12: On Method')).toBe(12)
    expect(seriesNumber('chapter #7')).toBe(7)
    expect(seriesNumber('An essay about 3 things')).toBeNull()
    expect(seriesNumber('Essays in Method')).toBeNull()
    expect(seriesNumber('On Limits')).toBeNull()
  })

  it('compares alphabetically without regard to case when numbers do not decide', () => {
    expect(compareTitles('apple', 'Banana')).toBeLessThan(0)
    expect(compareTitles('Essay 4: b', 'Essay 4: a')).toBeGreaterThan(0)
  })
})
