import { describe, expect, it } from 'vitest'
import { isShowableTerm } from '../../../src/text/tex-markup.js'

describe('terms shown as why a post was found by meaning (issue 40)', () => {
  it('are words, not a formula’s letters or TeX markup', () => {
    for (const junk of ['ijk', 'ij', 'j', 'mathbb', 'bullet', 'displaystyle', 'frac', '2024']) {
      expect(isShowableTerm(junk), junk).toBe(false)
    }
    for (const word of ['stationary', 'transition', 'beta', 'attention', 'käfer']) {
      expect(isShowableTerm(word), word).toBe(true)
    }
  })
})
