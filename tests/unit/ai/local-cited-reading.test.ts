import { describe, expect, it } from 'vitest'
import { readEssayMarkdown as readEssay } from '../../../src/text/read-essay-markdown.js'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import type { CslEntry } from '../../../src/shared/schemas/index.js'
import { inputFor } from './essays.js'

const REFERENCES: CslEntry[] = [
  {
    id: 'Vaswani.Shazeer.Parmar.ea.2017',
    type: 'paper-conference',
    title: 'Attention is All you Need',
    author: [
      { family: 'Vaswani', given: 'Ashish' },
      { family: 'Shazeer', given: 'Noam' },
      { family: 'Parmar', given: 'Niki' },
    ],
    issued: { 'date-parts': [[2017]] },
  },
  {
    id: 'he:resnet',
    type: 'article-journal',
    title: 'Deep Residual Learning',
    author: [
      { family: 'He', given: 'Kaiming' },
      { family: 'Zhang', given: 'Xiangyu' },
    ],
    issued: { 'date-parts': [[2016]] },
  },
]

describe('the local provider reads citations as a reader does', () => {
  it('writes resolved citations as author–year text, so sentences stay sentences', () => {
    const doc = readEssay(
      'Attention was shown by :citet:`Vaswani.Shazeer.Parmar.ea.2017` to suffice. Residual links help [see @he:resnet, p. 3; @Vaswani.Shazeer.Parmar.ea.2017].',
      REFERENCES,
    )
    expect(doc.sentences.map((s) => s.text)).toEqual([
      'Attention was shown by Vaswani et al. (2017) to suffice.',
      'Residual links help (see He & Zhang, 2016, p. 3; Vaswani et al., 2017).',
    ])
  })

  it('reads an unresolved narrative citation as the names its key gives, and leaves out an unresolved parenthetical one', () => {
    const doc = readEssay('As shown by :citet:`Smith.Jones.2019`, it converges :cite:`Lee.2020`.')
    expect(doc.sentences.map((s) => s.text)).toEqual(['As shown by Smith and Jones (2019), it converges.'])
  })

  it('never shows LaTeX citation commands in what it generates', async () => {
    const essay = {
      id: 1,
      title: 'Attention',
      markdown:
        'Attention was shown by :citet:`Vaswani.Shazeer.Parmar.ea.2017` to replace recurrence in translation models entirely.',
    }
    const summary = await new LocalProvider().summary({ ...inputFor(essay), references: REFERENCES })
    expect(summary).toContain('Vaswani et al. (2017)')
    expect(summary).not.toMatch(/\\cite|Vaswani\.Shazeer/)
  })
})
