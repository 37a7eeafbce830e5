import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { isMyst } from '../../../../src/markdown/dialects/myst/index.js'
import { onlyForHtml } from '../../../../src/markdown/dialects/myst/unknown-directives.js'
import type { CslEntry } from '../../../../src/shared/schemas/index.js'
import { shownText } from '../../../helpers/shown-text.js'

/** Text a reader sees, code blocks left out (they show syntax on purpose). */
const shown = (html: string): string => shownText(html, { code: false })

const lecture = readFileSync(new URL('../../../fixtures/dialects/myst/lecture.md', import.meta.url), 'utf8')

const bibliography = new Map<string, CslEntry>([
  [
    'sargent2023',
    {
      id: 'sargent2023',
      type: 'book',
      title: 'Economic Networks',
      author: [{ family: 'Sargent', given: 'Thomas' }],
      issued: { 'date-parts': [[2023]] },
    },
  ],
  [
    'ljungqvist2018',
    {
      id: 'ljungqvist2018',
      type: 'book',
      title: 'Recursive Macroeconomic Theory',
      author: [{ family: 'Ljungqvist', given: 'Lars' }],
      issued: { 'date-parts': [[2018]] },
    },
  ],
])

describe('MyST (Jupyter Book) documents', () => {
  const { html, anchors, warnings } = renderMarkdown(lecture, { bibliography })
  const text = shown(html)

  it('shows no MyST syntax: roles, directive fences, options, targets', () => {
    for (const raw of [
      '{eq}',
      '{numref}',
      '{cite',
      '{prf:',
      '{ref}',
      '{doc}',
      '{index}',
      '```',
      ':::',
      ':label:',
      ':tags:',
      '(intro)=',
      '$$',
      '{math}',
    ])
      expect(text).not.toContain(raw)
  })

  it('numbers labelled equations and links references to them', () => {
    expect(html).toContain('<a href="#user-content-eq-gp_sum">(1)</a>')
    expect(html).toContain('<a href="#user-content-eq-neumann">(2)</a>')
    expect(html).toContain('id="user-content-eq-gp_sum"')
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'neumann', kind: 'equation', number: '2' }))
  })

  it('takes any label the author writes without spaces, as QuantEcon writes kf1&2 and AMSS_lagr;a', () => {
    const md = [
      '---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  name: python3\n---',
      '# Forecasts',
      '$$\nx = 1\n$$ (kf1&2)',
      '$$\ny = 2\n$$ (AMSS_lagr;a)',
      'See {eq}`kf1&2` and {eq}`AMSS_lagr;a`.',
    ].join('\n\n')
    const page = renderMarkdown(md).html
    expect(page).toContain('<a href="#user-content-eq-kf1&#x26;2">(1)</a>')
    expect(page).toContain('<a href="#user-content-eq-AMSS_lagr;a">(2)</a>')
  })

  it('makes figures with numbered captions, and references say their number', () => {
    expect(html).toMatch(
      /<figure id="user-content-fig-growth"><img src="img\/growth.png"[^>]*><figcaption><span class="caption-number">Figure 1:<\/span> Partial sums of/,
    )
    expect(html).toContain('<a href="#user-content-fig-growth">Figure 1</a>')
  })

  it('turns admonitions into callouts with their titles and looks', () => {
    expect(html).toMatch(/<div class="callout callout-note">\s*<p class="callout-title">Note<\/p>/)
    expect(html).toMatch(/<div class="callout callout-tip">\s*<p class="callout-title">Why it matters<\/p>/)
  })

  it('numbers theorem-like blocks per kind, in any case of the directive name, with proofs', () => {
    expect(html).toContain(
      '<strong class="theorem-label">Theorem 1</strong> <span class="theorem-name">(Geometric sum)</span>',
    )
    expect(html).toContain('<strong class="theorem-label">Definition 1</strong>')
    expect(html).toContain('<a href="#user-content-thm-sum">Theorem 1</a>')
    expect(html).toContain('<a href="#user-content-thm-sum">the sum</a>')
    expect(html).toMatch(/<div class="proof">\s*<p><em class="proof-label">Proof.<\/em> Multiply by/)
  })

  it('links to a named note by its title, and to a block by a second label', () => {
    expect(html).toContain('As <a href="#user-content-note-converges">Note</a> says')
    expect(html).toContain('<a id="user-content-note-converges"></a>')
    expect(html).toContain('<a href="#user-content-thm-sum">Theorem 1</a> is a second name')
  })

  it('gathers exercises and solutions between their start and end gates', () => {
    expect(html).toMatch(
      /<div class="theorem theorem-exercise" id="user-content-ex-sum">\s*<p><strong class="theorem-label">Exercise 1<\/strong>\. Compute the sum/,
    )
    expect(html).toContain('Solution to Exercise 1')
  })

  it('cites from the bibliography, parenthetical and narrative', () => {
    expect(text).toContain('(Sargent, 2023)')
    expect(text).toContain('Ljungqvist (2018)')
    expect(warnings.filter((w) => w.rule === 'unknown-citation')).toEqual([])
  })

  it("numbers a code cell's captioned plot as a figure, and leads references to its code", () => {
    expect(html).toContain('<a href="#user-content-fig-drawn">Figure 2</a> is drawn by the code above.')
    expect(html).toContain('id="user-content-fig-drawn"')
    expect(shown(html)).toContain('Figure 2: Partial sums, drawn (drawn by this code when it runs)')
  })

  it('highlights code cells in their kernel language and honours remove tags', () => {
    expect(html).toContain('<code class="hljs language-python">')
    expect(html).not.toContain('secret_setup')
  })

  it('links to other pages of the book and to labels they define', () => {
    expect(html).toMatch(/<a href="linear_models.md"[^>]*>linear models<\/a>/)
    expect(html).toContain('data-xref="label:elsewhere_label"')
    expect(html).toContain('<h1 id="user-content-intro">Geometric series</h1>')
  })

  it('keeps raw HTML and leaves raw LaTeX to other outputs', () => {
    expect(html).toContain('Raw <em>HTML</em> kept.')
    expect(text).not.toContain('newpage')
  })

  it('shows the body of Sphinx’s {only} html, which it reads as Sphinx does, without a warning', () => {
    expect(text).toContain('Shown on the web.')
    expect(warnings.some((w) => w.rule === 'myst-unknown-directive' && w.message.includes('{only}'))).toBe(false)
  })
})

