import { describe, it, expect } from 'vitest'
import { TermVectors } from '../../../src/search/term-vectors.js'
import { editDistance, suggestionsFor } from '../../../src/search/suggestions.js'
import { searchTerms } from '../../../src/text/tokenize.js'

function vocabulary(): TermVectors {
  const v = new TermVectors()
  v.set(1, searchTerms('sample variance variance estimator'), true)
  v.set(2, searchTerms('variational inference variance'), true)
  v.set(3, searchTerms('stationary distribution'), true)
  v.set(4, searchTerms('birkhoff ergodic theorem'), false)
  return v
}

describe('did you mean', () => {
  it('counts a swapped pair of letters as one edit', () => {
    expect(editDistance('varaince', 'variance')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  it("corrects a misspelled word from the site's own words and keeps the others", () => {
    const v = vocabulary()
    expect(suggestionsFor(v, 'varaince', false, true)).toEqual(['variance'])
    expect(suggestionsFor(v, 'stationery distribution', false, true)).toEqual(['stationary distribution'])
    expect(suggestionsFor(v, 'variance', false, true)).toEqual([])
    expect(suggestionsFor(v, 'zzzzzzzz', false, true)).toEqual([])
  })

  it('completes the word being typed, most common first', () => {
    expect(suggestionsFor(vocabulary(), 'sample vari', false, false)).toEqual(['sample variance', 'sample variational'])
    expect(suggestionsFor(vocabulary(), 'sample vari', false, true)).toEqual([])
  })

  it('offers words only drafts hold to admins alone', () => {
    expect(suggestionsFor(vocabulary(), 'birkhof', false, true)).toEqual([])
    expect(suggestionsFor(vocabulary(), 'birkhof', true, true)).toEqual(['birkhoff'])
  })
})
