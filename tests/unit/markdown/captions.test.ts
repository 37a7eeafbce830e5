import { describe, expect, it } from 'vitest'
import { exportArxivSource } from '../../../src/export/arxiv.js'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { lintLatex } from '../export/latex-lint.js'
import { renderedPost } from '../export/rendered-post.js'

/** Issue 20: a figure or table says the number its references call it by; a table's caption is its caption. */

// As d2l writes them (chapter_introduction): the caption line before the table, then its label.
const D2L = [
  'This is best illustrated in :numref:`tab_decade`; the site is in :numref:`fig_kaggle`.',
  '',
  ':Dataset vs. computer memory and computational power',
  ':label:`tab_decade`',
  '',
  '|Decade|Dataset|',
  '|:--|:-|',
  '|1970|100 (Iris)|',
  '',
  '![A plot nobody refers to.](plot.png)',
  '',
  '![The Kaggle website.](kaggle.png)',
  ':label:`fig_kaggle`',
  '',
].join('\n')

describe('captions of figures and tables', () => {
  it('a d2l table caption becomes the table’s caption, numbered as its reference reads', () => {
    const { html, plainText } = renderMarkdown(D2L)
    expect(html).toContain('<a href="#user-content-tab_decade">Table 1</a>')
    expect(html).toMatch(
      /<table><caption><span class="caption-number">Table 1:<\/span> Dataset vs\. computer memory and computational power\s*<a id="user-content-tab_decade"><\/a><\/caption>\s*<thead>/,
    )
    // the caption is no longer a paragraph of its own, colon and all
    expect(html).not.toMatch(/<p>:Dataset/)
    expect(plainText).not.toContain(':Dataset')
  })

  it('a labelled figure’s caption starts with its number; an unlabelled one gets none', () => {
    const { html } = renderMarkdown(D2L)
    expect(html).toContain('<a href="#user-content-fig_kaggle">Figure 1</a>')
    expect(html).toMatch(
      // the anchor first, so that a reference shows the figure from its top
      /<figure><a id="user-content-fig_kaggle"><\/a><img [^>]*><figcaption><span class="caption-number">Figure 1:<\/span> The Kaggle website\.<\/figcaption><\/figure>/,
    )
    expect(html).toContain('<figcaption>A plot nobody refers to.</figcaption>')
  })

  it('Quarto’s labelled figure is numbered the same way', () => {
    const { html } = renderMarkdown('See @fig-plot.\n\n![Growth by year.](plot.png){#fig-plot}\n')
    expect(html).toContain('>Figure 1</a>')
    expect(html).toContain('<figcaption><span class="caption-number">Figure 1:</span> Growth by year.</figcaption>')
  })

  it('pandoc’s `Table:` caption after a table is its caption too', () => {
    const { html } = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\nTable: Results of the first run.\n')
    expect(html).toMatch(/<table><caption>Results of the first run\.<\/caption>/)
    expect(html).not.toContain('<p>Table:')
  })

  it('prose that merely starts with a colon or an emoji code stays prose', () => {
    for (const lead of [':smile: before the table', '::: a directive line', ':'])
      expect(renderMarkdown(`${lead}\n\n| a |\n|---|\n| 1 |\n`).html).not.toContain('<caption>')
    // a capitalised word before a colon is a caption's own text, not an emoji code
    expect(renderMarkdown(':Results: accuracy by model\n\n| a |\n|---|\n| 1 |\n').html).toContain(
      '<caption>Results: accuracy by model</caption>',
    )
    // a caption paragraph far from any table is left alone
    expect(renderMarkdown(':Not a caption\n\nSome prose.\n').html).toContain('<p>:Not a caption</p>')
  })

  it('the arXiv export leaves the numbers to LaTeX and floats a captioned table with its label', () => {
    const { tex } = exportArxivSource(
      renderedPost({
        title: 'T',
        slug: 't',
        author: 'A',
        publishedAt: '2024-01-01T00:00:00.000Z',
        excerpt: 'E',
        bibliography: null,
        tags: [],
        content: D2L,
        summary: null,
      }),
    )
    expect(lintLatex(tex), tex).toEqual([])
    expect(tex).not.toContain('Figure 1:')
    expect(tex).not.toContain('Table 1:')
    expect(tex).toMatch(
      /\\begin\{table\}\[htbp\]\n\\centering\n\\caption\{Dataset vs\. computer memory and computational power[^}]*\}\\label\{tab_decade\}\n/,
    )
    expect(tex).toMatch(/\\caption\{The Kaggle website\.\}\\label\{fig_kaggle\}/)
    expect(tex).toMatch(/\\ref\{tab_decade\}/)
  })
})
