import { describe, it, expect } from 'vitest'
import { searchDoc, StaticSearch } from '../../../web/static/search.js'
import { searchTerms } from '../../../src/text/tokenize.js'

let nextId = 1
const doc = (slug: string, title: string, tags: string[], text: string, excerpt = '') =>
  searchDoc({ id: nextId++, slug, title, tags, excerpt, author: 'A. Writer' }, text)

const search = new StaticSearch({
  version: 2,
  posts: [
    doc('newest', 'Notes on Measure', ['analysis'], 'The Lebesgue integral extends the Riemann integral.'),
    doc('gauss', 'The Gaussian Integral', ['calculus', 'probability'], 'Polar coordinates give the value.'),
    doc('tagged', 'Counting', ['integration'], 'Nothing here but sums.'),
    doc('accents', 'Émile Borel', [], 'Borel sets, naïvely.'),
  ],
})

describe('the static search', () => {
  it('writes the words of the text as the server indexes them, each once with its count', () => {
    const text = 'Émile Borel’s naïve σ-algebra, 2nd ed. Borel walks through 支持多线程编程.'
    const written = searchDoc({ id: 1, slug: 's', title: 'T', tags: [], excerpt: '', author: '' }, text)
    const terms = searchTerms(text)
    expect(written.words.split(' ')).toEqual([...new Set(terms)])
    expect(written.words.split(' ')).toEqual(
      expect.arrayContaining(['emile', 'borel', 'naive', 'walk', '多线', '线程']),
    )
    expect(written.counts[written.words.split(' ').indexOf('borel')]).toBe(2)
    expect(written.counts.reduce((a, b) => a + b, 0)).toBe(terms.length)
  })

  it('ranks title hits over tag hits over the text, the older post first among equals', () => {
    expect(search.search('integral')).toEqual(['gauss', 'newest'])
    expect(search.search('integ')).toEqual(['gauss', 'tagged', 'newest'])
  })

  it('needs every word somewhere, but not the function words it leaves out', () => {
    expect(search.search('integral riemann')).toEqual(['newest'])
    expect(search.search('integral unicorn')).toEqual([])
    expect(search.search('a gaussian')).toEqual(['gauss'])
    expect(search.search('emile')).toEqual(['accents'])
    expect(search.search('NAIVELY')).toEqual(['accents'])
    expect(search.search('  ')).toEqual([])
  })

  it('finds a plural by its singular and a Chinese word inside a longer run, as the server does', () => {
    const chinese = new StaticSearch({
      version: 2,
      posts: [
        doc('threads', '多线程编程简介', [], 'Julia 语言支持多线程编程。'),
        doc('walks', 'Random Walks', [], 'A walk on a graph.'),
      ],
    })
    expect(chinese.search('多线程')).toEqual(['threads'])
    expect(chinese.search('线程')).toEqual(['threads'])
    expect(chinese.search('walk')).toEqual(['walks'])
    expect(chinese.search('walks')).toEqual(['walks'])
  })
})
