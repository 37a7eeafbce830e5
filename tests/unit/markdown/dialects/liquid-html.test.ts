import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'

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

  it('resolves Liquid site addresses in images and links', () => {
    const { html } = renderMarkdown("![x]({{ '/assets/x.png' | relative_url }}) and [y]({{ site.baseurl }}/about/)")
    expect(html).toContain('src="/assets/x.png"')
    expect(html).not.toContain('{{')
  })

  it('stays linear on unclosed tags inside HTML', () => {
    const md =
      '<div>\n' + '{% include figure.html path="a" '.repeat(5_000) + '\n' + '![a](<'.repeat(20_000) + '\n</div>'
    expect(() => renderMarkdown(md)).not.toThrow()
  })
})
