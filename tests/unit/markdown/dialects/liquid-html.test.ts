import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

describe('Liquid and markdown inside raw HTML blocks', () => {
  it('shows al-folio figures placed in the theme grid', () => {
    // The grid as al-folio's example posts write it (alshedivat/al-folio, _posts/2015-05-15-images.md).
    const md = [
      '<div class="row mt-3">',
      '    <div class="col-sm mt-3 mt-md-0">',
      '        {% include figure.liquid loading="eager" path="assets/img/9.jpg" class="img-fluid rounded z-depth-1" %}',
      '    </div>',
      '    <div class="col-sm mt-3 mt-md-0">',
      '        {% include figure.html path="assets/img/7.jpg" title="example image" caption="A [caption]" %}',
      '    </div>',
      '</div>',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).toContain('<img src="/assets/img/9.jpg"')
    expect(html).toContain('<figcaption>A [caption]</figcaption>')
    expect(html).not.toMatch(/\{%|!\[/)
  })

  it("typesets formulas inside HTML blocks, and takes a hidden block of macros as the page's own", () => {
    // As an ICLR blog post on al-folio writes them (iclr-blogposts/2023, _posts/2023-05-01-hitchhikers-momentum.md).
    const md = [
      '<div style="display: none">',
      '$$',
      '\\def\\xx{\\pmb{x}}',
      '\\definecolor{colormomentum}{RGB}{27, 158, 119}',
      '\\def\\mom{ {\\color{colormomentum}{m}} }',
      '$$',
      '</div>',
      '',
      '<p class="framed">',
      '  <b>Input</b>: starting guess \\(\\xx_0\\), momentum \\(\\mom \\in (0, 1)\\).<br>',
      '  \\begin{equation}\\label{eq:momentum_update}',
      '  \\xx_{t+1} = \\xx_t + \\mom(\\xx_{t} - \\xx_{t-1})',
      '  \\end{equation}',
      '</p>',
      '',
      'By \\eqref{eq:momentum_update}, $$\\xx_1$$ moves.',
    ].join('\n')
    const { html, warnings } = renderMarkdown(md)
    const shown = shownText(html)
    expect(shown).not.toMatch(/\$\$|\\begin|\\def|\\xx|\\\(/)
    expect(html.match(/class="katex"/g)?.length).toBeGreaterThanOrEqual(4)
    expect(html).not.toContain('katex-error')
    expect(warnings).toEqual([])
    expect(shown).toContain('Input: starting guess')
    expect(html).toContain('href="#user-content-eq-eq:momentum_update"')
    // a comment stays a comment, formulas and all
    expect(renderMarkdown('<!-- Old: $y = f(x)$ and [a link](https://x.org). -->\n\nText.').html).not.toContain(
      'a link',
    )
  })

  it('resolves Liquid site addresses in images and links', () => {
    const { html } = renderMarkdown("![x]({{ '/assets/x.png' | relative_url }}) and [y]({{ site.baseurl }}/about/)")
    expect(html).toContain('src="/assets/x.png"')
    expect(html).not.toContain('{{')
    // as an ICLR 2024 post writes it (iclr-blogposts/2024, _posts/2024-05-07-understanding-icl.md): from the site's root
    const bare = renderMarkdown(`<img src="{{ 'assets/img/icl/chat.png' | relative_url }}" alt="chat">`).html
    expect(bare).toContain('src="/assets/img/icl/chat.png"')
  })

  it('stays linear on unclosed tags inside HTML', () => {
    const md =
      '<div>\n' + '{% include figure.html path="a" '.repeat(5_000) + '\n' + '![a](<'.repeat(20_000) + '\n</div>'
    expect(() => renderMarkdown(md)).not.toThrow()
  })
})
