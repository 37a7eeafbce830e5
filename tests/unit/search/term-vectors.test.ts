import { describe, it, expect } from 'vitest'
import { TermVectors } from '../../../src/search/term-vectors.js'
import { searchTerms } from '../../../src/text/tokenize.js'

const MARKOV = 'ergodic markov chain transition matrix stationary distribution aperiodic irreducible'
const WALK = 'random walk graph transition matrix stationary distribution aperiodic irreducible degree'
const BREAD = 'sourdough starter flour water oven bake'

function vectors(): TermVectors {
  const v = new TermVectors()
  v.set(1, searchTerms(MARKOV), true)
  v.set(2, searchTerms(WALK), true)
  v.set(3, searchTerms(BREAD), true)
  return v
}

describe('term vectors', () => {
  it("finds a post that shares the vocabulary of the query's best hit without its words", () => {
    const v = vectors()
    const similar = v.similar(v.queryVector(['ergodic'], [1]), (id) => id !== 1, 0.1, 5)
    expect(similar.map((s) => s.id)).toEqual([2])
    expect(similar[0].terms).toEqual(expect.arrayContaining(['transition']))
  })

  it('keeps document frequencies exact across replacements, removals and drafts', () => {
    const v = vectors()
    expect(v.postsWith('transition', false)).toBe(2)
    v.set(2, searchTerms('graph colouring'), false)
    expect(v.postsWith('transition', true)).toBe(1)
    expect(v.postsWith('colouring', true)).toBe(1)
    expect(v.postsWith('colouring', false)).toBe(0)
    v.remove(2)
    expect(v.postsWith('colouring', true)).toBe(0)
    expect(v.startingWith('colo')).toEqual([])
    expect(v.spelledLike('sourdugh', 1).map(([w]) => w)).toEqual(['sourdough'])
  })

  it('leaves out posts the filter refuses', () => {
    const v = vectors()
    expect(v.similar(v.queryVector(['ergodic'], [1]), (id) => id === 3, 0.1, 5)).toEqual([])
  })
})
