import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { elementsAndRest } from '../../../../src/markdown/dialects/html-blocks/element-ends.js'
import { shownText } from '../../../helpers/shown-text.js'

const classesOf = (html: string, tag: string): string[] =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*?class="([^"]*)"`, 'g'))].map((m) => m[1])

describe('al-folio and distill layout (issue 38)', () => {
  it('keeps the grid that places figures side by side, and the caption under them, not the theme’s look', () => {
    // As iclr-blogposts/2023, _posts/2023-05-01-bsuite-applications.md writes its radar plots.
    const md = [
      '<div class="row mt-3">',
      '    <div class="col-sm-4 mt-3 mt-md-0">',
      '        {% include figure.html path="assets/img/radar01.png" class="img-fluid rounded z-depth-1" %}',
      '    </div>',
      '    <div class="col-sm mt-3 mt-md-0">',
      '        {% include figure.html path="assets/img/radar02.png" class="img-fluid rounded z-depth-1" %}',
      '    </div>',
      '</div>',
      '<div class="caption">',
      '    Radar plots of two agents.',
      '</div>',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(classesOf(html, 'div')).toEqual(['row', 'col-sm-4', 'col-sm', 'caption'])
    expect(html.match(/<img src="\/assets\/img\/radar0[12].png"/g)).toHaveLength(2)
    expect(html).not.toMatch(/z-depth|img-fluid|mt-3/)
    // an author's class that is no layout stays out, as before
    expect(renderMarkdown('<div class="rowdy col-sm-13 danger">x</div>').html).toBe('<div>x</div>')
  })

  it('keeps distill’s widths on blocks and a <details open> open', () => {
    const { html } = renderMarkdown(
      '<div class="l-page">wide</div>\n\n<div class="l-body-outset">outset</div>\n\n<details open>\n<summary>Proof</summary>\nShown.\n</details>',
    )
    expect(classesOf(html, 'div')).toEqual(['l-page', 'l-body-outset'])
    expect(html).toMatch(/<details open>/)
  })

  it('reads markdown again after the line that closes an HTML element, as kramdown does', () => {
    // iclr-blogposts/2023, _posts/2023-05-01-autoregressive-neural-pde-solver.md: no blank line after </blockquote>.
    const md =
      '<blockquote>\nThe trick works.\n</blockquote>\nIt is most accurate for **E1**, see [the paper](https://x.org).\n'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<blockquote>\nThe trick works.\n</blockquote>')
    expect(html).toContain('<p>It is most accurate for <strong>E1</strong>, see <a href="https://x.org"')
    expect(shownText(html)).not.toMatch(/\*\*|\]\(/)
  })

  it('reads a markdown="1" caption that follows a figure line or a closing tag without a blank line', () => {
    // iclr-blogposts/2024, _posts/2024-05-07-understanding-icl.md
    const figure = [
      '<object data="{{ \'assets/img/icl/th.svg\' | relative_url }}" type="image/svg+xml" width="95%" class="l-body">',
      '  </object>',
      '<div class="l-gutter caption" markdown="1">',
      '  **Figure 5**: The data, as [arxiv.org](https://arxiv.org/) has it.',
      '</div>',
    ].join('\n')
    const { html } = renderMarkdown(figure)
    expect(html).toContain('<img src="/assets/img/icl/th.svg"')
    expect(html).not.toContain('<object')
    expect(html).toMatch(/<div class="l-gutter caption">\s*<p><strong>Figure 5<\/strong>: The data/)
    const note = renderMarkdown(
      '<aside>\n\nA margin note.\n</aside>\n<div class="l-gutter caption" markdown="1">\n**Note**: a remark.\n</div>\n',
    ).html
    expect(note).toContain('<p><strong>Note</strong>: a remark.</p>')
  })

  it('shows an embedded interactive figure as a figure linking to the author’s page, never as a frame', () => {
    const md = [
      'The plot:',
      '',
      '<div class="l-page">',
      '  <iframe src="{{ \'assets/html/post/plot.html\' | relative_url }}" frameborder="0" height="450px"></iframe>',
      '</div>',
      '',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>',
    ].join('\n')
    const published = (href: string): string | null => (href.startsWith('/') ? `https://blog.example.org${href}` : null)
    const { html, warnings, plainText } = renderMarkdown(md, { publishedLink: published })
    expect(html).not.toMatch(/<iframe|frameborder/)
    // the link's words are the page's, not the author's: search, excerpts and the reading aids never quote them
    expect(plainText).not.toMatch(/Watch the video|Open the interactive figure/)
    expect(html).toMatch(
      /<div class="l-page">\s*<figure class="figure-embed"><a href="https:\/\/blog.example.org\/assets\/html\/post\/plot.html"[^>]*>Open the interactive figure on blog.example.org<\/a><\/figure>/,
    )
    expect(html).toMatch(
      /<figure class="figure-embed"><a href="https:\/\/www.youtube.com\/watch\?v=dQw4w9WgXcQ"[^>]*>Watch the video on www.youtube.com<\/a><\/figure>/,
    )
    expect(warnings.map((w) => w.rule)).toEqual(['embedded-page'])
    // without the site's address: a visible box, as for a missing image, and a warning naming the page
    const alone = renderMarkdown('<iframe src="/assets/html/post/plot.html" class="l-body rounded"></iframe>')
    expect(alone.html).toBe(
      '<figure class="figure-missing l-body"><span class="figure-missing-note">Interactive figure not available</span></figure>',
    )
    expect(alone.warnings[0].message).toContain('/assets/html/post/plot.html')
    // a script address is no figure
    expect(renderMarkdown('<iframe src="javascript:alert(1)"></iframe>').html).toBe('')
  })

  it('shows the theme’s boxes as tinted notes in the text, not as margin notes', () => {
    // iclr-blogposts/2024, _posts/2024-05-07-clml.md writes its remarks so.
    const md = [
      '<aside class="box-note l-body" markdown="1">',
      'To shorten notation, we write **H** for the entropy.',
      '</aside>',
      '',
      '<div class="l-body box-warning">Mind the gap.</div>',
      '',
      '<aside>A margin note stays one.</aside>',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).toContain(
      '<div class="callout callout-note l-body">\n<p>To shorten notation, we write <strong>H</strong>',
    )
    expect(html).toContain('<div class="callout callout-warning l-body">Mind the gap.</div>')
    expect(html).toContain('<aside>A margin note stays one.</aside>')
    expect(html).not.toContain('box-')
  })

  it('sets a formula in an HTML table cell within its line, as MathJax does', () => {
    // iclr-blogposts/2023, _posts/2023-05-01-riit.md: a notation table in raw HTML.
    const { html } = renderMarkdown('<table>\n<tr>\n<td>the state (at time $t$, with $a<b$)</td>\n</tr>\n</table>\n')
    const cell = /<td>[^]*?<\/td>/.exec(html)?.[0] ?? ''
    expect(cell).toMatch(/^<td>the state \(at time <span class="katex">/)
    expect(cell).toMatch(/<\/span>\)<\/td>$/)
    expect(cell).not.toContain('\n')
    expect(shownText(cell)).not.toContain('$')
    expect(cell).toContain('<annotation encoding="application/x-tex">a&lt;b</annotation>')
  })

  it('cuts HTML blocks in linear time', () => {
    const many = '<p>a</p>\n'.repeat(20_000) + '**tail**'
    const start = performance.now()
    expect(elementsAndRest(many)?.elements).toHaveLength(20_000)
    expect(elementsAndRest('<div>'.repeat(50_000))).toBeNull()
    expect(elementsAndRest('<div x="'.repeat(50_000) + '>')).toBeNull()
    expect(elementsAndRest('</div>\n'.repeat(50_000) + 'text')?.rest).toBe('text')
    expect(performance.now() - start).toBeLessThan(2_000)
  })
})
