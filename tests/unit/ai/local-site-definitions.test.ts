import { describe, expect, it } from 'vitest'
import { definingPost } from '../../../src/ai/local/site-definitions.js'
import { siteIndex } from '../../../src/text/site-index.js'
import type { KeyTerm } from '../../../src/text/key-terms.js'
import { siteOf } from './essays.js'

const term = (surface: string, url?: string): KeyTerm => ({
  key: surface.toLowerCase(),
  n: 1,
  surface,
  score: 1,
  sentences: [],
  url,
})
const site = siteOf([
  { id: 31, title: 'Gradient Descent', markdown: 'Gradient descent is an iterative method that follows the slope.' },
  {
    id: 32,
    title: 'Momentum',
    markdown: 'Momentum with $\\beta$ keeps its speed. Momentum is a running average of past gradients.',
  },
])

describe('the post of the site that explains a term', () => {
  it('is not a longer title that holds a single-word term: that title names another concept', () => {
    expect(definingPost(term('gradient'), siteIndex(site), 0)).toBeNull()
  })

  it('quotes a sentence without TeX, which the guard would cut', () => {
    expect(definingPost(term('Momentum'), siteIndex(site), 0)?.sentence).toBe(
      'Momentum is a running average of past gradients.',
    )
  })

  it('does not take a short address for the tail of another post’s slug', () => {
    // siteOf gives the slugs essay-31 and essay-32: "/D/32" would match "…-32" by its tail alone.
    expect(definingPost(term('joint likelihood', '/D/32'), siteIndex(site), 0)).toBeNull()
  })
})
