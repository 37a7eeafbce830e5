import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { ledeRepeatsOpening } from '../../../web/lib/lede.js'
import { readingExcerpt } from '../../../src/markdown/reading-excerpt.js'

describe('the lede under the title', () => {
  const html = renderMarkdown(
    '## Intro\n\nOne short.\n\nFor a long time the area of a circle, $\\pi r^2$, was a mystery.[^1] Then Archimedes\ninscribed polygons.\n\n[^1]: A note.',
  ).html

  it('is left out when it is the first paragraph again, shortened, with its formula as text', () => {
    expect(
      ledeRepeatsOpening('For a long time the area of a circle, π r², was a mystery. Then Archimedes…', html),
    ).toBe(true)
    expect(
      ledeRepeatsOpening(
        'For a long time the area of a circle, π r², was a mystery. Then Archimedes inscribed polygons.',
        html,
      ),
    ).toBe(true)
  })

  it('is shown when it says something else, or more', () => {
    expect(ledeRepeatsOpening('A history of the circle, from Archimedes to calculus.', html)).toBe(false)
    expect(
      ledeRepeatsOpening(
        'For a long time the area of a circle, π r², was a mystery. Then Archimedes inscribed polygons. And more.',
        html,
      ),
    ).toBe(false)
    expect(ledeRepeatsOpening('', html)).toBe(false)
    expect(ledeRepeatsOpening('Anything at all.', '')).toBe(false)
  })

  it('is left out when the excerpt carries the opening sentence on through its display formulas', () => {
    const theorem = renderMarkdown(
      '**Theorem:** The one-way analysis of variance model\n\n$$ \\label{eq:m}\ny_{ij} = \\mu_i + \\varepsilon_{ij}\n$$\n\ncan be rewritten using parameters $\\mu$ and $\\delta_i$ instead of $\\mu_i$\n\n$$\ny_{ij} = \\mu + \\delta_i + \\varepsilon_{ij}\n$$\n\nunder a constraint.\n\n**Proof:** By substitution.',
    )
    const excerpt = readingExcerpt(theorem.reading)
    expect(excerpt).toContain('can be rewritten using parameters')
    expect(ledeRepeatsOpening(excerpt, theorem.html)).toBe(true)
    // however short the words before the formula ("Let"), and with fractions, which KaTeX lays out denominator first
    const short = renderMarkdown(
      '**Theorem:** Let\n\n$$\nX \\sim \\mathcal{N}(\\mu, \\tfrac{1}{2})\n$$\n\nbe a normal random variable with mean $\\frac{a}{b}$.\n\nMore.',
    )
    const shortExcerpt = readingExcerpt(short.reading)
    expect(shortExcerpt).toBe('Theorem: Let X ∼ N(μ, 1/2) be a normal random variable with mean a/b.')
    expect(ledeRepeatsOpening(shortExcerpt, short.html)).toBe(true)
    // a description that goes on past an opening with no formula after it says more
    const prose = renderMarkdown('The one-way analysis of variance model is a linear model.\n\nIt has groups.').html
    expect(ledeRepeatsOpening('The one-way analysis of variance model is a linear model. We test it.', prose)).toBe(
      false,
    )
  })

  it('is left out when the essay is only a list and the excerpt is that list', () => {
    const contents = renderMarkdown('- [Gradient Descent](gd.md)\n- [Momentum](momentum.md)\n')
    const excerpt = readingExcerpt(contents.reading)
    expect(excerpt).toBe('Gradient Descent; Momentum')
    expect(ledeRepeatsOpening(excerpt, contents.html)).toBe(true)
    expect(ledeRepeatsOpening('Optimisation, step by step.', contents.html)).toBe(false)
  })

  it('is left out when a description copies the paragraph after a note that opens the essay', () => {
    const noted = renderMarkdown(
      '*Note: this post has been updated for the current version.*\n\nIn a previous post, I talked about why shelling out is a common cause of bugs.\n\nToday we build pipelines.\n',
    ).html
    expect(ledeRepeatsOpening('In a previous post, I talked about why shelling out is a common cause…', noted)).toBe(
      true,
    )
    expect(ledeRepeatsOpening('How to run a pipeline of programs safely.', noted)).toBe(false)
  })

  it('passes over a quote before the opening, as the excerpt does', () => {
    // julialang.org's pi day post opens with a credit in a quote, then the essay's first words.
    const rendered = renderMarkdown(
      '> Image courtesy of [Cormullion](https://github.com/cormullion), code [here](https://example.org).\n\n## Pi in Julia\n\nLike most technical languages, Julia provides a constant for pi.\n',
    )
    const excerpt = readingExcerpt(rendered.reading)
    expect(excerpt).toBe('Like most technical languages, Julia provides a constant for pi.')
    expect(ledeRepeatsOpening(excerpt, rendered.html)).toBe(true)
  })

  it('is left out too when the essay opens with an attribution line', () => {
    const rendered = renderMarkdown(
      '— Orestis Ousoultzoglou on behalf of [the admin team](/jsoc/admins/)\n\nThe Julia Project is participating in Google Summer of Code again this year.\n',
    )
    const excerpt = readingExcerpt(rendered.reading)
    expect(excerpt).toBe('The Julia Project is participating in Google Summer of Code again this year.')
    expect(ledeRepeatsOpening(excerpt, rendered.html)).toBe(true)
  })

  it('is left out too when the essay opens with a byline: the excerpt and the opening both skip it', () => {
    const rendered = renderMarkdown(
      '**Pratik Chaudhari** (*University of Pennsylvania and Amazon*), **Rasool Fakoor** (*Amazon*), and **Kavosh Asadi** (*Amazon*)\n\nReinforcement learning is a suite of techniques for deciding in sequence.\n',
    )
    const excerpt = readingExcerpt(rendered.reading)
    expect(excerpt).toBe('Reinforcement learning is a suite of techniques for deciding in sequence.')
    expect(ledeRepeatsOpening(excerpt, rendered.html)).toBe(true)
  })
})
