import { describe, expect, it } from 'vitest'
import { abbreviations } from '../../../src/text/abbreviations.js'
import { readEssayMarkdown } from '../../../src/text/read-essay-markdown.js'

const found = (markdown: string) => abbreviations(readEssayMarkdown(markdown)).map((a) => `${a.long}=${a.short}`)

describe('abbreviations an essay introduces', () => {
  it('takes the phrase whose initials give the short form', () => {
    expect(found('We train a masked language model (MLM) on text. The MLM predicts tokens.')).toEqual([
      'masked language model=MLM',
    ])
    expect(found('Recall how continuous normalizing flows (CNFs) work.')).toEqual(['continuous normalizing flows=CNFs'])
    expect(found('It enables simulation-based inference (SBI) at scale.')).toEqual(['simulation-based inference=SBI'])
    expect(found('The minimum description length (MDL) principle helps.')).toEqual(['minimum description length=MDL'])
  })

  it('skips what may be a name (capitals word by word), letters that do not match, a bracket of one letter', () => {
    expect(found('She works at the Technical University of Munich (TUM) now.')).toEqual([])
    expect(found('We use a small network (CNN) here.')).toEqual([])
    expect(found('The value (A) is small.')).toEqual([])
  })

  it('reads each short form once, at its first introduction', () => {
    expect(found('A masked language model (MLM). Again a masked language model (MLM).')).toHaveLength(1)
  })
})
