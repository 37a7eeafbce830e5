import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { contextFromDocument } from '../../../../src/markdown/document-context.js'
import { documentOfRender } from '../../../../src/markdown/types.js'
import { shownText } from '../../../helpers/shown-text.js'

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/dialects/bookdown/numbered/${name}`, import.meta.url), 'utf8')
// The body as the importer renders it: the chapter's title heading is the post's title.
const blocks = fixture('blocks.Rmd').replace(/^# Blocks\n/, '')

describe('a bookdown chapter rendered with its chapter number', () => {
  const rendered = renderMarkdown(blocks, { chapter: '2' })
  const shown = shownText(rendered.html)

  it('numbers equations, theorems, figures and sections within the chapter', () => {
    expect(shown).toContain('Theorem 2.1')
    expect(shown).toContain('(2.1)')
    expect(shown).toContain('Figure 2.1: Here is a nice figure!')
    expect(rendered.html).toContain(
      '<h2 id="user-content-equations"><span class="header-section-number">2.1</span> Equations</h2>',
    )
    const numbered = Object.fromEntries(rendered.anchors.map((a) => [a.key, a.number]))
    expect(numbered).toMatchObject({
      'eq:binom': '2.1',
      'thm:tri': '2.1',
      'fig:nice-fig': '2.1',
      equations: '2.1',
      'theorems-and-proofs': '2.2',
    })
  })

  it('says those numbers where \\@ref names them, linked to what they number', () => {
    expect(rendered.html).toContain('See Equation <a href="#user-content-eq-eq:binom">2.1</a>')
    expect(rendered.html).toContain('smart theorem <a href="#user-content-tri">2.1</a>')
    expect(rendered.html).toContain('See Figure <a href="#user-content-fig:nice-fig">2.1</a>')
    expect(rendered.html).toContain('Table <a href="#user-content-tab:nice-tab">2.1</a>')
  })

  it('numbers a captioned kable() table, and a captioned chunk knitr labels itself, in their sequences', () => {
    expect(shown).toContain('Table 2.1: Here is a nice table!')
    const md =
      "```{r fig.cap='Unlabelled.', echo=FALSE}\nplot(1)\n```\n\n```{r two, fig.cap='Second.'}\nplot(2)\n```\n\nSee \\@ref(fig:two).\n"
    const { html } = renderMarkdown(md, { chapter: '3' })
    expect(shownText(html)).toMatch(/Figure 3\.1: Unlabelled\.[\s\S]*plot\(2\)[\s\S]*Figure 3\.2: Second\./)
    expect(html).not.toContain('plot(1)')
    expect(html).toContain('See <a href="#user-content-fig:two">3.2</a>')
  })

  it('labels a kable() table by kable’s own label argument, which knitr prefers to the chunk’s (TMwR)', () => {
    const md = [
      '```{r model-args, echo = FALSE, results = "asis"}',
      'tab <- prob_tbl %>%',
      '  kable(',
      '    caption = "Heterogeneous argument names (see `predict(type = \'prob\')`).",',
      '    label = "probability-args", # the table’s reference',
      '    escape = FALSE',
      '  ) %>%',
      '  kable_styling(label = "not-this-one")',
      'tab',
      '```',
      '',
      'Table \\@ref(tab:probability-args) lists them.',
      '',
    ].join('\n')
    const { html } = renderMarkdown(md, { chapter: '3' })
    expect(shownText(html)).toContain('Table 3.1: Heterogeneous argument names')
    expect(html).toContain('Table <a href="#user-content-tab:probability-args">3.1</a> lists them')
    expect(shownText(html)).not.toContain('??')
  })

  it('reads chunk options written in #| lines in R’s syntax, as knitr does (tidymodels’ TMwR)', () => {
    const md = [
      '```{r resampling-scheme}',
      '#| echo = FALSE,',
      "#| out.width = '85%',",
      '#| fig.cap = "Data splitting scheme from the initial data split to resampling",',
      'plot(1)',
      '```',
      '',
      'The diagram in Figure \\@ref(fig:resampling-scheme) shows it.',
      '',
    ].join('\n')
    const { html } = renderMarkdown(md, { chapter: '10' })
    expect(shownText(html)).toContain('Figure 10.1: Data splitting scheme from the initial data split to resampling')
    expect(html).toContain('Figure <a href="#user-content-fig:resampling-scheme">10.1</a> shows it')
    expect(html).not.toContain('plot(1)')
    expect(shownText(html)).not.toContain('??')
  })

  it('reads bookdown’s block engines as knitr runs them: theorems, proofs and rmdnote-style blocks (bookdown’s own book)', () => {
    const md = [
      'Intro.',
      '',
      '```{theorem pyth, name="Pythagorean theorem"}',
      'For a right triangle, $a^2 + b^2 = c^2$.',
      '```',
      '',
      '```{proof}',
      'Obvious.',
      '```',
      '',
      'See Theorem \\@ref(thm:pyth).',
      '',
      "```{block2, type='rmdcaution'}",
      'This is **markdown** inside.',
      '```',
      '',
      '````md',
      '```{theorem}',
      'Shown as the source it is.',
      '```',
      '````',
      '',
    ].join('\n')
    const { html, warnings } = renderMarkdown(md, { chapter: '2' })
    const shown = shownText(html)
    expect(shown).toContain('Theorem 2.1 (Pythagorean theorem). For a right triangle')
    expect(shown).toMatch(/Proof\. Obvious\./)
    expect(html).toContain('See Theorem <a href="#user-content-pyth">2.1</a>')
    expect(html).toMatch(/<div class="callout callout-caution">[\s\S]*<strong>markdown<\/strong> inside/)
    expect(html).toMatch(/<code[^>]*>(?:<span[^>]*>)?```\{theorem\}\nShown as the source it is\./)
    expect(warnings.map((w) => w.rule)).not.toContain('missing-language')
  })

  it('keeps the number with the document, and a render from the document numbers the same', () => {
    const document = documentOfRender(rendered)
    expect(document.chapter).toBe('2')
    expect(shownText(renderMarkdown(blocks, contextFromDocument(document)).html)).toContain('Theorem 2.1')
  })

  it('numbers from 1 with no chapter, as before', () => {
    const alone = renderMarkdown(blocks)
    expect(shownText(alone.html)).toContain('Theorem 1')
    expect(shownText(alone.html)).not.toMatch(/2\.1|header-section-number/)
    expect(alone.html).not.toContain('header-section-number')
    expect(documentOfRender(alone).chapter).toBeUndefined()
  })

  it('reads a label written in a markdown table’s or image’s caption, numbered in the same sequences as chunks', () => {
    const md = [
      "```{r first, fig.cap='From R.', echo=FALSE}\nplot(1)\n```",
      '![(\\#fig:logo) The logo.](logo.png)',
      '| a | b |\n|---|---|\n| 1 | 2 |\n\nTable: (\\#tab:simple) A simple table in Markdown.',
      'See Figure \\@ref(fig:logo) and Table \\@ref(tab:simple).',
    ].join('\n\n')
    const { html } = renderMarkdown(md, { chapter: '4' })
    expect(shownText(html)).toContain('Figure 4.2: The logo.')
    expect(shownText(html)).toContain('Table 4.1: A simple table in Markdown.')
    expect(html).toContain(
      'See Figure <a href="#user-content-fig:logo">4.2</a> and Table <a href="#user-content-tab:simple">4.1</a>',
    )
    expect(shownText(html)).not.toContain('(#')
  })

  it('numbers an appendix chapter’s items by its letter, and nested sections below their parent', () => {
    const md =
      '## One\n\n### Deeper\n\n## Skipped {-}\n\n## Two\n\n$$x = 1 (\\#eq:x)$$\n\nSee \\@ref(deeper) and (\\@ref(eq:x)).\n'
    const { html } = renderMarkdown(md, { chapter: 'A' })
    expect(shownText(html)).toMatch(/A\.1\s+One[\s\S]*A\.1\.1\s+Deeper[\s\S]*Skipped[\s\S]*A\.2\s+Two/)
    expect(html).toContain('See <a href="#user-content-deeper">A.1.1</a> and (<a href="#user-content-eq-eq:x">A.1</a>)')
  })
})
