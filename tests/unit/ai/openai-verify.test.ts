import { describe, expect, it } from 'vitest'
import { checkAnnotations, checkBibliography, checkModel } from '../../../src/ai/openai/verify-answers.js'
import { essayText } from '../../../src/ai/openai/essay-text.js'
import { renderMarkdown } from '../../../src/markdown/render-markdown.js'
import type { MathematicalModel } from '../../../src/shared/schemas/index.js'

const note = (targetText: string) => ({
  type: 'definition' as const,
  targetText,
  annotation: 'x',
  category: 'x',
  priority: 3,
})
const entry = (over: Record<string, unknown>) => ({
  id: 'e',
  type: 'book' as const,
  title: 'T',
  authors: [] as string[],
  year: null,
  url: null,
  doi: null,
  ...over,
})

describe('an OpenAI answer is checked against the essay before it is stored', () => {
  it('keeps annotations whose target the essay holds', () => {
    const r = checkAnnotations(
      [note('Gaussian integral'), note('quantum gravity')],
      'The Gaussian  integral has no antiderivative.',
    )
    expect(r.value.map((a) => a.targetText)).toEqual(['Gaussian integral'])
    expect(r.dropped).toBe(1)
  })

  it('keeps equations the essay writes (spaces, braces and labels aside) and symbols it uses', () => {
    const model = {
      equations: [
        { name: 'a', equation: 'I = \\sqrt{\\pi}', description: '' },
        { name: 'b', equation: 'E = mc^2', description: '' },
      ],
      variables: [
        { symbol: 'I', name: 'integral' },
        { symbol: '\\lambda', name: 'rate' },
      ],
    } as unknown as MathematicalModel
    const r = checkModel(model, ['I = \\sqrt\\pi \\label{eq:i}', 'x'])
    expect(r.value.equations.map((e) => e.name)).toEqual(['a'])
    expect(r.value.variables.map((v) => v.symbol)).toEqual(['I'])
    expect(r.dropped).toBe(2)
  })

  it('keeps entries the essay names (address, DOI, title or author and year) and further reading it was offered', () => {
    const bib = {
      introduction: '',
      entries: [
        entry({ title: 'Mémoire', authors: ['Laplace'], year: 1774 }),
        entry({ title: 'Invented work', authors: ['Nobody'], year: 2001 }),
        entry({ url: 'https://example.org/paper' }),
      ],
      furtherReading: ['Another essay of the site', 'A book the model recalled'],
    }
    const r = checkBibliography(bib, 'As Laplace, 1774 showed; see https://example.org/paper.', [
      'Another essay of the site',
    ])
    expect(r.value.entries.map((e) => e.title)).toEqual(['Mémoire', 'T'])
    expect(r.value.furtherReading).toEqual(['Another essay of the site'])
    expect(r.dropped).toBe(2)
  })

  it('gives the model the essay as readers read it, without labels, Liquid or d2l syntax', () => {
    const text = essayText(
      renderMarkdown(
        '# Title\n\n{% include toc.html %}\n\nSee :numref:`sec_x` for :cite:`Smith.2019`.\n\n$$\ny = x \\label{eq:y}\n$$\n',
      ).reading,
    )
    expect(text).not.toMatch(/\\label|\{%|:numref:|:cite:/)
    expect(text).toContain('$$y = x$$')
  })

  it('gives the model the code a d2l page shows (one framework only), fenced with its language', () => {
    const source = [
      '# Softmax',
      '',
      'We load the framework.',
      '',
      '```{.python .input}',
      '%%tab mxnet',
      'from mxnet import np',
      '```',
      '',
      '```{.python .input}',
      '%%tab pytorch',
      'import torch',
      'x = torch.ones(3)',
      '```',
      '',
      '```{.python .input}',
      '#@tab tensorflow',
      'import tensorflow',
      '```',
      '',
      '```js',
      'const fence = "```"',
      '```',
    ].join('\n')
    const text = essayText(renderMarkdown(source).reading)
    expect(text).toContain('```python\nimport torch\nx = torch.ones(3)\n```')
    expect(text).not.toMatch(/mxnet|tensorflow|%%tab|\[code\]/)
    // a fence inside the code cannot close the block the model is given
    expect(text).toContain('````js\nconst fence = "```"\n````')
  })

  it('still reads a stored reading that kept no code text', () => {
    expect(essayText([{ kind: 'code' }])).toBe('[code]')
  })
})
