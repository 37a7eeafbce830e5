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

  it('never spells a formula in TeX or ASCII math: it stops before one text cannot show (issue 40)', () => {
    // ℝᵈ reads as the page shows it; x_T and ȳ with a subscript of bullets do not
    expect(excerptOf('Each input is a feature vector $x \\in \\mathbb{R}^d$ read in order.')).toBe(
      'Each input is a feature vector x ∈ ℝᵈ read in order.',
    )
    const cut = excerptOf(
      'Assume that the tokens in a text sequence of length $T$ are in turn $x_1, x_2, \\ldots, x_T$. The goal is to model them.',
    )
    expect(cut).toBe('Assume that the tokens in a text sequence of length T are in turn …')
    const early = excerptOf('Let $\\bar{y}_{\\bullet\\bullet\\bullet}$ be the grand mean of all observations here.')
    expect(early).toBe('Let … be the grand mean of all observations here.')
    for (const text of [cut, early]) expect(text).not.toMatch(/[_^\\]|bullet/)
  })

  it('skips headings, code, formula-only and short paragraphs for the first one that reads as prose', () => {
    expect(
      excerptOf('# Title\n\n```js\nx()\n```\n\n$a$ $b$\n\nToo short.\n\nThis paragraph reads as prose at last.'),
    ).toBe('This paragraph reads as prose at last.')
  })

  it('does not open on the rest of a sentence whose start is not prose (slides: a formula, then "where …")', () => {
    expect(
      excerptOf(
        '# Random circuits\n\n$$\nU = \\prod_j u_j\n$$\n\nwhere $u_j$ are single qubit unitaries chosen uniformly\n\nCircuits of random gates model chaotic quantum dynamics.',
      ),
    ).toBe('Circuits of random gates model chaotic quantum dynamics.')
  })

  it('puts a sentence broken around a display formula back together', () => {
    expect(excerptOf('**Theorem:** Let\n\n$$\nX \\sim N(0, 1)\n$$\n\nbe a standard normal random variable.')).toBe(
      'Theorem: Let X ∼ N(0, 1) be a standard normal random variable.',
    )
  })

  it('carries a sentence of prose on through each formula that breaks it, until it ends', () => {
    const md = [
      '**Theorem:** The [one-way analysis of variance](/D/anova1) model',
      '$$ \\label{eq:anova1}\ny_{ij} = \\mu_i + \\varepsilon_{ij}\n$$',
      'can be rewritten using parameters $\\mu$ and $\\delta_i$ instead of $\\mu_i$',
      '$$\ny_{ij} = \\mu + \\delta_i + \\varepsilon_{ij}\n$$',
      'with the constraint that the $\\delta_i$ sum to zero.',
      'A second sentence that is not part of it.',
    ].join('\n\n')
    expect(excerptOf(md)).toBe(
      'Theorem: The one-way analysis of variance model yᵢⱼ = μᵢ + εᵢⱼ can be rewritten using parameters μ and δᵢ instead of μᵢ yᵢⱼ = μ + δᵢ + εᵢⱼ with the constraint that the δᵢ sum to zero.',
    )
  })

  it('ends a sentence on the formula that ends it, and writes a long formula as an ellipsis', () => {
    expect(excerptOf('The squared error of the model is\n\n$$\nL = (y - a)^2\n$$\n\nWe minimise it.')).toBe(
      'The squared error of the model is L = (y - a)²',
    )
    const long = 'a_1 x_1 + a_2 x_2 + a_3 x_3 + a_4 x_4 + a_5 x_5 + a_6 x_6 + a_7 x_7 + a_8 x_8 + a_9 x_9'
    expect(
      excerptOf(`The full model that we fit to the data is\n\n$$\ny = ${long}\n$$\n\nwhere each term is small.`),
    ).toBe('The full model that we fit to the data is … where each term is small.')
    // one that goes on into a list says that it goes on
    expect(excerptOf('**Theorem:** The model\n\n$$\ny = a\n$$\n\nholds, in which case\n\n1) the first thing;\n')).toBe(
      'Theorem: The model y = a holds, in which case …',
    )
    // a paragraph that ends its sentence does not take the formula after it
    expect(excerptOf('The model is a sum of terms.\n\n$$\ny = a + b\n$$\n\nwhere each is small.')).toBe(
      'The model is a sum of terms.',
    )
  })

  it('falls back to a list item, and is empty for an essay without prose', () => {
    expect(excerptOf('- An item that reads as prose here.\n')).toBe('An item that reads as prose here.')
    // a list of short items, a contents list, is read whole
    expect(excerptOf('- [gd](gd.md)\n- [sgd](sgd.md)\n- Adam\n\nToo short.')).toBe('gd; sgd; Adam')
    expect(excerptOf('```\ncode only\n```\n')).toBe('')
  })

  it('keeps the space before inline code that starts with punctuation', () => {
    expect(excerptOf('Replace `@threads` with `@threads :static` in every loop you have.')).toBe(
      'Replace @threads with @threads :static in every loop you have.',
    )
  })

  it('passes over a note about the post for its first paragraph, but not a note about its subject', () => {
    // julialang.org's "Put This In Your Pipe"
    expect(
      excerptOf(
        '**Note:** This post has been updated to work with Julia 1.x (the original version used Julia 0.1 syntax).\n\nIn a previous post, I talked about why shelling out is a common cause of bugs.\n',
      ),
    ).toBe('In a previous post, I talked about why shelling out is a common cause of bugs.')
    expect(
      excerptOf("Editor's note: this essay first appeared in the Review.\n\nThe essay itself starts here.\n"),
    ).toBe('The essay itself starts here.')
    expect(excerptOf('Update (2021): the package has moved to a new home.\n\nPackages are how Julia grows.\n')).toBe(
      'Update (2021): the package has moved to a new home.',
    )
    expect(excerptOf('Note: the model assumes that x is bounded.\n\nSecond paragraph of the essay.\n')).toBe(
      'Note: the model assumes that x is bounded.',
    )
    // a note that is all the prose there is still reads
    expect(excerptOf('**Note:** This post has been updated for Julia 1.x.\n')).toBe(
      'Note: This post has been updated for Julia 1.x.',
    )
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
