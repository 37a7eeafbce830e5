import { describe, expect, it } from 'vitest'
import { countWords, renderMarkdown } from '../../../src/markdown/index.js'

/** The id attributes of the headings of `html`, in order. */
const headingIds = (html: string): string[] => [...html.matchAll(/<h[1-6][^>]*\sid="([^"]*)"/g)].map((m) => m[1])

describe('table of contents', () => {
  it('lists h1–h6 in order with their depth, plain text and the id they have in the HTML', () => {
    const md = [
      '# The *Title*',
      '## Setup with `code` and $x^2$',
      '### Deeper [link](https://example.com)',
      '#### Four',
      '##### Five',
      '###### Six',
      '## Setup with `code` and $x^2$',
      'Setext heading',
      '--------------',
      '<h3>Raw heading</h3>',
      '',
      '## Labelled',
      ':label:`sec_labelled`',
      '',
      'See :numref:`sec_labelled` and the note[^1].',
      '',
      '[^1]: A footnote.',
    ].join('\n')
    const { html, toc } = renderMarkdown(md)
    expect(toc).toEqual([
      { depth: 1, text: 'The Title', id: 'the-title' },
      {
        depth: 2,
        text: 'Setup with code and x^2',
        id: 'setup-with-code-and-x2',
        html: expect.stringMatching(/^Setup with <code>code<\/code> and <span class="katex">/),
      },
      { depth: 3, text: 'Deeper link', id: 'deeper-link' },
      { depth: 4, text: 'Four', id: 'four' },
      { depth: 5, text: 'Five', id: 'five' },
      { depth: 6, text: 'Six', id: 'six' },
      {
        depth: 2,
        text: 'Setup with code and x^2',
        id: 'setup-with-code-and-x2-1',
        html: expect.stringMatching(/^Setup with <code>code<\/code> and <span class="katex">/),
      },
      { depth: 2, text: 'Setext heading', id: 'setext-heading' },
      { depth: 3, text: 'Raw heading', id: 'raw-heading' },
      { depth: 2, text: 'Labelled', id: 'user-content-sec_labelled' },
    ])
    // Every TOC id is the id of the heading in the HTML (the footnotes' hidden label is not listed).
    expect(headingIds(html).filter((id) => id !== 'user-content-footnote-label')).toEqual(toc.map((t) => t.id))
    expect(html).toContain('<a href="#user-content-sec_labelled">Labelled</a>')
  })

  it('takes {#id} on a heading as its id', () => {
    const { toc, html } = renderMarkdown('## Intro {#intro}\n\nSee [intro](#intro).')
    expect(toc).toEqual([{ depth: 2, text: 'Intro', id: 'user-content-intro' }])
    expect(html).toContain('<a href="#user-content-intro">intro</a>')
  })
})

describe('plain text', () => {
  it('has no markup, keeps TeX source and inline code, and leaves out code blocks', () => {
    const md = [
      '# Title',
      '',
      'Some **bold** and <span class="x">html</span> text, `inline code`, a [link](https://e.com) and $\\alpha + 1$.',
      '',
      '$$',
      '\\int_0^1 f',
      '$$',
      '',
      '```python',
      'print("not prose")',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      'Note[^1].',
      '',
      '[^1]: Footnote text.',
    ].join('\n')
    const { plainText } = renderMarkdown(md)
    expect(plainText).not.toMatch(/<[a-z/]/i)
    expect(plainText).toContain('Some bold and html text, inline code, a link and \\alpha + 1.')
    expect(plainText).toContain('\\int_0^1 f')
    expect(plainText).not.toContain('not prose')
    expect(plainText).toContain('Footnote text.')
    expect(plainText).not.toContain('↩')
    expect(plainText.startsWith('Title\n\nSome bold')).toBe(true)
  })
})

describe('word count', () => {
  it('counts the words of prose, not code blocks; a formula is one word', () => {
    const md = 'One two three, four-five.\n\n```\nnot counted at all\n```\n\nSix `seven` $\\frac{a}{b} + c$ — eight.'
    expect(renderMarkdown(md).wordCount).toBe(8)
  })

  it('counts each CJK character as a word', () => {
    expect(countWords('眾所期待的 Julia 語言')).toBe(5 + 1 + 2)
    expect(countWords('日本語のテキスト')).toBe(8)
    expect(renderMarkdown('# 标题\n\n中文 text 123').wordCount).toBe(2 + 2 + 2)
  })

  it('does not count punctuation on its own', () => {
    expect(countWords('a — b | c ... d')).toBe(4)
    expect(countWords('')).toBe(0)
  })
})
