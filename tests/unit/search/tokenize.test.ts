import { describe, it, expect } from 'vitest'
import { queryWords, searchTerms } from '../../../src/text/tokenize.js'

describe('search terms', () => {
  it('folds case, accents, plurals and possessives, and drops function words', () => {
    expect(searchTerms("The Émile's Models of Variance")).toEqual(['emile', 'model', 'variance'])
    expect(searchTerms('naïvely')).toEqual(searchTerms('NAIVELY'))
  })

  it('splits unspaced Chinese into overlapping character pairs, so a word inside a sentence is found', () => {
    expect(searchTerms('支持多线程')).toEqual(['支持', '持多', '多线', '线程'])
    const sentence = new Set(searchTerms('Julia 语言支持多线程编程'))
    expect(searchTerms('多线程').every((t) => sentence.has(t))).toBe(true)
    expect(searchTerms('线')).toEqual(['线'])
  })

  it('keeps the words of a query as typed for completion', () => {
    expect(queryWords('Gaussian  integ')).toEqual(['gaussian', 'integ'])
  })
})
