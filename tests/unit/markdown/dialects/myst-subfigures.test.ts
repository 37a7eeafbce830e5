import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

// After mystmd's guide, docs/figures.md "Subfigures" (jupyter-book/mystmd, MIT).
const page = [
  '# Trips',
  '',
  ':::{figure}',
  ':label: subFigure',
  ':align: left',
  '',
  '![Banff, Canada](https://example.org/banff-wide.png)',
  '![Golden Gate Bridge, San Francisco](https://example.org/sfo-wide.png)',
  '',
  'We saw some great things on our trips this year.',
  ':::',
  '',
  'You can cross-reference either the whole figure [@subFigure], or an individual subfigure [@subFigure-a] or {ref}`subFigure-b`.',
  '',
  ':::{figure}',
  ':label: market',
  '',
  '(fruit)=',
  '![Here is some fruit](https://example.org/apples.png)',
  '',
  '![Here is some vegetables](https://example.org/veg.png)',
  ':::',
  '',
  'The fruit is in [](#fruit).',
  '',
].join('\n')

describe('MyST subfigures: pictures in a figure’s body', () => {
  const { html } = renderMarkdown(page)
  const text = shownText(html)

  it('shows each picture as a subfigure lettered under the figure, the figure’s caption last', () => {
    expect(html).not.toMatch(/<figcaption>(?:(?!<\/figcaption>)[^])*<img/)
    expect(text).toMatch(
      /\(a\) Banff, Canada[^]*\(b\) Golden Gate Bridge, San Francisco[^]*Figure 1: We saw some great things/,
    )
    expect(html).toContain('<figure id="user-content-subFigure-a"><img src="https://example.org/banff-wide.png"')
  })

  it('names each subfigure by the figure’s label and its letter, or by its own `(label)=`', () => {
    expect(html).toContain('the whole figure <a href="#user-content-subFigure">Figure 1</a>')
    expect(html).toContain(
      'subfigure <a href="#user-content-subFigure-a">Figure 1a</a> or <a href="#user-content-subFigure-b">Figure 1b</a>',
    )
    expect(html).toContain('<figure id="user-content-fruit">')
    expect(html).toContain('The fruit is in <a href="#user-content-fruit">Figure 2a</a>')
    expect(text).not.toContain('[?')
  })
})
