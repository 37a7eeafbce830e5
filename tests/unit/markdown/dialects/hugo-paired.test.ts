import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

describe("a Hugo site's own paired shortcodes (templates placing .Inner)", () => {
  const templates: Record<string, string> = {
    '/layouts/shortcodes/details.html':
      '<details>\n  <summary>{{ .Get "summary" }}</summary>\n  {{ .Inner | markdownify }}\n</details>\n',
    // as zenith-john.github.io's layouts/shortcodes/theorem.html
    '/layouts/shortcodes/theorem.html':
      '<div class="theorem thm-block">\n  <span class="theorem-header thm-header">\n    Theorem\n  </span>\n  {{.Inner}}\n</div>\n',
    '/layouts/shortcodes/proof.html': '<p> <b>Proof.</b> {{ .Inner }} </p>\n',
    '/layouts/shortcodes/mark.html': '<mark>{{ strings.TrimSpace .Inner }}</mark>',
    '/layouts/shortcodes/box.html':
      '<div>{{ with .Get "title" }}<strong>{{ . }}</strong>{{ end }}{{ if .Get "note" }}<em>noted</em>{{ end }}{{ .Inner }}</div>',
    '/layouts/shortcodes/tabs.html': '{{ range .Params }}<b>{{ . }}</b>{{ end }}{{ .Inner }}',
  }
  const render = (md: string) =>
    renderMarkdown(md, { readInclude: (ref) => templates[ref] ?? null, sourceName: 'post' })

  it('fills in a <details> around its content, read as markdown with its formulas', () => {
    const { html, warnings } = render(
      'Before.\n\n{{< details summary="Proof <of> it" >}}\nIt is *plain*: $x^2 \\ge 0$.\n\n- one\n- two\n{{< /details >}}\n\nAfter.',
    )
    expect(html).toMatch(/<details>\s*<summary>Proof &#x3C;of> it<\/summary>\s*<p>It is <em>plain<\/em>/)
    expect(html).toContain('<span class="katex">')
    expect(html).toMatch(/<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>\s*<\/details>\s*<p>After.<\/p>/)
    expect(shownText(html)).not.toMatch(/\{\{|\$/)
    expect(warnings).toEqual([])
  })

  it('pairs nested calls innermost first, the same shortcode inside itself too', () => {
    const md = [
      '{{% theorem %}}',
      'Every **group** acts.',
      '',
      '{{% details summary="outer" %}}',
      '{{% details summary="inner" %}}',
      'deep _text_',
      '{{% /details %}}',
      '{{% /details %}}',
      '{{% /theorem %}}',
      '',
      '{{% proof %}}',
      'Trivial.',
      '{{% /proof %}}',
    ].join('\n')
    const { html, warnings } = render(md)
    expect(html).toMatch(
      /<div(?: class="theorem")?>\s*<span>\s*Theorem\s*<\/span>\s*<p>Every <strong>group<\/strong> acts.<\/p>\s*<details>\s*<summary>outer<\/summary>\s*<details>\s*<summary>inner<\/summary>\s*<p>deep <em>text<\/em><\/p>\s*<\/details>\s*<\/details>\s*<\/div>/,
    )
    expect(html).toMatch(/<b>Proof.<\/b>[^]*Trivial./)
    expect(shownText(html)).not.toContain('{{')
    expect(warnings).toEqual([])
  })

  it('fills a call inside a sentence inline, and reads `with` and `if` on an argument', () => {
    const { html } = render(
      'A {{< mark >}} *marked* {{< /mark >}} word.\n\n{{< box title="T" >}}\nbody\n{{< /box >}}\n\n{{< box note="y" >}}\nplain\n{{< /box >}}',
    )
    expect(html).toContain('<p>A <mark><em>marked</em></mark> word.</p>')
    expect(html).toMatch(/<div><strong>T<\/strong>\s*<p>body<\/p>\s*<\/div>/)
    expect(html).toMatch(/<div><em>noted<\/em>\s*<p>plain<\/p>\s*<\/div>/)
  })

  it('drops, with its warning, a template it cannot run, and keeps the text inside', () => {
    const { html, warnings } = render(
      '{{< tabs a b >}}\nStill *read*.\n{{< /tabs >}}\n\n{{% nosuch %}}\nkept\n{{% /nosuch %}}',
    )
    expect(html).toContain('Still <em>read</em>.')
    expect(html).toContain('kept')
    expect(html).not.toContain('<b>')
    expect(shownText(html)).not.toContain('{{')
    expect(warnings.map((w) => w.message).join(' ')).toMatch(/"tabs"[^]*"nosuch"/)
  })

  it('keeps unclosed and stray calls and very deep nesting as written, for remark-hugo (hostile input)', () => {
    const deep = '{{< details >}}\n'.repeat(40) + 'x\n' + '{{< /details >}}\n'.repeat(40)
    const { html } = render(deep + '\n{{< /details >}}\n\n{{< details >}}\nopen')
    expect(html.match(/<details>/g)?.length).toBeLessThanOrEqual(16)
    expect(shownText(html)).not.toContain('{{')
  })
})
