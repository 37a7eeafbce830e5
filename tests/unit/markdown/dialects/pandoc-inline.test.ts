import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { parseAttributes } from '../../../../src/markdown/dialects/pandoc/attributes.js'
import { expandIncludes } from '../../../../src/markdown/dialects/pandoc/includes.js'
import { shownText } from '../../../helpers/shown-text.js'

describe('pandoc attributes', () => {
  it('reads ids, classes and quoted values, and never throws on malformed ones', () => {
    const a = parseAttributes('#thm-x .callout-note title="A } title" n=2 -')
    expect(a.id).toBe('thm-x')
    expect(a.classes).toEqual(['callout-note', 'unnumbered'])
    expect(a.values.get('title')).toBe('A } title')
    expect(a.values.get('n')).toBe('2')
    for (const bad of ['"', '#', '.', '=', 'a="', '{{{', '#a #b', '\\"x'])
      expect(() => parseAttributes(bad)).not.toThrow()
  })
})

describe('pandoc inline attributes and spans', () => {
  it('takes attributes off headings, keeping the id', () => {
    const { html } = renderMarkdown('## Notes {#sec-notes .unnumbered .unlisted}\n\nSee @sec-notes.\n')
    expect(html).toContain('<h2 id="user-content-sec-notes">Notes</h2>')
    expect(html).toContain('<a href="#user-content-sec-notes">Notes</a>')
    expect(html).not.toMatch(/\{[#.]/)
  })

  it('turns bracketed spans into text, mark or u, dropping unknown classes', () => {
    const { html } = renderMarkdown(
      'A [small caps]{.smallcaps}, [marked *text*]{.mark}, [under]{.underline} and [plain]{.foo key=v}.\n',
    )
    expect(html).toContain('A small caps, <mark>marked <em>text</em></mark>, <u>under</u> and plain.')
  })

  it('leaves links, TeX braces and ordinary brackets alone', () => {
    const { html } = renderMarkdown('[a link](https://example.com) and [b]{x} and [c] {#d}.\n')
    expect(html).toContain('>a link</a>')
    expect(html).toContain('[b]{x}')
  })

  it('drops image attributes it cannot keep', () => {
    const { html } = renderMarkdown('Icon ![i](i.png){width=50% fig-align="center"} here.\n')
    expect(html).not.toContain('{')
    expect(html).not.toContain('width=')
  })
})

describe('image attributes Quarto reads (quarto-web’s docs/authoring/figures.qmd)', () => {
  it('gives the picture its fig-alt text, the caption staying the figure’s, code spans in the value and all', () => {
    const { html } = renderMarkdown(
      [
        '![](knitr.png){.preview-image fig-alt="Two plots of the `cars` and `pressure` datasets."}',
        '',
        '![Elephant drawing](elephant.png){#fig-e fig-alt="A line drawing of an elephant."}',
        '',
        'See @fig-e.',
      ].join('\n'),
    )
    expect(html).toContain(
      '<img src="knitr.png" alt="Two plots of the &#x60;cars&#x60; and &#x60;pressure&#x60; datasets."',
    )
    expect(html).toContain('<img src="elephant.png" alt="A line drawing of an elephant."')
    expect(shownText(html)).toContain('Figure 1: Elephant drawing')
    expect(shownText(html)).not.toMatch(/[{}]/)
  })
})

describe('Quarto shortcodes', () => {
  it('renders what a page can show and drops the rest with a warning, never raw', () => {
    // `meta` reads the page's variables (TOML/Franklin settings the preprocessor keeps); YAML's are the importer's.
    const md =
      '+++\ntitle = "My Notes"\n+++\n\nTitle: {{< meta title >}}.\n\n{{< pagebreak >}}\n\n{{< include _setup.qmd >}}\n\n{{< video https://www.youtube.com/embed/wo9vZccmqwc >}}\n\nPress {{< kbd Ctrl-C >}}.\n'
    const { html, warnings } = renderMarkdown(md)
    expect(html).toContain('Title: My Notes.')
    expect(html).toMatch(/<a href="https:\/\/www.youtube.com\/embed\/wo9vZccmqwc"[^>]*>Video<\/a>/)
    expect(html).toContain('<kbd>Ctrl-C</kbd>')
    expect(html).not.toMatch(/\{\{|include|pagebreak/)
    expect(warnings.some((w) => w.rule === 'dropped-shortcode' && w.message.includes('_setup.qmd'))).toBe(true)
  })
})

describe('Quarto includes and page metadata', () => {
  const parts: Record<string, string> = {
    '_setup.qmd':
      '---\ntitle: part\n---\n\n## Setup {#sec-setup}\n\nInstall it with $x^2$ and {{< include _deeper.md >}}\n\n{{< include _deeper.md >}}\n',
    '_deeper.md':
      'A *deeper* part, itself including {{< include _setup.qmd >}} on its line:\n\n{{< include _setup.qmd >}}\n',
  }
  const readInclude = (ref: string): string | null => parts[ref] ?? null

  it('puts an included file’s text where its line was, with its markup read as the page’s own', () => {
    const md =
      'Before.\n\n{{< include _setup.qmd >}}\n\nSee @sec-setup.\n\n```\n{{< include _setup.qmd >}}\n```\n\n{{< include _gone.qmd >}}\n'
    const { html, toc, warnings } = renderMarkdown(md, { readInclude })
    expect(toc.map((t) => t.text)).toEqual(['Setup'])
    expect(html).toContain('<em>deeper</em>')
    expect(html).toContain('class="katex"')
    expect(html).toContain('See <a href="#user-content-sec-setup">Setup</a>.')
    // A code block shows the shortcode as its example; the part's front matter is not text.
    expect(html).toContain('{{&#x3C; include _setup.qmd >}}')
    expect(html).not.toContain('title: part')
    // An include of an include of itself stops, and the missing file is named.
    expect(warnings.filter((w) => w.rule === 'include').map((w) => w.message)).toEqual([
      'Included file includes itself: _setup.qmd',
      'Included file not found: _gone.qmd',
    ])
  })

  it('stops a page that includes a large part over and over', () => {
    const big = 'word '.repeat(300_000)
    const { markdown, problems } = expandIncludes('{{< include big.md >}}\n\n'.repeat(20), () => big)
    expect(markdown.length).toBeLessThanOrEqual(4_000_100)
    expect(problems.length).toBeGreaterThan(0)
    expect(problems.every((p) => p.includes('big.md'))).toBe(true)
  })

  it('fills {{< meta >}} from the front matter the importer read, nested keys included', () => {
    const metadata = new Map([
      ['title', 'Notes on Sets'],
      ['author', 'Ada Lovelace, Alan Turing'],
      ['params.version', '2.1'],
    ])
    const { html } = renderMarkdown(
      'By {{< meta author >}}, version {{< meta params.version >}}: {{< meta title >}}.\n',
      {
        metadata,
      },
    )
    expect(html).toContain('By Ada Lovelace, Alan Turing, version 2.1: Notes on Sets.')
  })
})

describe('pandoc syntax on hostile input', () => {
  it('stays fast and never throws', () => {
    const hostile = [
      ':'.repeat(100_000),
      '::: {.x}\n'.repeat(3_000),
      '::: {.x}\n'.repeat(2_000) + ':::\n'.repeat(2_000),
      ':::\n'.repeat(10_000),
      '::: {' + '"'.repeat(50_000),
      '[a]{.b} '.repeat(2_000),
      '['.repeat(20_000) + ']{.x}',
      '![a](b){'.repeat(5_000),
      '@thm-x '.repeat(10_000),
      '{{< include x >}}'.repeat(5_000),
    ]
    for (const text of hostile) {
      const started = performance.now()
      expect(() => renderMarkdown(text)).not.toThrow()
      expect(performance.now() - started).toBeLessThan(10_000)
    }
  })
})

describe('pandoc inline notes ^[…] (bookdown, Quarto)', () => {
  // As rafalab/dsbook writes them: "RStudio^[https://www.rstudio.com/] includes an editor".
  const md =
    'RStudio^[https://www.rstudio.com/] includes an editor^[See *the* [manual](https://x.org) and [this].] ' +
    'and `^[code]` and $x^[a]$.\n\nSecond[^1] para^[second note].\n\n[^1]: A classic note.\n'
  const { html } = renderMarkdown(md)

  it('become numbered footnotes, in order with [^n] notes, markup kept; code and math untouched', () => {
    const shown = shownText(html, { code: false })
    expect(shown).not.toContain('^[')
    expect(html.match(/data-footnote-ref/g)?.length).toBe(4)
    expect(html).toMatch(/<li id="[^"]*">\s*<p><a href="https:\/\/www.rstudio.com\/"/)
    expect(html).toContain('See <em>the</em> <a href="https://x.org"')
    expect(html).toContain('<code>^[code]</code>')
    expect(html).toContain('x^[a]</annotation>')
  })

  it('leave an unclosed ^[ as text, linearly', () => {
    expect(shownText(renderMarkdown('a ^[b c\n').html)).toContain('a ^[b c')
    const { html: long } = renderMarkdown('x^[ '.repeat(20_000) + '\n')
    expect(long).toContain('x^[')
  })
})
