import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

/** Values as Jupyter Book's own documentation defines them (docs/content/content-blocks.md). */
const values = new Map([
  ['key1', "I'm a **substitution**"],
  ['key2', '```{note}\n{{ key1 }}\n```\n'],
  ['repo_url', '[my repo url](https://github.com/executablebooks/jupyter-book)'],
  ['fig', '```{figure} https://example.org/fish.png\n:name: fig-fish\n\nA fish.\n```\n'],
  ['unit', 'GeV'],
])

const render = (body: string, substitutions: ReadonlyMap<string, string> = values) =>
  renderMarkdown(body, { substitutions })

describe('MyST substitutions', () => {
  it('replaces an inline key by its value read as markdown, with or without spaces in the braces', () => {
    const page = render('Inline: {{ key1 }} and {{unit}}, then a link: {{ repo_url }}.\n')
    expect(page.html).toContain(
      'Inline: I’m a <strong>substitution</strong> and GeV, then a link: <a href="https://github.com/executablebooks/jupyter-book"',
    )
    expect(page.html).not.toContain('{{')
  })

  it('puts a value used alone on a line as blocks: a note whose text is itself a substitution, a numbered figure', () => {
    const page = render('# Page\n\n{{ key2 }}\n\nText before {{ fig }} and after.\n\nSee {numref}`fig-fish`.\n')
    expect(page.html).toMatch(/<div class="callout callout-note">[\s\S]*I’m a <strong>substitution<\/strong>/)
    expect(page.html).toContain('<figure')
    expect(page.html).toContain('A fish.')
    expect(shownText(page.html, { code: false })).toContain('Text before')
    expect(shownText(page.html, { code: false })).toContain('and after.')
    expect(shownText(page.html, { code: false })).toContain('See Figure 1')
    expect(page.html).not.toContain('{{')
  })

  it('never substitutes in code spans, code blocks or formulas', () => {
    const page = render(
      'Write `{{ unit }}` in $\\text{{{unit}}}$.\n\n```python\nprint("{{ unit }}")\n```\n\n{{ unit }} ends.\n',
    )
    expect(page.html).toContain('<code>{{ unit }}</code>')
    expect(page.html).toContain('<span class="hljs-string">"{{ unit }}"</span>')
    expect(page.html).toContain('<annotation encoding="application/x-tex">\\text{{{unit}}}</annotation>')
    expect(page.html).toContain('GeV ends.')
  })

  it('applies Jinja text filters such as upper and replace', () => {
    const page = render('{{ unit | lower }}, {{ key1 | replace("a **sub", "the **best sub") }}\n')
    expect(page.html).toContain('gev, I’m the <strong>best substitution</strong>')
  })

  it('leaves an unknown key out with a warning, as myst-parser shows nothing for it', () => {
    const page = render('Before {{ nowhere }} after.\n')
    expect(shownText(page.html, { code: false })).toContain('Before  after.')
    expect(page.warnings).toContainEqual({
      rule: 'myst-substitution',
      message: 'MyST substitution {{ nowhere }}: no value is defined for it, so it is left out',
    })
  })

  it('leaves out a Python expression, even one the parser cut at its link, and a value that refers to itself', () => {
    const loop = new Map([['me', 'again {{ me }}']])
    const page = render("Link: {{ '[repo](https://x.org/{r})'.format(r=unit) }}.\n\nLoop: {{ me }}\n", loop)
    expect(page.html).not.toContain('{{')
    expect(page.html).not.toContain('format(')
    expect(page.warnings.filter((w) => w.rule === 'myst-substitution')).toHaveLength(2)
  })

  it('leaves braces as written on a page with no substitution values (a Jinja example in prose)', () => {
    const page = renderMarkdown('```{note}\nTemplates print {{ name }} here.\n```\n')
    expect(page.html).toContain('callout-note')
    expect(page.html).toContain('Templates print {{ name }} here.')
  })
})
