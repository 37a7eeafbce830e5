import { describe, it, expect } from 'vitest'
import { indexWords, StaticSearch, tokenize, type SearchDoc } from '../../../web/static/search.js'

const doc = (slug: string, title: string, tags: string[], text: string, excerpt = ''): SearchDoc => ({ slug, title, tags, excerpt, author: 'A. Writer', words: indexWords(text).join(' ') })

const search = new StaticSearch({
  version: 1,
  posts: [
    doc('newest', 'Notes on Measure', ['analysis'], 'The Lebesgue integral extends the Riemann integral.'),
    doc('gauss', 'The Gaussian Integral', ['calculus', 'probability'], 'Polar coordinates give the value.'),
    doc('tagged', 'Counting', ['integration'], 'Nothing here but sums.'),
    doc('accents', 'Émile Borel', [], 'Borel sets, naïvely.'),
  ],
})

describe('the static search', () => {
  it('tokenises like the index: lower case, accents folded', () => {
    expect(tokenize('Émile Borel’s naïve σ-algebra, 2nd ed.')).toEqual(['emile', 'borel', 's', 'naive', 'σ', 'algebra', '2nd', 'ed'])
    expect(indexWords('b a 42 b alpha')).toEqual(['alpha'])
  })

  it('ranks title hits over tag hits over the text, newest first among equals', () => {
    expect(search.search('integral')).toEqual(['gauss', 'newest'])
    expect(search.search('integ')).toEqual(['gauss', 'tagged', 'newest'])
  })

  it('needs every word somewhere, but not the ones the index leaves out', () => {
    expect(search.search('integral riemann')).toEqual(['newest'])
    expect(search.search('integral nowhere')).toEqual([])
    expect(search.search('a gaussian')).toEqual(['gauss'])
    expect(search.search('emile')).toEqual(['accents'])
    expect(search.search('NAIVELY')).toEqual(['accents'])
    expect(search.search('  ')).toEqual([])
  })
})
