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

  it("keeps the text inside an unknown paired shortcode, even when its arguments hold an address (ouuan's hugo-blog)", () => {
    const md = [
      '### Example',
      '',
      '{{% question "Luogu P4719" "https://www.luogu.com.cn/problem/P4719" %}}',
      'Given a tree of $n$ weighted nodes, answer $m$ updates.',
      '',
      '$1\\le n, m\\le 10^5$.',
      '{{% /question %}}',
      '',
      '## Next',
    ].join('\n')
    const { html, warnings } = renderMarkdown(md)
    const shown = shownText(html)
    expect(shown).not.toMatch(/\{\{|%\}\}|question/)
    expect(shown).toContain('Given a tree of')
    expect(html.match(/class="katex"/g)?.length).toBeGreaterThanOrEqual(3)
    expect(warnings.map((w) => w.message)).toEqual([expect.stringContaining('"question"')])
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

  it('shows a figure whose caption holds a formula and a link, read from its line', () => {
    // As a post of the University of Freiburg's AD blog writes it (ad-freiburg/ad-blog, content/post/
    // project-better-map-matching-mobile-phones-to-public-transit-vehicles): `}}` in the caption's TeX.
    const md = [
      'Text.',
      '',
      '{{< figure id="fig-g_hmm" src="img/PTS_G_HMM.png" alt="G_HMM" width="800" caption="> Figure 3: \\\\(G_{\\text{HMM}}\\\\) has one column (compare [Figure 2](#fig-g_network))." >}}',
      '',
      'After.',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).toContain('<img src="img/PTS_G_HMM.png" alt="G_HMM"')
    expect(html).toContain('<figcaption>Figure 3: <span class="katex">')
    expect(html).toContain('<a href="#fig-g_network">Figure 2</a>')
    expect(shownText(html)).not.toMatch(/\{\{|\\\(|\]\(/)
  })
})

describe("a Hugo site's own shortcodes", () => {
  // as ouuan/hugo-blog's layouts/shortcodes/img.html
  const templates: Record<string, string> = {
    '/layouts/shortcodes/img.html':
      '{{/* a figure of the post */}}<img src="/post_img/{{ $.Page.File.BaseFileName }}/{{ .Get 0 }}.{{ .Get 1 }}" alt="{{ .Get 0 }}">\n',
    '/layouts/shortcodes/badge.html': '<span class="badge" title="{{ .Get "title" }}">{{ .Get "text" }}</span>',
    '/layouts/shortcodes/fancy.html': '{{ range .Params }}<b>{{ . }}</b>{{ end }}',
  }
  const render = (md: string) =>
    renderMarkdown(md, { readInclude: (ref) => templates[ref] ?? null, sourceName: 'CF603E' })

  it('fills in a template that only places arguments and the page’s name', () => {
    const { html, warnings } = render(
      'The solution:\n\n{{% img solve png %}}\n\nA {{< badge text="new <b>" title=\'x"y\' >}} badge.',
    )
    expect(html).toContain('<img src="/post_img/CF603E/solve.png" alt="solve"')
    // arguments escaped as Go's html/template does (the sanitiser then keeps what it allows)
    expect(html).toContain('title="x&#x22;y">new &#x3C;b></span> badge.')
    expect(shownText(html)).not.toContain('{{')
    expect(warnings).toEqual([])
  })

  it('reads an essay of many calls once per name (hostile input)', () => {
    const { html } = render('{{< nosuch a >}} {{< img x png >}} '.repeat(5_000))
    expect(html.match(/<img /g)).toHaveLength(5_000)
  })

  it('drops, with its warning, a template that runs logic, and one the site does not have', () => {
    const { html, warnings } = render('{{< fancy a >}}\n\n{{< missing b >}}\n')
    expect(shownText(html)).not.toContain('{{')
    expect(warnings.map((w) => w.message).join(' ')).toMatch(/"fancy"[^]*"missing"/)
  })
})

describe('a site shortcode in a Quarto page (acederberg/quarto-maths’ `{{< iconify … >}}`)', () => {
  it('is left out, with a warning that names Quarto, not Hugo', () => {
    const { html, warnings } = renderMarkdown('Python {{< iconify devicon python >}} is used.\n', {
      sourceExtension: '.qmd',
    })
    expect(html).not.toContain('{{')
    expect(warnings.map((w) => w.message)).toEqual([
      'the Quarto shortcode "iconify" is the site\'s own template and is not run',
    ])
  })
})
