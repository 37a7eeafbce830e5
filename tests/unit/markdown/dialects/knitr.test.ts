import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { parseXref } from '../../../../src/xref/xref-target.js'
import { labelText } from '../../../../src/xref/resolve-html.js'
import { shownText } from '../../../helpers/shown-text.js'
import { pandocIdentifier } from '../../../../src/markdown/dialects/knitr/pandoc-identifier.js'

const chapter = readFileSync(new URL('../../../fixtures/dialects/bookdown/chapter.Rmd', import.meta.url), 'utf8')

describe('R Markdown / bookdown and Quarto code chunks', () => {
  const { html, anchors } = renderMarkdown(chapter)

  it('highlights a chunk in its engine language, without its options', () => {
    expect(html).toContain('<code class="hljs language-r">library')
    expect(html).toContain('<code class="hljs language-python"><span class="hljs-built_in">print</span>')
    expect(shownText(html)).not.toMatch(/\{r|\{python|#\|/)
  })

  it('leaves out chunks whose code the author hid', () => {
    for (const hidden of ['plot(cars)', 'hidden = True', 'opts_chunk']) expect(html).not.toContain(hidden)
  })

  it('numbers (\\#eq:label) equations and resolves \\@ref to the number alone, linked', () => {
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'eq:binom', kind: 'equation', number: '1' }))
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'eq:g', kind: 'equation', number: '2' }))
    expect(html).toContain('equation (<a href="#user-content-eq-eq:binom">1</a>)')
    expect(html).toContain('By <a href="#user-content-eq-eq:g">2</a>')
    expect(html).toContain('Chapter <a href="#user-content-intro">Intro</a>')
    expect(shownText(html)).not.toContain('@ref(')
    expect(shownText(html)).not.toContain('(\\#eq')
  })

  it('leaves a label of another chapter to the site, reading ?? until it resolves to the number', () => {
    expect(html).toContain('<a href="#eq:missing" data-xref="number:eq:missing">??</a>')
    const target = parseXref('number:eq:missing')
    expect(target).toEqual({ kind: 'label', key: 'eq:missing', style: 'number' })
    const hit = {
      post: { title: 'Chapter 2' },
      anchor: { key: 'eq:missing', id: 'x', kind: 'equation' as const, number: '4' },
    }
    expect(labelText(hit, 'number')).toBe('4')
  })
})

// Shortened from rstudio/bookdown's own book (see the fixture folder's README).
const components = readFileSync(
  new URL('../../../fixtures/dialects/bookdown/components/components.Rmd', import.meta.url),
  'utf8',
)

describe('a bookdown chapter as its book shows it', () => {
  const { html, anchors } = renderMarkdown(components)
  const shown = shownText(html, { code: false })

  it('shows the images a chunk includes as a numbered figure with its caption, not as R code', () => {
    expect(html).not.toContain('include_graphics')
    expect(html.match(/<img src="images\/knit-logo.png"/g)).toHaveLength(3)
    expect(shown).toContain('Figure 1: Three knitr logos included')
    expect(html).toContain('<img src="images/new-bs4-book.png" alt="Screenshot of the RStudio Project Wizard."')
    expect(shown).toContain('Figure 3: Screenshot of the RStudio Project Wizard.')
    expect(html).toContain('Figure <a href="#user-content-fig:knitr-logo">1</a> is an example')
    expect(html).toContain('the wizard is in Figure <a href="#user-content-fig:new-bs4-book">3</a>')
  })

  it('numbers a plot only running R draws, under its code, with its text reference as caption', () => {
    expect(html).toContain('<code class="hljs language-r">par')
    expect(shown).toContain('Figure 2: A figure example with the specified aspect ratio.')
    expect(html).toContain('<strong>aspect ratio</strong>')
    expect(shown).not.toContain('(ref:')
    expect(html).toContain('Figure <a href="#user-content-fig:pressure-plot">2</a> a plot')
  })

  it('resolves a theorem by its bookdown prefix, and sections by the identifiers pandoc gives their headings', () => {
    expect(html).toContain('its theorem number <a href="#user-content-pyth">1</a>')
    expect(html).toContain('<h2 id="user-content-tufte-style">Tufte style</h2>')
    expect(html).toContain('(Section <a href="#user-content-tufte-style">Tufte style</a>)')
    expect(html).toContain('(Section <a href="#user-content-theorems">Theorems</a>)')
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'tufte-style', kind: 'section' }))
    expect(anchors).toContainEqual(expect.objectContaining({ key: 'fig:knitr-logo', kind: 'figure', number: '1' }))
    expect(shown).not.toContain('@ref')
    expect(html).not.toContain('data-xref')
  })
})

describe("pandoc's identifiers", () => {
  it('are the heading text in lower case, hyphenated, from its first letter', () => {
    expect(pandocIdentifier('Tufte style')).toBe('tufte-style')
    expect(pandocIdentifier('1.2 Odd, title!')).toBe('odd-title')
    expect(pandocIdentifier('(APPENDIX) Appendix')).toBe('appendix-appendix')
    expect(pandocIdentifier('?!')).toBe('section')
  })
})