describe('MyST includes', () => {
  const files: Record<string, string> = {
    'parts/defs.md': '```{math}\n:label: included\nE = mc^2\n```\n\nIncluded *prose*.',
    'code/model.py': 'def f(x):\n    return x\n',
  }
  const readInclude = (ref: string): string | null => files[ref] ?? null

  it('reads an included file in place, numbered in order, and a literal include as code', () => {
    const md =
      '$$a$$ (first)\n\n```{include} parts/defs.md\n```\n\n```{literalinclude} code/model.py\n```\n\nSee {eq}`included`.'
    const { html } = renderMarkdown(md, { readInclude })
    expect(shown(html)).toContain('Included prose.')
    expect(html).toContain('<a href="#user-content-eq-included">(2)</a>')
    expect(html).toContain('<code class="hljs language-python">')
  })

  it('drops an include it cannot read, and says so', () => {
    const { html, warnings } = renderMarkdown('```{include} ../../etc/passwd\n```\n\nText.', { readInclude })
    expect(shown(html).trim()).toBe('Text.')
    expect(warnings.some((w) => w.rule === 'myst-include')).toBe(true)
  })
})

describe('MyST detection', () => {
  it('knows MyST by its directives, roles and targets', () => {
    expect(isMyst('```{note}\nx\n```')).toBe(true)
    expect(isMyst(':::{prf:lemma}\nx\n:::')).toBe(true)
    expect(isMyst('See {eq}`x`.')).toBe(true)
    expect(isMyst('(sec-a)=\n# A')).toBe(true)
  })

  it('reads @label as mystmd does: a reference to a target of this page or another, a citation only when the bibliography has it (Project Pythia)', () => {
    const md =
      '# Glossary\n\n(conda-intro)=\n## Conda\n\nSee @conda-intro, @conda-commands and [@installing-conda], as {cite:t}`sargent2023` says.\n'
    const { html, warnings } = renderMarkdown(md, { bibliography })
    expect(html).toContain('<a href="#user-content-conda-intro">Conda</a>')
    // Another page's target: a link the site resolves when the post is read.
    expect(html).toContain('<a href="#conda-commands" data-xref="label:conda-commands">[?conda-commands]</a>')
    expect(html).toContain('data-xref="label:installing-conda"')
    expect(shown(html)).toContain('Sargent (2023)')
    expect(warnings.filter((w) => w.rule === 'unknown-citation')).toEqual([])
  })

  it('links a work cited by its DOI, which no bibliography entry describes, without a warning (Project Pythia)', () => {
    const md =
      '# Jupyter\n\nProject Jupyter [@https://doi.org/10.1109/MCSE.2021.3059263] is a community. Cartopy {cite:p}`10.1080/13658816.2018.1504949` draws maps.\n'
    const { html, warnings } = renderMarkdown(md, { bibliography })
    // A plain link out: the citation cards (a.citation) are for entries of the references list.
    expect(html).toMatch(
      /\(<a class="citation-doi" href="https:\/\/doi\.org\/10\.1109\/MCSE\.2021\.3059263"[^>]*>doi:10\.1109\/MCSE\.2021\.3059263<\/a>\)/,
    )
    expect(html).toContain('href="https://doi.org/10.1080/13658816.2018.1504949"')
    expect(shown(html)).not.toContain('[?')
    expect(warnings.filter((w) => w.rule === 'unknown-citation')).toEqual([])
  })

  it('reads a page whose only MyST is a directive with inline options (Project Pythia’s :::{note icon=false})', () => {
    const md =
      '# Overview\n\nRead on.\n\n:::{note icon=false} ⏱️ Time to learn\n20 minutes\n:::\n\n:::{tip .dropdown} More\nHidden\n:::\n'
    const { html } = renderMarkdown(md)
    expect(shown(html)).not.toContain(':::')
    expect(html).toMatch(/<div class="callout callout-note">\s*<p class="callout-title">⏱️ Time to learn<\/p>/)
    expect(html).toMatch(/<p class="callout-title">More<\/p>/)
  })

  it('leaves Quarto, R Markdown and d2l code cells, and ordinary prose, to the other readers', () => {
    expect(isMyst('```{python}\nprint(1)\n```')).toBe(false)
    expect(isMyst('```{r setup, echo=FALSE}\nx <- 1\n```')).toBe(false)
    expect(isMyst('```{.python .input}\nx = 1\n```')).toBe(false)
    expect(isMyst('We write f(x)= 2 and {a, b}.')).toBe(false)
  })

  it('anchors a second name of a labelled formula, so another page’s {ref} finds it (QuantEcon arma.md)', () => {
    const md =
      '# ARMA\n\n(arma_spec_den)=\n```{math}\n:label: arma_sd\n\nf(\\omega) = 1\n```\n\nSee {ref}`this <arma_spec_den>`.\n'
    const { html, anchors } = renderMarkdown(md)
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'arma_spec_den', id: 'user-content-arma_spec_den' }))
    expect(html).toContain('<a id="user-content-arma_spec_den"></a>')
    expect(html).toContain('<a href="#user-content-eq-arma_sd">this</a>')
  })

  it('shows an {only} html body and leaves out an {only} latex one, with no warning (QuantEcon arma.md)', () => {
    const md =
      '# A\n\nSee\n\n```{only} html\n* web only\n```\n\n```{only} latex\n* print only\n```\n\n```{note}\nx\n```\n'
    const { html, warnings } = renderMarkdown(md)
    expect(shown(html)).toContain('web only')
    expect(shown(html)).not.toContain('print only')
    expect(shown(html)).not.toContain('{only}')
    expect(warnings.filter((w) => w.rule === 'myst-unknown-directive')).toEqual([])
    expect(onlyForHtml('not latex and (html or epub)')).toBe(true)
    expect(onlyForHtml('latex or jupyter')).toBe(false)
    // A directive it does not know at all still shows its body, with a warning.
    const unknown = renderMarkdown('# A\n\n:::{site-box}\nBody text.\n:::\n')
    expect(shown(unknown.html)).toContain('Body text.')
    expect(unknown.warnings.some((w) => w.rule === 'myst-unknown-directive')).toBe(true)
  })

  it('reads a Quarto chapter with a {mermaid} diagram beside its {r} cells as Quarto (causal-inference-in-R)', () => {
    const qmd = '```{r}\n#| echo: false\nsetup()\n```\n\n```{mermaid}\ngraph LR\n  A --> B\n```\n\nText after.\n'
    expect(isMyst(qmd)).toBe(false)
    const { html } = renderMarkdown(qmd)
    expect(shown(html)).not.toContain('#|')
    expect(html).not.toContain('setup()')
    // Its diagram is drawn, as Quarto draws it (diagrams/rehype-diagrams.ts).
    expect(html).toMatch(/<img[^>]*alt="Flowchart: A, B"[^>]*class="diagram"/)
    expect(isMyst('```{mermaid}\ngraph LR\n```')).toBe(true)
  })

  it('never reads a Quarto document as MyST, even one whose only cells are diagrams (quarto-web’s diagrams.qmd)', () => {
    const qmd =
      '::: callout-note\nDiagrams need a browser.\n:::\n\n```{mermaid}\nflowchart LR\n  A --> B\n```\n\n```{dot}\ngraph G { a -- b }\n```\n'
    const { html, warnings } = renderMarkdown(qmd, { sourceExtension: '.qmd' })
    expect(html).toMatch(/<div class="callout callout-note">/)
    expect(warnings.filter((w) => w.rule === 'myst-unknown-directive')).toEqual([])
    expect(shown(html)).not.toContain(':::')
    expect(html.match(/<img[^>]*class="diagram"/g)).toHaveLength(2)
  })

  it('reads directives nested far deeper than any document does as text, and a real nesting as MyST', () => {
    const deep = renderMarkdown(':::{note}\n'.repeat(100) + 'Inside.\n')
    expect(deep.html).not.toContain('callout')
    expect(shown(deep.html)).toContain(':::{note}')
    const real = renderMarkdown('::::{note}\n:::{tip}\nInside.\n:::\n::::\n')
    expect(real.html.match(/class="callout /g)).toHaveLength(2)
    expect(shown(real.html)).not.toContain(':::')
  })

  it('never throws on hostile input', () => {
    // Deep nesting (thousands of unclosed directives) exhausts the MyST parser's stack: read as CommonMark instead.
    const hostile = [
      '```{note}\n'.repeat(1_000),
      '{eq}`'.repeat(5_000),
      ':::{a}\n'.repeat(5_000),
      '(x)=\n'.repeat(2_000),
    ]
    for (const text of hostile) expect(() => renderMarkdown(text)).not.toThrow()
  })
})

