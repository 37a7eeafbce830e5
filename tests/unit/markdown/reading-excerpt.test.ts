import { describe, expect, it } from 'vitest'
import { readingExcerpt } from '../../../src/markdown/reading-excerpt.js'
import { renderMarkdown } from '../../../src/markdown/render-markdown.js'

const entry = {
  id: 'vaswani2017',
  type: 'paper-conference',
  title: 'Attention Is All You Need',
  author: [
    { family: 'Vaswani', given: 'Ashish' },
    { family: 'Shazeer', given: 'Noam' },
    { family: 'Parmar', given: 'Niki' },
  ],
  issued: { 'date-parts': [[2017]] },
}
const excerptOf = (markdown: string) =>
  readingExcerpt(renderMarkdown(markdown, { bibliography: new Map([[entry.id, entry]]) }).reading)

describe('the excerpt from the essay’s one reading', () => {
  it('reads citations as their marks, references as their numbers, formulas as text, never a key or a label', () => {
    const text = excerptOf(
      '$$\ny = x \\label{eq:id}\n$$\n\nAttention weighs each value by how its key matches the query [@vaswani2017], as in \\eqref{eq:id} with $x_n$.',
    )
    expect(text).toBe(
      'Attention weighs each value by how its key matches the query (Vaswani et al., 2017), as in (1) with xₙ.',
    )
  })

  it('skips headings, code, formula-only and short paragraphs for the first one that reads as prose', () => {
    expect(
      excerptOf('# Title\n\n```js\nx()\n```\n\n$a$ $b$\n\nToo short.\n\nThis paragraph reads as prose at last.'),
    ).toBe('This paragraph reads as prose at last.')
  })

  it('puts a sentence broken around a display formula back together', () => {
    expect(excerptOf('**Theorem:** Let\n\n$$\nX \\sim N(0, 1)\n$$\n\nbe a standard normal random variable.')).toBe(
      'Theorem: Let X ∼ N(0, 1) be a standard normal random variable.',
    )
  })

  it('falls back to a list item, and is empty for an essay without prose', () => {
    expect(excerptOf('- An item that reads as prose here.\n')).toBe('An item that reads as prose here.')
    expect(excerptOf('```\ncode only\n```\n')).toBe('')
  })

  it('skips a byline of bold names and affiliations, which says who wrote the essay, not what it says', () => {
    // as d2l opens its reinforcement learning chapter
    const byline =
      '**Pratik Chaudhari** (*University of Pennsylvania and Amazon*), **Rasool Fakoor** (*Amazon*), and **Kavosh Asadi** (*Amazon*)'
    expect(excerptOf(`${byline}\n\nReinforcement Learning (RL) is a suite of techniques.\n`)).toBe(
      'Reinforcement Learning (RL) is a suite of techniques.',
    )
    expect(excerptOf('**Jean-Luc van der Berg**\n\nThe essay itself starts here.\n')).toBe(
      'The essay itself starts here.',
    )
    // an attribution line, as julialang.org's posts open: "by" or a dash, then names
    expect(excerptOf('by [Simon Byrne](https://github.com/simonbyrne)\n\nJulia provides a constant for pi.\n')).toBe(
      'Julia provides a constant for pi.',
    )
    expect(
      excerptOf(
        '— Orestis Ousoultzoglou on behalf of [the admin team](/jsoc/admins/)\n\nThe Julia Project is participating again.\n',
      ),
    ).toBe('The Julia Project is participating again.')
    expect(excerptOf('By Monday we had finished the port.\n')).toBe('By Monday we had finished the port.')
    // a bold lead-in or a bold sentence is prose, not a byline
    expect(excerptOf('**Theorem:** Let $x$ be a real number.\n')).toBe('Theorem: Let x be a real number.')
    expect(excerptOf('**Read this first.** It matters for the rest.\n')).toBe(
      'Read this first. It matters for the rest.',
    )
  })
})
