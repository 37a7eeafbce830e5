import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

describe('kramdown (Jekyll)', () => {
  it('gives a block attribute list to the image above it and shows its caption line as the caption', () => {
    const md = [
      "![Elmo & Bert]({{ '/assets/images/elmo.png' | relative_url }})",
      '{: style="width: 60%;" class="center"}',
      '*Fig. 0. I guess they are Elmo & Bert?*',
      '{:.image-caption}',
      '',
      'Text after.',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).toContain('<figure><img src="/assets/images/elmo.png" alt="Elmo &#x26; Bert" width="60%"')
    expect(html).toContain('<figcaption>Fig. 0. I guess they are Elmo &#x26; Bert?</figcaption>')
    expect(shownText(html)).not.toContain('{:')
  })

  it('reads span attribute lists, ids on headings, definitions, options, comments and nomarkdown', () => {
    const md = [
      '# Title',
      '{: #top}',
      '',
      'A *word*{: .c} and ![a](b.png){: width="50%" .center} here.',
      '',
      '{:ref: .cls}',
      '{::options parse_block_html="true" /}',
      '{::comment}',
      'a hidden remark',
      '{:/comment}',
      '',
      '{::nomarkdown}',
      '<b>kept</b>',
      '{:/}',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).toContain('<h1 id="user-content-top">Title</h1>')
    expect(html).toContain('<img src="b.png" alt="a" width="50%"')
    expect(html).toContain('<b>kept</b>')
    expect(shownText(html)).not.toMatch(/\{:|hidden remark/)
  })

  it('drops the `* TOC` + `{:toc}` list and tag rows GFM took for table rows', () => {
    const md = [
      '{: class="table-of-content"}',
      '* TOC',
      '{:toc}',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '{:.info}',
      '',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(shownText(html)).not.toMatch(/\{:|TOC/)
    expect((html.match(/<tr>/g) ?? []).length).toBe(2)
  })

  it('reads markdown inside an HTML block marked markdown="1"', () => {
    const { html } = renderMarkdown('<div markdown="1">\n**bold** and $x^2$\n</div>\n')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('class="katex"')
    expect(html).not.toContain('markdown=')
  })

  it('shows the figure under a lone `<a name>` anchor, which kramdown reads as a paragraph', () => {
    const { html } = renderMarkdown('<a name="fig-x" />\n![Beam search](b.png)\n{: style="width: 65%;"}\n')
    expect(html).toMatch(/<figure><img src="b.png" alt="Beam search" width="65%"/)
  })

  it('keeps $$…$$ inside a sentence an inline formula (kramdown’s only math delimiter)', () => {
    const { html } = renderMarkdown('Let $$x_i$$ be given.')
    expect(html).toMatch(/<p>Let <span class="katex">/)
  })

  it('stays linear on hostile input', () => {
    const md =
      '{:'.repeat(50_000) +
      '\n' +
      '{: '.repeat(30_000) +
      '"'.repeat(10_000) +
      '\n' +
      '![a](b.png){: width="'.repeat(300) +
      '\n' +
      '{::comment}\n'.repeat(10_000)
    const start = performance.now()
    expect(() => renderMarkdown(md)).not.toThrow()
    expect(performance.now() - start).toBeLessThan(10_000)
  })

  it('reads a $$ display whose TeX has blank lines, as kramdown and MathJax do, but never swallows prose', () => {
    // Shaped like lilianweng.github.io's 2017 RNN post: rows of a display separated by blank lines.
    const md = 'Examples:\n\n$$\n\\text{Input}_1 = [p_0, p_1] \\\\\n\n\\text{Input}_2 = [p_1, p_2]\n$$\n\nAfter.\n'
    const { html } = renderMarkdown(md)
    expect(html.match(/class="katex-display"/g)).toHaveLength(1)
    expect(html).toContain('<p>After.</p>')
    expect(html).not.toContain('$$')
    const prose = 'Cost:\n\n$$\nx = 1\n\nThis paragraph is prose, and so is $$y$$\n'
    const shown = renderMarkdown(prose).html
    expect(shown).toContain('This paragraph is prose')
    expect(shown).not.toContain('katex-display')
  })
})
