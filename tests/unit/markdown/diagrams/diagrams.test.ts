import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

/** The SVG inside a diagram's `data:` address. */
function drawings(html: string): { svg: string; tag: string }[] {
  return [...html.matchAll(/<img(?:[^>"]|"[^"]*")*class="diagram"(?:[^>"]|"[^"]*")*>/g)].map(([tag]) => {
    const src = /src="data:image\/svg\+xml,([^"]*)"/.exec(tag)?.[1] ?? ''
    return { tag, svg: decodeURIComponent(src.replace(/&#x26;/g, '&').replace(/&amp;/g, '&')) }
  })
}

// quarto-web's docs/authoring/diagrams.qmd (quarto-dev/quarto-web, CC BY): its flowchart and
// its labelled Graphviz figure.
const quartoPage = [
  'For example, here we embed a flowchart created using Mermaid:',
  '',
  '```{mermaid}',
  'flowchart LR',
  '  A[Hard edge] --> B(Round edge)',
  '  B --> C{Decision}',
  '  C --> D[Result one]',
  '  C --> E[Result two]',
  '```',
  '',
  '```{dot}',
  '//| label: fig-simple',
  '//| fig-cap: "This is a simple graphviz graph."',
  'graph G {',
  '  layout=neato',
  '  run -- intr;',
  '  intr -- runbl;',
  '  runbl -- run;',
  '}',
  '```',
  '',
  'We could then create a cross-reference to the diagram with @fig-simple.',
].join('\n')

describe('diagrams (issue 38)', () => {
  it("draws Quarto's {mermaid} and {dot} cells as figures, numbered and referred to when labelled", () => {
    const { html, warnings } = renderMarkdown(quartoPage, { sourceExtension: '.qmd' })
    const [flow, graph] = drawings(html)
    expect(flow.tag).toContain('alt="Flowchart: Hard edge, Round edge, Decision, Result one, Result two"')
    expect(graph.tag).toContain('alt="Graph: run, intr, runbl"')
    expect(flow.tag).toMatch(/width="\d+" height="\d+"/)
    expect(flow.svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(graph.svg).toContain('<svg')
    // Quarto shows no source for a diagram cell unless asked, and no option line ever.
    expect(shownText(html)).not.toMatch(/flowchart LR|layout=neato|\/\/\||fig-cap/)
    expect(html).toMatch(/<figure>\s*<a id="user-content-fig-simple"><\/a>\s*<img[^>]*class="diagram"/)
    expect(shownText(html)).toContain('Figure 1: This is a simple graphviz graph.')
    expect(html).toMatch(/<a href="#user-content-fig-simple"[^>]*>Figure(&nbsp;|\s| )1<\/a>/)
    expect(warnings).toEqual([])
  })

  it('draws self-contained, inert pictures: no script, no fetched font, every colour worked out', () => {
    const { html } = renderMarkdown('```mermaid\nflowchart LR\n  A["<script>alert(1)</script>"] --> B\n```\n')
    const [{ svg }] = drawings(html)
    expect(svg).not.toMatch(/<script|@import|googleapis|var\(|color-mix/)
    expect(svg).toContain('&lt;script&gt;')
    // In the alt attribute the label is text, never markup.
    expect(html.replace(/alt="[^"]*"/g, '')).not.toContain('<script')
    expect(svg).toMatch(/fill="#[0-9a-f]{6}"/)
  })

  it('draws GitHub-style ```mermaid blocks, MyST {mermaid} directives and Hugo {{< mermaid >}} shortcodes', () => {
    const sequence = 'sequenceDiagram\n  Alice->>Bob: Hello Bob\n  Bob-->>Alice: Hi Alice'
    const written = [
      '```mermaid\n' + sequence + '\n```\n',
      '# Notes\n\n```{mermaid}\n' + sequence + '\n```\n\n:::{note}\nA note.\n:::\n',
      'Before.\n\n{{< mermaid >}}\n' + sequence + '\n{{< /mermaid >}}\n\nAfter.\n',
    ]
    for (const markdown of written) {
      const { html, warnings } = renderMarkdown(markdown)
      expect(drawings(html).map((d) => /alt="([^"]*)"/.exec(d.tag)?.[1])).toEqual([
        'Sequence diagram: Hello Bob, Hi Alice, Alice, Bob',
      ])
      expect(html).toMatch(/<figure class="diagram"><img/)
      expect(shownText(html)).not.toContain('sequenceDiagram')
      expect(warnings).toEqual([])
    }
  })

  it('shows the source above the diagram when the cell asks (echo: fenced, echo: true)', () => {
    const fenced = renderMarkdown('```{mermaid}\n%%| echo: fenced\nflowchart LR\n  A --> B\n```\n', {
      sourceExtension: '.qmd',
    })
    expect(shownText(fenced.html)).toContain('```{mermaid}\nflowchart LR\n  A --> B\n```')
    expect(drawings(fenced.html)).toHaveLength(1)
    const echoed = renderMarkdown('```{dot}\n//| echo: true\ndigraph { a -> b }\n```\n', { sourceExtension: '.qmd' })
    expect(shownText(echoed.html)).toContain('digraph { a -> b }')
    expect(shownText(echoed.html)).not.toContain('echo')
    expect(drawings(echoed.html)).toHaveLength(1)
  })

  it("reads a {dot} cell's source from the file its file: option names", () => {
    const readInclude = (ref: string) => (ref === 'images/kernel.dot' ? 'digraph { kernel -> zombie }' : null)
    const cell = '```{dot}\n//| label: fig-kernel\n//| fig-cap: "The kernel."\n//| file: images/kernel.dot\n```\n'
    const { html, warnings } = renderMarkdown(cell, { sourceExtension: '.qmd', readInclude })
    expect(drawings(html)[0].tag).toContain('alt="Graph: kernel, zombie"')
    expect(warnings).toEqual([])
    const missing = renderMarkdown(cell, { sourceExtension: '.qmd', readInclude: () => null })
    expect(missing.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^Diagram 1 \(graphviz\) could not be drawn.*file it names was not found/),
    ])
  })

  it('leaves what it cannot draw as its source, with a warning saying why, and no highlighter complaint', () => {
    const { html, warnings } = renderMarkdown(
      '```mermaid\npie title Pets\n  "Dogs" : 386\n```\n\n```{dot}\ndigraph { a -> \n```\n',
      { sourceExtension: '.qmd' },
    )
    expect(drawings(html)).toEqual([])
    expect(shownText(html)).toContain('pie title Pets')
    expect(shownText(html)).toContain('digraph { a ->')
    expect(warnings).toEqual([
      {
        rule: 'diagram',
        message: expect.stringMatching(
          /^Diagram 1 \(mermaid\) could not be drawn, shown as its source: a Mermaid pie cannot/,
        ),
      },
      {
        rule: 'diagram',
        message: expect.stringMatching(/^Diagram 2 \(graphviz\) could not be drawn.*Graphviz: syntax error/),
      },
    ])
  })
})
