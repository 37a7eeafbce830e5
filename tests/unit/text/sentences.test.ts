import { describe, expect, it } from 'vitest'
import { splitSentences } from '../../../src/text/sentences.js'

const sentences = (text: string) =>
  splitSentences([{ kind: 'text', text }]).map((s) =>
    s
      .map((seg) => (seg.kind === 'text' ? seg.text : ''))
      .join('')
      .trim(),
  )

describe('sentences', () => {
  it('does not end a sentence at an abbreviation or an initial', () => {
    expect(sentences('See Fig. 3 and e.g. Eq. 2. The samples are i.i.d. Gaussian draws. J. Smith agrees.')).toEqual([
      'See Fig. 3 and e.g. Eq. 2.',
      'The samples are i.i.d. Gaussian draws.',
      'J. Smith agrees.',
    ])
  })

  it('ends a sentence at a closing "etc." before a capital, but not at one inside a sentence', () => {
    expect(sentences('We tried SGD, Adam, etc. The last one won. Losses, weights, etc. are saved.')).toEqual([
      'We tried SGD, Adam, etc.',
      'The last one won.',
      'Losses, weights, etc. are saved.',
    ])
  })
})
