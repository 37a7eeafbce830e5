import { describe, expect, it } from 'vitest'
import { readEssayMarkdown as readEssay } from '../../../src/text/read-essay-markdown.js'

describe('the local essay reader', () => {
  const doc = readEssay(
    [
      '# Regression {#sec_reg}',
      '',
      'A *model* is a [simplification](https://example.org/model) of data, e.g. a line. It has $k$ parameters.',
      'It continues on the next line.',
      '',
      '```python',
      'print("This is code. It is no sentence.")',
      '```',
      '',
      'The estimate is given by',
      '',
      '$$ \\label{eq:ols}',
      '\\hat{\\beta} = (X^\\top X)^{-1} X^\\top y',
      '$$',
      '',
      'where $X$ is the design matrix. See \\eqref{eq:ols} and :cite:`Smith.Jones.2019`.',
      '',
      '- An item with a [link][ref].',
      '',
      '[ref]: https://example.com/ref',
    ].join('\n'),
  )

  it('splits prose into sentences, skipping code, keeping formulas readable', () => {
    expect(doc.sentences.map((s) => s.text)).toEqual([
      'A model is a simplification of data, e.g. a line.',
      'It has k parameters.',
      'It continues on the next line.',
      'The estimate is given by',
      'where X is the design matrix.',
      'See (1) and.',
      'An item with a link.',
    ])
    expect(doc.codeBlocks).toBe(1)
    expect(doc.sentences[0].heading).toBe('Regression')
  })

  it('marks where links and formulas stood in the prose, so no term spans them', () => {
    expect(doc.sentences[0].prose).toBe('A model is a \n of data, e.g. a line.')
    expect(doc.sentences[1].prose).toBe('It has \n parameters.')
  })

  it('keeps display formulas as written, with their label and the sentences around them', () => {
    expect(doc.displays).toHaveLength(1)
    const [d] = doc.displays
    expect(d.tex).toBe('\\hat{\\beta} = (X^\\top X)^{-1} X^\\top y')
    expect(d.label).toBe('eq:ols')
    expect(d.context).toBe('Regression')
    expect(d.before?.text).toBe('The estimate is given by')
    expect(d.after?.text).toBe('where X is the design matrix.')
  })

  it('collects links (reference-style too), inline formulas and d2l citation keys', () => {
    expect(doc.links.map((l) => [l.text, l.url])).toEqual([
      ['simplification', 'https://example.org/model'],
      ['link', 'https://example.com/ref'],
    ])
    expect(doc.inline.map((f) => f.tex)).toEqual(['k', 'X'])
    const cite = doc.sentences[5].segments.find((s) => s.kind === 'cite')
    expect(cite).toEqual({ kind: 'cite', keys: ['Smith.Jones.2019'] })
  })
})