describe('Quarto cells that make a figure or table (#| label: fig-x, #| fig-cap)', () => {
  // As causal-inference-in-R's chapters write them: the plot only running R makes, referred to as @fig-x.
  const qmd = [
    'See @fig-po and @tbl-po.',
    '',
    '```{r}',
    '#| label: fig-po',
    '#| fig-cap: "The average potential outcomes."',
    '#| echo: false',
    'plot(x)',
    '```',
    '',
    '![A picture](x.png){#fig-b}',
    '',
    '```{r}',
    '#| label: tbl-po',
    "#| tbl-cap: 'It''s a table'",
    'gt(data)',
    '```',
    '',
    '```{r}',
    '#| label: fig-dotted',
    '#| fig.cap: "Written with knitr\'s option name."',
    'ggplot(d)',
    '```',
    '',
    'Then @fig-b and @fig-dotted.',
  ].join('\n')
  const { html, warnings } = renderMarkdown(qmd)

  it('numbers them with the page figures and tables, captioned, and links references to them', () => {
    expect(html).toContain('<a href="#user-content-fig-po">Figure 1</a> and <a href="#user-content-tbl-po">Table 1</a>')
    expect(html).toContain('Figure 1:</span> The average potential outcomes.')
    expect(html).toContain('Table 1:</span> It’s a table')
    expect(html).toContain(
      '<a href="#user-content-fig-b">Figure 2</a> and <a href="#user-content-fig-dotted">Figure 3</a>',
    )
    expect(html).not.toContain('plot(x)')
    expect(shownText(html)).not.toMatch(/#\||fig-cap|@fig/)
    expect(warnings.filter((w) => w.rule === 'unresolved-reference')).toEqual([])
  })
})

describe('bookdown figures whose path an earlier chunk names (rafalab/dsbook)', () => {
  it('shows include_graphics(file.path(img_path, "x.png")) given img_path <- "R/img" in a hidden chunk', () => {
    const rmd =
      '# G\n\n```{r, include=FALSE}\nimg_path <- "R/img"\n```\n\nText.\n\n' +
      '```{r, echo=FALSE}\nknitr::include_graphics(file.path(img_path,"R_console.png"))\n```\n\n' +
      "```{r, echo=FALSE}\nknitr::include_graphics(file.path(img_path, 'a.png'), dpi = NA)\n```\n\n" +
      '```{r echo=FALSE}\n## http://example.org/img/class2_8.jpg\nknitr::include_graphics(file.path(img_path, "b.jpg"))\n```\n'
    const { html } = renderMarkdown(rmd)
    expect(html).toContain('<img src="R/img/R_console.png"')
    expect(html).toContain('<img src="R/img/a.png"')
    expect(html).toContain('<img src="R/img/b.jpg"')
    expect(shownText(html)).not.toMatch(/include_graphics|img_path/)
  })
})

describe('Quarto cells with subfigures or included pictures (causal-inference-in-R)', () => {
  const qmd = [
    'See @fig-pod, @fig-m-1 and @fig-m-2.',
    '',
    '```{r}',
    '#| echo: false',
    '#| fig-cap: "A sentence diagram."',
    '#| label: fig-pod',
    'knitr::include_graphics("../images/podcast-diagram.png")',
    '```',
    '',
    '```{r}',
    '#| label: fig-m',
    '#| fig-subcap:',
    '#|   - "An updated DAG."',
    '#|   - "A null DAG."',
    '#| layout-ncol: 2',
    'ggdag(x)',
    '```',
  ].join('\n')
  const { html } = renderMarkdown(qmd)

  it('shows the included picture as the numbered figure, and links each subfigure as (a), (b)', () => {
    expect(html).toMatch(
      /<img src="\.\.\/images\/podcast-diagram\.png"[^>]*><figcaption><span class="caption-number">Figure 1:/,
    )
    expect(html).toContain(
      '<a href="#user-content-fig-m-1">Figure 2(a)</a> and <a href="#user-content-fig-m-2">Figure 2(b)</a>',
    )
    expect(html).toContain('<a id="user-content-fig-m-2"></a>')
    expect(html).toContain('(b) A null DAG.')
    expect(shownText(html)).not.toMatch(/#\||fig-subcap|@fig/)
  })
})

describe('a Quarto cell drawing several plots, fig-cap as a list (causal-inference-in-R)', () => {
  it('numbers each plot as its own figure, fig-x-1, fig-x-2, …', () => {
    const qmd = [
      'See @fig-c-1, @fig-c-3 and @fig-z.',
      '',
      '```{r}',
      '#| label: fig-c',
      '#| fig-cap:',
      '#|   - "Into the exposure?"',
      '#|   - "Into the outcome?"',
      '#|   - "Both?"',
      'plot(1)',
      '```',
      '',
      '![Z](z.png){#fig-z}',
    ].join('\n')
    const { html } = renderMarkdown(qmd)
    expect(html).toContain(
      '<a href="#user-content-fig-c-1">Figure 1</a>, <a href="#user-content-fig-c-3">Figure 3</a> and <a href="#user-content-fig-z">Figure 4</a>',
    )
    expect(html).toContain('Figure 2:</span> Into the outcome?')
  })
})
