import { describe, expect, it } from 'vitest'
import { readConceptEvolution } from '../../../web/lib/concept-evolution.js'
import {
  firstOf,
  percent,
  relationshipText,
  scoreLabel,
  scoreTone,
  similarityText,
} from '../../../web/lib/score-style.js'
import { matchTypeLabel, relevanceLevel, resultCountText } from '../../../web/lib/search-display.js'
import {
  EMPTY_SEARCH,
  activeFilterCount,
  canSearch,
  clearFilters,
  parseSearchState,
  parseTags,
  readTimeText,
  searchHref,
  searchQueryString,
  searchTimeText,
  withTag,
  withoutTag,
} from '../../../web/lib/search-params.js'

describe('score colours and labels (SPEC §9)', () => {
  it('colours 0.8 and up green, 0.6 and up yellow, the rest red', () => {
    expect([1, 0.8, 0.79, 0.6, 0.59, 0].map(scoreTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red'])
  })

  it('labels Excellent ≥ 0.9, Strong ≥ 0.8, Good ≥ 0.7, Fair ≥ 0.6, else Weak', () => {
    expect([0.95, 0.9, 0.89, 0.8, 0.75, 0.7, 0.65, 0.6, 0.59, 0].map(scoreLabel)).toEqual([
      'Excellent',
      'Excellent',
      'Strong',
      'Strong',
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Weak',
      'Weak',
    ])
  })

  it('shows similarity as a rounded, clamped percentage', () => {
    expect(similarityText(0.874)).toBe('87% similar')
    expect(similarityText(0.875)).toBe('88% similar')
    expect(percent(1.4)).toBe(100)
    expect(percent(Number.NaN)).toBe(0)
  })

  it('explains each relationship type, and any other as related content', () => {
    expect(relationshipText('topical')).toBe('Similar topics and themes')
    expect(relationshipText('conceptual')).toBe('Related concepts and ideas')
    expect(relationshipText('structural')).toBe('Similar structure and approach')
    expect(relationshipText('toString')).toBe('Related content')
    expect(relationshipText('')).toBe('Related content')
  })

  it('cuts a list to its first N and counts the rest', () => {
    expect(firstOf(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 5)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 })
    expect(firstOf(['a'], 3)).toEqual({ shown: ['a'], more: 0 })
    expect(firstOf(undefined, 3)).toEqual({ shown: [], more: 0 })
  })
})

describe('search state in the address', () => {
  it('reads every filter and writes it back in one fixed order', () => {
    const state = parseSearchState(
      '?endDate=2025-12-31&tags=probability,%20history,,Probability&q=%20entropy%20&author=Ada&minReadTime=5&maxReadTime=20&startDate=2025-01-01',
    )
    expect(state).toEqual({
      q: 'entropy',
      tags: ['probability', 'history'],
      author: 'Ada',
      readTime: [5, 20],
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    })
    expect(searchQueryString(state)).toBe(
      'q=entropy&tags=probability%2Chistory&author=Ada&minReadTime=5&maxReadTime=20&startDate=2025-01-01&endDate=2025-12-31',
    )
    expect(parseSearchState(searchQueryString(state))).toEqual(state)
  })

  it('leaves defaults out: the slider at [0, 30] is no filter, and 30 at the top has no upper bound', () => {
    expect(searchHref({ q: 'x' })).toBe('/search?q=x')
    expect(searchHref({})).toBe('/search')
    expect(searchQueryString({ ...EMPTY_SEARCH, readTime: [10, 30] })).toBe('minReadTime=10')
  })

  it('ignores what it cannot read: bad dates, numbers out of range, swapped read times', () => {
    expect(parseSearchState('startDate=2025-13-45&endDate=yesterday&minReadTime=abc&maxReadTime=99')).toEqual(
      EMPTY_SEARCH,
    )
    expect(parseSearchState('minReadTime=25&maxReadTime=5').readTime).toEqual([5, 25])
    expect(parseSearchState('minReadTime=-4').readTime).toEqual([0, 30])
    const dates = parseSearchState('startDate=2025-06-01&endDate=2025-01-01')
    expect([dates.startDate, dates.endDate]).toEqual(['2025-01-01', '2025-06-01'])
  })

  it('searches with a query or with any filter, and not with neither', () => {
    expect(canSearch(EMPTY_SEARCH)).toBe(false)
    expect(canSearch({ ...EMPTY_SEARCH, q: 'x' })).toBe(true)
    expect(canSearch({ ...EMPTY_SEARCH, tags: ['t'] })).toBe(true)
    expect(canSearch({ ...EMPTY_SEARCH, readTime: [0, 29] })).toBe(true)
    expect(canSearch({ ...EMPTY_SEARCH, endDate: '2025-01-01' })).toBe(true)
  })

  it('counts, adds, removes and clears filters, keeping the query', () => {
    const state = { ...EMPTY_SEARCH, q: 'bayes', tags: ['a'], author: 'Ada', readTime: [3, 30] as [number, number] }
    expect(activeFilterCount(state)).toBe(3)
    expect(withTag(state, 'A').tags).toEqual(['a'])
    expect(withTag(state, 'b').tags).toEqual(['a', 'b'])
    expect(withoutTag(state, 'a').tags).toEqual([])
    expect(clearFilters(state)).toEqual({ ...EMPTY_SEARCH, q: 'bayes' })
    expect(parseTags(' x , ,y,X ')).toEqual(['x', 'y'])
  })

  it('says the read time, result count and search time in words', () => {
    expect(readTimeText([0, 30])).toBe('Any length')
    expect(readTimeText([0, 10])).toBe('Up to 10 min')
    expect(readTimeText([20, 30])).toBe('20+ min')
    expect(readTimeText([5, 12])).toBe('5–12 min')
    expect(resultCountText(1)).toBe('1 result')
    expect(resultCountText(0)).toBe('0 results')
    expect(searchTimeText(12.4)).toBe('12 ms')
    expect(searchTimeText(0.2)).toBe('< 1 ms')
    expect(searchTimeText(1530)).toBe('1.5 s')
  })

  it('names match types and grades relevance against the best result', () => {
    expect(matchTypeLabel('title')).toBe('Title match')
    expect(matchTypeLabel('weird')).toBe('Match')
    expect(relevanceLevel(10, 10)).toBe(5)
    expect(relevanceLevel(5, 10)).toBe(3)
    expect(relevanceLevel(0.1, 10)).toBe(1)
    expect(relevanceLevel(3, 0)).toBe(1)
  })
})

describe('concept evolution, read leniently', () => {
  it('takes a list or an object holding one, and finds the concept, the change and where', () => {
    const items = readConceptEvolution({
      evolution: [
        {
          concept: 'entropy',
          description: 'From coins to channels',
          posts: [{ title: 'A' }, { title: 'B' }],
          strength: 0.7,
        },
        { name: 'variance', evolution: ['spread', 'risk'], stage: 'late' },
        { nothing: true },
        'junk',
      ],
    })
    const none = { trend: null, count: null, firstSeen: null, lastSeen: null }
    expect(items).toEqual([
      { concept: 'entropy', text: 'From coins to channels', where: ['A', 'B'], score: 0.7, ...none },
      { concept: 'variance', text: 'spread → risk', where: ['late'], score: null, ...none },
    ])
    // the discovery service's shape
    const [served] = readConceptEvolution([
      {
        concept: 'Entropy',
        firstSeen: '2024-01-01T00:00:00.000Z',
        lastSeen: '2025-05-02T00:00:00.000Z',
        totalPosts: 3,
        trend: 'rising',
        posts: [{ id: 1, slug: 'a', title: 'A', publishedAt: '2024-01-01', weight: 1 }],
      },
    ])
    expect(served).toEqual({
      concept: 'Entropy',
      text: '',
      where: ['A'],
      score: null,
      trend: 'rising',
      count: 3,
      firstSeen: '2024-01-01T00:00:00.000Z',
      lastSeen: '2025-05-02T00:00:00.000Z',
    })
    expect(readConceptEvolution([{ concept: 'x' }])).toHaveLength(1)
    expect(readConceptEvolution(null)).toEqual([])
    expect(readConceptEvolution({ message: 'no' })).toEqual([])
  })
})
