import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { parseAttributes } from '../../../../src/markdown/dialects/pandoc/attributes.js'

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
