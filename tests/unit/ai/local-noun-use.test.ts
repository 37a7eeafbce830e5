import { describe, expect, it } from 'vitest'
import { readEssayMarkdown } from '../../../src/text/read-essay-markdown.js'
import { usedAsNoun } from '../../../src/ai/local/terms/noun-use.js'

const sentences = (markdown: string) => readEssayMarkdown(markdown).sentences

describe('a single word the essay uses as a noun', () => {
  it('is one it writes after an article or a possessive somewhere', () => {
    const doc = sentences('We normalise by the norm of the update. A selector picks keys. Its aggregation sums them.')
    expect(usedAsNoun('norm', 'norm', doc)).toBe(true)
    expect(usedAsNoun('selector', 'selector', doc)).toBe(true)
    expect(usedAsNoun('aggregation', 'aggregation', doc)).toBe(true)
  })

  it('is no verb or adverb, whatever its suffix, nor a word "this" or "which" stands before', () => {
    const doc = sentences(
      'Broadcasting can operate on whole arrays. The copy, which allocates the result, is slow. This operates lazily. We ensure it is definitely fused.',
    )
    expect(usedAsNoun('operate', 'operate', doc)).toBe(false)
    expect(usedAsNoun('allocate', 'allocate', doc)).toBe(false)
    expect(usedAsNoun('ensure', 'ensure', doc)).toBe(false)
    expect(usedAsNoun('definitely', 'definitely', doc)).toBe(false)
  })

  it('leaves phrases, names and abbreviations alone', () => {
    const doc = sentences('Adam converges. We compute gradient updates with RMSProp.')
    expect(usedAsNoun('adam', 'Adam', doc)).toBe(true)
    expect(usedAsNoun('gradient update', 'gradient updates', doc)).toBe(true)
    expect(usedAsNoun('rmsprop', 'RMSProp', doc)).toBe(true)
  })
})