describe('{figure-md} (myst-parser, Jupyter Book 1’s docs)', () => {
  it('is a figure named by its argument: its <img> or image the picture, the rest the caption', () => {
    const md =
      '# Figs\n\n:::{figure-md} markdown-fig\n<img src="fish.png" alt="fishy" class="bg-primary mb-1" width="200px">\n\n' +
      'This is a caption in **Markdown**!\n:::\n\n[Go to the fish!](markdown-fig) and {numref}`markdown-fig`.\n'
    const { html, warnings } = renderMarkdown(md)
    expect(warnings.filter((w) => w.rule === 'myst-unknown-directive')).toEqual([])
    expect(html).toMatch(/<figure id="user-content-markdown-fig"><img[^>]*alt="fishy"/)
    expect(shown(html)).toContain('Figure 1: This is a caption in Markdown!')
    expect(html).toContain('<a href="#user-content-markdown-fig">Figure 1</a>')
    expect(shown(html)).not.toContain('figure-md')
  })
})

describe('{glossary} as Sphinx writes it, and {term} (Jupyter Book 1’s docs)', () => {
  const glossary = [
    '# Glossary',
    '',
    '```{glossary}',
    '[CommonMark](https://commonmark.org/)',
    '    A standard syntax of Markdown, the base for {term}`MyST Markdown <MyST>`.',
    '',
    '[MyST Markdown](https://myst-parser.readthedocs.io/)',
    '[MyST](https://myst-parser.readthedocs.io/)',
    '    A flavour of Markdown designed for {term}`Sphinx`.',
    '',
    'Sphinx',
    '    A documentation tool.',
    '```',
    '',
    'See {term}`Sphinx`.',
  ].join('\n')

  it('is a definition list whose terms are targets, each {term} a link to its entry', () => {
    const { html, anchors, warnings } = renderMarkdown(glossary)
    expect(warnings).toEqual([])
    expect(html).toMatch(
      /<dt id="user-content-term-commonmark"><a href="https:\/\/commonmark.org\/"[^>]*>CommonMark<\/a><\/dt>/,
    )
    expect(html).toContain('<dt id="user-content-term-myst-markdown">')
    expect(html).toContain('<dt id="user-content-term-myst">')
    expect(html).toMatch(/<dd>\s*<p>A documentation tool.<\/p>\s*<\/dd>/)
    expect(html).toContain('<a href="#user-content-term-myst">MyST Markdown</a>')
    expect(html.match(/<a href="#user-content-term-sphinx">Sphinx<\/a>/g)).toHaveLength(2)
    // Other pages of the book reach the terms by the same names.
    expect(anchors.map((a) => a.key)).toEqual(expect.arrayContaining(['term-myst', 'term-sphinx', 'term-commonmark']))
  })

  it('keeps mystmd’s own definition-list glossary as it was, its terms targets too', () => {
    const { html } = renderMarkdown('```{glossary}\nMyST\n: A flavour of Markdown.\n```\n\nSee {term}`MyST`.\n')
    expect(html).toContain('<dt id="user-content-term-myst">MyST</dt>')
    expect(html).toContain('<a href="#user-content-term-myst">MyST</a>')
  })
})
