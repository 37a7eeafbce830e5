import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { highlightAnnotations } from '../../../web/lib/annotations.js'
import {
  citationText,
  doiHref,
  formatAuthors,
  formatCitation,
  normaliseDoi,
  safeHttpUrl,
} from '../../../web/lib/bibliography-format.js'
import type { BibliographyEntry } from '../../../web/lib/bibliography-format.js'
import { isMathText, modelDisplay, stripMathDelimiters } from '../../../web/lib/math-model.js'
import { parseAnnotations, parseMathematicalModel } from '../../../web/lib/reading-aids.js'
import { postShareUrl, sharePost, shareLinks } from '../../../web/lib/share.js'
import { projectRoot } from '../../helpers/temp-dir.js'

const ann = (
  targetText: string,
  type: 'definition' | 'example' | 'context' | 'elaboration' | 'connection' = 'definition',
) => ({ type, targetText })

/** The text a reader sees, tags dropped. */
const visible = (html: string) => html.replace(/<[^>]+>/g, '')

describe('parseAnnotations', () => {
  it('reads a list, drops malformed items, and gives null for no JSON or no list', () => {
    const good = {
      type: 'definition',
      targetText: 'entropy',
      annotation: 'Disorder, measured.',
      category: 'physics',
      priority: 1,
    }
    expect(
      parseAnnotations(JSON.stringify([good, { type: 'gossip', targetText: 'x' }, { ...good, targetText: '  ' }])),
    ).toEqual([good])
    expect(parseAnnotations(JSON.stringify({ annotations: [good] }))).toEqual([good])
    expect(parseAnnotations('not json')).toBeNull()
    expect(parseAnnotations('{"a":1}')).toBeNull()
    expect(parseAnnotations(null)).toBeNull()
    expect(parseAnnotations('[]')).toEqual([])
  })
})

