import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

describe('Hugo shortcodes', () => {
  it('maps figure, callout, katex, highlight, youtube and ref to what the Hugo site shows', () => {
    const md = [
      '{{< figure src="/img/a.png" caption="A Hugo figure" >}}',
      '',
      '{{% callout note %}}',
      'Hello *callout*',
      '{{% /callout %}}',
      '',
      '{{< youtube dQw4w9WgXcQ >}}',
      '',
      'See [the other post]({{< ref "posts/other.md#part" >}}).',
      '',
      '{{< katex display >}}',
      'f(x) = \\int_0^1 a_b * c_d \\, dx',
      '{{< /katex >}}',
      '',
      'Inline {{< katex >}}x^2{{< /katex >}} math.',
      '',
      '{{< highlight go >}}',
      'func main() { a := *b_c_ }',
      '{{< /highlight >}}',
    ].join('\n')
    const { html, warnings } = renderMarkdown(md)
    expect(html).toContain('<figure><img src="/img/a.png" alt="A Hugo figure"')
    expect(html).toMatch(
      /<div class="callout callout-note">\s*<p class="callout-title">Note<\/p>\s*<p>Hello <em>callout<\/em><\/p>/,
    )
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"')
    expect(html).toContain('data-xref="post:other#part"')
    expect(html).toContain('class="katex-display"')
    expect(html).toContain('language-go')
    expect(shownText(html)).toContain('*b_c_')
    expect(shownText(html)).not.toMatch(/\{\{|\}\}/)
    expect(warnings).toEqual([])
  })

  it('drops an unknown shortcode with a warning naming it, and leaves Quarto’s to their reader', () => {
    const { html, warnings } = renderMarkdown(
      'Before {{< tweet 123 >}} after.\n\n{{< mywidget a="b" >}}\n\n{{< pagebreak >}}\n',
    )
    expect(shownText(html)).not.toContain('{{')
    expect(warnings.map((w) => w.message).join(' ')).toMatch(/tweet[^]*mywidget|mywidget[^]*tweet/)
    expect(warnings.some((w) => w.message.includes('pagebreak'))).toBe(false)
  })

  it('stays linear on hostile input', () => {
    const md = '{{< katex >}}'.repeat(20_000) + '\n' + '{{% callout %}}\n'.repeat(5_000)
    expect(() => renderMarkdown(md)).not.toThrow()
  })
})

describe('Hugo ref shortcode written bare', () => {
  it('reads as the post it names, and gives way to its title once resolved', async () => {
    const { renderMarkdown } = await import('../../../../src/markdown/index.js')
    const { namesItsAddress } = await import('../../../../src/xref/resolve-html.js')
    const { html } = renderMarkdown('See {{< ref "posts/other-post.md" >}}.')
    expect(html).toContain('<a href="#" data-xref="post:other-post">other-post</a>')
    expect(html).not.toContain('xref-post:')
    expect(namesItsAddress('other-post', { kind: 'post', name: 'other-post', fragment: '' })).toBe(true)
    expect(namesItsAddress('the post', { kind: 'post', name: 'other-post', fragment: '' })).toBe(false)
  })
})
