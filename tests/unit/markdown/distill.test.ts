import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'

const FIXTURE = new URL('../../fixtures/distill/_posts/2024-05-14-notes-in-the-margin.md', import.meta.url)

/** The text a reader sees in a piece of HTML: blocks apart, entities decoded, formulas once. */
const visible = (html: string): string =>
  html
    .replace(/<span class="katex-mathml">[^]*?<\/math><\/span>/g, '')
    .replace(/<\/?(?:p|h\d|div|aside|li|pre|summary|details|section)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x3C;/g, '<')
    .replace(/&lt;/g, '<')
    .replace(/\s+/g, ' ')
    .trim()

/** The paragraph of `html` that contains `words`. */
function paragraphWith(html: string, words: string): string {
  return /<p>[^]*?<\/p>/g[Symbol.match](html)?.find((p) => p.includes(words)) ?? ''
}

/** The footnote list's items, in order, as visible text. */
function endNotes(html: string): string[] {
  const section = /<section data-footnotes[^]*?<\/section>/.exec(html)?.[0] ?? ''
  return [...section.matchAll(/<li id="([^"]+)">([^]*?)<\/li>/g)].map((m) => visible(m[2]).replace(/ ↩$/, ''))
}

describe('distill <d-footnote>', () => {
  it('becomes a numbered footnote, not text in the sentence', () => {
    const { html } = renderMarkdown('A claim.<d-footnote>The note.</d-footnote> The rest.')
    const para = paragraphWith(html, 'A claim.')
    expect(visible(para)).toBe('A claim.1 The rest.')
    expect(para).toMatch(
      /<sup><a href="#user-content-fn-distill-1" id="user-content-fnref-distill-1" data-footnote-ref/,
    )
    expect(endNotes(html)).toEqual(['The note.'])
  })

  it('is numbered together with markdown footnotes, in reading order', () => {
    const md = 'One.[^a] Two.<d-footnote>distill</d-footnote> Three.[^b]\n\n[^a]: first\n[^b]: third'
    const { html } = renderMarkdown(md)
    expect(visible(paragraphWith(html, 'One.'))).toBe('One.1 Two.2 Three.3')
    expect(endNotes(html)).toEqual(['first', 'distill', 'third'])
  })

  it('keeps its markdown and spans lines', () => {
    const { html } = renderMarkdown(
      'Text<d-footnote>with *emphasis*,\n$x^2$ and a [link](https://example.org).</d-footnote>.',
    )
    const note = /<li id="user-content-fn-distill-1">([^]*?)<\/li>/.exec(html)?.[1] ?? ''
    expect(note).toContain('<em>emphasis</em>')
    expect(note).toContain('class="katex"')
    expect(note).toContain('href="https://example.org"')
  })

  it('is left alone in code, and a note inside raw HTML still becomes a footnote', () => {
    const { html } = renderMarkdown(
      'Use `<d-footnote>x</d-footnote>` here.\n\n<div class="l-gutter"><p>Side<d-footnote>raw</d-footnote> text</p></div>',
    )
    expect(html).toContain('<code>&#x3C;d-footnote>x&#x3C;/d-footnote></code>')
    expect(visible(html)).not.toContain('Sideraw')
    expect(endNotes(html)).toEqual(['raw'])
  })

  it('never takes an id an author footnote already has', () => {
    const { html } = renderMarkdown('A[^distill-1] B<d-footnote>mine</d-footnote>\n\n[^distill-1]: theirs')
    expect(endNotes(html)).toEqual(['theirs', 'mine'])
  })

  it('leaves an unclosed note readable and warns', () => {
    const result = renderMarkdown('Text<d-footnote>never closed.')
    expect(visible(result.html)).toBe('Textnever closed.')
    expect(result.warnings.map((w) => w.rule)).toContain('distill-footnote')
  })
})

describe('distill blocks', () => {
  it('turns <d-code block> into highlighted code, blank lines and indentation kept', () => {
    const md =
      'Before.\n<d-code block language="python">\n  def f(x):\n      return x &lt; 2\n\n  print(f(1))\n</d-code>\nAfter.'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<pre><code class="hljs language-python">')
    const code = visible(/<pre>[^]*?<\/pre>/.exec(html)?.[0] ?? '')
    expect(code).toBe('def f(x): return x < 2 print(f(1))')
    expect(html).toContain('\n\n<span class="hljs-built_in">print</span>')
    expect(html).toContain('<p>Before.</p>')
    expect(html).toContain('<p>After.</p>')
  })

  it('leaves inline <d-code> in its paragraph', () => {
    expect(visible(renderMarkdown('Say <d-code language="js">let x</d-code> now.').html)).toBe('Say let x now.')
  })

  it('turns {% details %} into a <details> box whose content is markdown', () => {
    const { html } = renderMarkdown(
      '{% details Click <here> %}\nSome *math* $$ 2x $$ and `code`.\n{% enddetails %}\n\nAfter.',
    )
    expect(html).toMatch(
      /<details>\s*<summary>Click &#x3C;here><\/summary>\s*<p>Some <em>math<\/em> <span class="katex">/,
    )
    expect(html).toContain('<code>code</code>')
    expect(html).toMatch(/<\/details>\s*<p>After.<\/p>/)
  })

  it('keeps asides and distill layout classes, and nothing else', () => {
    const md =
      '<aside>A remark.</aside>\n\n<div class="l-gutter other">G</div>\n\n<div class="l-page fake-img">W</div>\n\n<div class="l-screen-inset">S</div>\n\n<div class="l-body-outset">B</div>'
    const { html } = renderMarkdown(md)
    expect(html).toContain('<aside>A remark.</aside>')
    expect(html).toContain('<div class="l-gutter">G</div>')
    expect(html).toContain('<div class="l-page">W</div>')
    expect(html).toContain('<div class="l-screen-inset">S</div>')
    expect(html).toContain('<div class="l-body-outset">B</div>')
  })

  it('drops distill wrappers but keeps their prose', () => {
    const md = [
      '<d-front-matter><script type="text/json">{"title": "x"}</script></d-front-matter>',
      '',
      '<d-byline></d-byline>',
      '',
      '<d-article><p>Article prose.</p></d-article>',
      '',
      '<d-appendix><h3>Acknowledgments</h3><p>Thanks to all.</p><d-bibliography src="x.bib"></d-bibliography></d-appendix>',
      '',
      '<d-toc></d-toc>',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).not.toMatch(/<\/?d-|script|"title"/)
    expect(visible(html)).toBe('Article prose. Acknowledgments Thanks to all.')
  })
})

describe('the distill fixture', () => {
  it('renders its notes as footnotes and its syntax as blocks', () => {
    const { html } = renderMarkdown(readFileSync(FIXTURE, 'utf8'))
    expect(endNotes(html)).toHaveLength(3)
    expect(endNotes(html)[0]).toMatch(/^This is the first distill footnote/)
    expect(html).toContain('<aside>')
    expect(html).toContain('class="l-gutter"')
    expect(html).toContain('language-python')
    expect(html).toContain('<summary>Why a details box?</summary>')
    const prose = visible(html.replace(/<code>[^]*?<\/code>/g, ''))
    expect(prose).not.toMatch(/d-code|d-footnote|\{%|enddetails/)
  })
})