describe('highlightAnnotations', () => {
  it('wraps the first occurrence in the text as a focusable trigger of its type', () => {
    const { html, placed } = highlightAnnotations('<p>Entropy grows. Entropy grows again.</p>', [
      ann('Entropy', 'context'),
    ])
    expect(html).toBe(
      '<p><span class="annotation annotation--context" role="button" tabindex="0" aria-haspopup="dialog" aria-expanded="false" data-annotation="0">Entropy</span> grows. Entropy grows again.</p>',
    )
    expect(placed).toEqual([0])
  })

  it('never changes the text, only adds markup', () => {
    const source = '<p>A &amp; B &lt;tag&gt; &copy; 2025, caf&#xE9; and&nbsp;more.</p>'
    const { html, placed } = highlightAnnotations(source, [ann('A & B <tag>'), ann('café and more'), ann('©')])
    expect(placed).toEqual([0, 1])
    expect(visible(html)).toBe(visible(source))
    expect(html).toContain('>A &amp; B &lt;tag&gt;</span>')
    expect(html).toContain('>caf&#xE9; and&nbsp;more</span>')
  })

  it('skips code, formulas, links and headings', () => {
    const source =
      '<h2 id="x">Variance</h2><p><code>Variance</code> <a href="/v">Variance</a> <span class="katex"><span class="katex-html">Variance</span></span> <span class="math math-inline">Variance</span></p><pre><code>Variance</code></pre><p>The Variance here.</p>'
    const { html, placed } = highlightAnnotations(source, [ann('Variance')])
    expect(placed).toEqual([0])
    expect(html.match(/data-annotation/g)).toHaveLength(1)
    expect(html).toContain('<p>The <span class="annotation annotation--definition"')
  })

  it('skips a formula with spans nested in it as a whole, and text after it is still found', () => {
    const formula =
      '<span class="katex"><span class="katex-mathml"><math><mi>V</mi></math></span><span class="katex-html"><span class="base"><span class="mord">Variance</span></span></span></span>'
    const source = `<p>${formula} <SPAN class="katex">Variance <span>x</span></SPAN> Variance, <span>a</span> <code>open Variance</p><p>Variance</p>`
    const { html, placed } = highlightAnnotations(source, [ann('Variance')])
    expect(placed).toEqual([0])
    expect(html).toContain('</SPAN> <span class="annotation annotation--definition"')
    expect(html.replace(/<span class="annotation[^>]*>|<\/span>$/g, '')).toContain('Variance')
  })

  it('matches at word boundaries, across line breaks, and ignoring case as a fallback', () => {
    const { html } = highlightAnnotations('<p>Notation matters. The law of\nlarge numbers. An ion.</p>', [
      ann('ion'),
      ann('law of large numbers'),
      ann('NOTATION'),
    ])
    expect(html).toContain(
      'An <span class="annotation annotation--definition" role="button" tabindex="0" aria-haspopup="dialog" aria-expanded="false" data-annotation="0">ion</span>.',
    )
    expect(html).toContain('data-annotation="1">law of\nlarge numbers</span>')
    expect(html).toContain('data-annotation="2">Notation</span>')
  })

  it('gives overlapping targets their next free occurrence and reports what was not found', () => {
    const { html, placed } = highlightAnnotations('<p>prior belief, then a prior.</p>', [
      ann('prior belief'),
      ann('prior'),
      ann('posterior'),
    ])
    expect(placed).toEqual([0, 1])
    expect(html).toContain('data-annotation="0">prior belief</span>')
    expect(html).toContain(
      'then a <span class="annotation annotation--definition" role="button" tabindex="0" aria-haspopup="dialog" aria-expanded="false" data-annotation="1">prior</span>.',
    )
  })

  it('does not mistake quoted ">" in attributes or comments for the end of a tag', () => {
    const source = '<p title="a > b">keep <!-- term --> term</p><img alt="term > x" src="t.png"><p>term</p>'
    const { html } = highlightAnnotations(source, [ann('term')])
    expect(html).toBe(
      '<p title="a > b">keep <!-- term --> <span class="annotation annotation--definition" role="button" tabindex="0" aria-haspopup="dialog" aria-expanded="false" data-annotation="0">term</span></p><img alt="term > x" src="t.png"><p>term</p>',
    )
  })

  it('writes no text of the annotation into the markup (only its validated type and index)', () => {
    const evil = { type: 'definition" onmouseover="alert(1)', targetText: 'x' } as unknown as {
      type: 'definition'
      targetText: string
    }
    expect(highlightAnnotations('<p>x</p>', [evil]).html).toBe('<p>x</p>')
    const { html } = highlightAnnotations('<p>&lt;script&gt;</p>', [ann('<script>')])
    expect(html).not.toContain('<script>')
  })

  it('works on real pipeline output with KaTeX, tables and footnotes', () => {
    const md = readFileSync(join(projectRoot, 'tests', 'fixtures', 'site', 'gaussian-integral.md'), 'utf8')
    const { html: source } = renderMarkdown(md)
    const { html, placed } = highlightAnnotations(source, [
      ann('elementary antiderivative'),
      ann('polar coordinates'),
      ann('dx'),
      ann('math'),
      ann('Laplace', 'context'),
    ])
    // 'dx' occurs only inside formulas, 'math' only in code
    expect(placed).toEqual([0, 1, 4])
    expect(visible(html)).toBe(visible(source))
    expect(html).toContain('data-annotation="1">polar coordinates</span>')
  })
})

describe('bibliography formatting', () => {
  const entry = (over: Partial<BibliographyEntry>): BibliographyEntry => ({
    id: 'r1',
    type: 'book',
    title: 'A Title',
    authors: ['Ada Lovelace'],
    ...over,
  })

  it('names authors', () => {
    expect(formatAuthors([])).toBe('')
    expect(formatAuthors(['A'])).toBe('A')
    expect(formatAuthors(['A', 'B'])).toBe('A and B')
    expect(formatAuthors(['A', 'B', 'C'])).toBe('A, B, and C')
    expect(formatAuthors(['A', 'B', 'C', 'D'])).toBe('A et al.')
  })

  it('formats a book with its publisher and ISBN, the title in italics', () => {
    const parts = formatCitation(
      entry({ year: 1843, title: 'Sketch of the Analytical Engine', publication: 'Taylor', isbn: '978-0-00-000000-0' }),
    )
    expect(citationText(parts)).toBe(
      'Ada Lovelace (1843). Sketch of the Analytical Engine. Taylor. ISBN 978-0-00-000000-0.',
    )
    expect(parts).toContainEqual({ kind: 'title', text: 'Sketch of the Analytical Engine' })
  })

  it('formats a journal article with volume(issue), pages and a DOI link', () => {
    const parts = formatCitation(
      entry({
        type: 'journal',
        authors: ['C. Shannon'],
        year: '1948',
        title: 'A mathematical theory of communication',
        publication: 'Bell System Technical Journal',
        volume: '27',
        issue: '3',
        pages: '379-423',
        doi: 'doi:10.1002/j.1538-7305.1948.tb01338.x',
      }),
    )
    expect(citationText(parts)).toBe(
      'C. Shannon (1948). A mathematical theory of communication. Bell System Technical Journal, 27(3), 379–423. https://doi.org/10.1002/j.1538-7305.1948.tb01338.x',
    )
    expect(parts).toContainEqual({ kind: 'title', text: 'Bell System Technical Journal' })
    expect(parts[parts.length - 1]).toEqual({
      kind: 'link',
      text: 'https://doi.org/10.1002/j.1538-7305.1948.tb01338.x',
      href: 'https://doi.org/10.1002/j.1538-7305.1948.tb01338.x',
    })
  })

  it('formats a website with its address linked, and never links a non-http address', () => {
    const site = formatCitation(
      entry({ type: 'website', authors: [], title: 'KaTeX', publication: 'katex.org', url: 'https://katex.org/docs' }),
    )
    expect(citationText(site)).toBe('KaTeX. katex.org. https://katex.org/docs')
    expect(site[site.length - 1]).toEqual({
      kind: 'link',
      text: 'https://katex.org/docs',
      href: 'https://katex.org/docs',
    })
    const bad = formatCitation(entry({ type: 'website', url: 'javascript:alert(1)' }))
    expect(bad.some((p) => p.kind === 'link')).toBe(false)
    expect(citationText(bad)).toContain('javascript:alert(1)')
  })

  it('formats research and articles, with and without a year', () => {
    expect(
      citationText(
        formatCitation(
          entry({ type: 'research', year: null, title: 'On limits?', publication: 'arXiv', pages: '1-9' }),
        ),
      ),
    ).toBe('Ada Lovelace (n.d.). On limits? arXiv, 1–9.')
    expect(
      citationText(
        formatCitation(
          entry({
            type: 'article',
            authors: [],
            year: 2020,
            title: 'Notes',
            publication: 'The Monthly',
            volume: '3',
            pages: '12',
          }),
        ),
      ),
    ).toBe('(2020). Notes. The Monthly, 12.')
  })

  it('checks addresses and DOIs', () => {
    expect(safeHttpUrl('https://a.example/x?y=1')).toBe('https://a.example/x?y=1')
    expect(safeHttpUrl('ftp://a.example')).toBeNull()
    expect(safeHttpUrl('/relative')).toBeNull()
    expect(normaliseDoi('https://doi.org/10.1000/xyz')).toBe('10.1000/xyz')
    expect(normaliseDoi('not a doi')).toBeNull()
    expect(doiHref('10.1000/a b')).toBe('https://doi.org/10.1000/a%20b')
  })
})

describe('mathematical model', () => {
  const model = {
    field: 'Epidemiology',
    abstract: 'A compartment model.',
    variables: [
      {
        symbol: 'S',
        name: 'Susceptible',
        description: 'People who can catch it',
        unit: 'people',
        range: '[0, N]',
        measurability: 'direct',
      },
    ],
    equations: [1, 2, 3, 4].map((i) => ({ name: `E${i}`, equation: `x_${i}`, description: '' })),
    systemDynamics: '\\frac{dS}{dt} = -\\beta S I',
    validation: {
      reliability: 'medium',
      strengths: ['a', 'b', 'c', 'd'],
      limitations: ['a', 'b', 'c', 'd'],
      validationMethods: ['a', 'b', 'c'],
    },
    practicalApplications: ['a', 'b', 'c'],
  }

  it('parses a stored model, bare or wrapped, and nothing else', () => {
    expect(parseMathematicalModel(JSON.stringify(model))?.field).toBe('Epidemiology')
    expect(parseMathematicalModel(JSON.stringify({ model, variablesCount: 1 }))?.field).toBe('Epidemiology')
    expect(
      parseMathematicalModel(
        JSON.stringify({ ...model, validation: { ...model.validation, reliability: 'excellent' } }),
      ),
    ).toBeNull()
    expect(parseMathematicalModel('{')).toBeNull()
    expect(parseMathematicalModel(null)).toBeNull()
  })

  it("applies SPEC's display limits", () => {
    const d = modelDisplay(parseMathematicalModel(JSON.stringify(model))!)
    expect(d.equations.shown.map((e) => e.name)).toEqual(['E1', 'E2'])
    expect(d.equations.more).toBe(2)
    expect(d.strengths).toHaveLength(3)
    expect(d.limitations).toHaveLength(3)
    expect(d.validationMethods).toHaveLength(2)
    expect(d.applications).toHaveLength(2)
  })

  it('takes formulas out of their delimiters', () => {
    expect(stripMathDelimiters(' $$ x^2 $$ ')).toBe('x^2')
    expect(stripMathDelimiters('$a$')).toBe('a')
    expect(stripMathDelimiters('\\[ \\int f \\]')).toBe('\\int f')
    expect(stripMathDelimiters('\\(y\\)')).toBe('y')
    expect(stripMathDelimiters('\\frac{a}{b}')).toBe('\\frac{a}{b}')
  })

  it('typesets system dynamics only when they hold a backslash', () => {
    expect(isMathText('\\dot x = f(x)')).toBe(true)
    expect(isMathText('Stocks rise, then fall.')).toBe(false)
  })
})

describe('sharing', () => {
  it('builds the canonical address and the three services’ links', () => {
    const url = postShareUrl('https://essays.example/', 'on notation')
    expect(url).toBe('https://essays.example/posts/on%20notation')
    const links = shareLinks(url, 'On Notation & Style')
    expect(links.twitter).toBe(
      'https://twitter.com/intent/tweet?text=On%20Notation%20%26%20Style&url=https%3A%2F%2Fessays.example%2Fposts%2Fon%2520notation',
    )
    expect(links.linkedin).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fessays.example%2Fposts%2Fon%2520notation',
    )
    expect(links.facebook).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fessays.example%2Fposts%2Fon%2520notation',
    )
  })

  it('shares natively, copies as the fallback, and tells a cancel from a failure', async () => {
    const data = { url: 'https://e.x/posts/a', title: 'A' }
    const copied: string[] = []
    expect(await sharePost(data, { share: async () => {} })).toBe('shared')
    expect(await sharePost(data, { writeText: async (t) => void copied.push(t) })).toBe('copied')
    expect(copied).toEqual(['https://e.x/posts/a'])
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' })
    expect(await sharePost(data, { share: () => Promise.reject(abort) })).toBe('cancelled')
    expect(await sharePost(data, { share: () => Promise.reject(new Error('nope')) })).toBe('failed')
    expect(await sharePost(data, { writeText: () => Promise.reject(new Error('denied')) })).toBe('failed')
    expect(await sharePost(data, {})).toBe('failed')
  })
})
