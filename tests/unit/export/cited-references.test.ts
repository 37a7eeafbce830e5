import { describe, expect, it } from 'vitest'
import { exportArxiv, type ArxivPost } from '../../../src/export/arxiv.js'
import type { CslEntry } from '../../../src/shared/schemas/index.js'
import { lintLatex } from './latex-lint.js'
import { renderedPost, type MarkdownPost } from './rendered-post.js'

const REFERENCES: CslEntry[] = [
  {
    id: 'Vaswani.Shazeer.Parmar.ea.2017',
    type: 'paper-conference',
    title: 'Attention is All you Need',
    author: [
      { family: 'Vaswani', given: 'Ashish' },
      { family: 'Shazeer', given: 'Noam' },
      { family: 'Parmar', given: 'Niki' },
    ],
    'container-title': 'Advances in Neural Information Processing Systems',
    issued: { 'date-parts': [[2017]] },
    page: '5998-6008',
  },
  {
    id: 'oneil:stats',
    type: 'article-journal',
    title: 'On 100% of C_n & {sets} ~ ^ $ # \\ [draft] (v2)',
    author: [{ family: "O'Neil & Sons", given: 'J.' }],
    'container-title': 'J. #1',
    issued: { 'date-parts': [[2020]] },
    DOI: '10.1000/x_1',
  },
  { id: 'anon', type: 'webpage', title: 'A page with no author', URL: 'https://x.org/~a' },
]

const post = (content: string, extra: Partial<MarkdownPost> = {}): ArxivPost =>
  renderedPost({
    title: 'T',
    slug: 't',
    author: 'A',
    publishedAt: '2024-01-01T00:00:00.000Z',
    excerpt: 'E',
    summary: null,
    content,
    bibliography: null,
    tags: [],
    references: REFERENCES,
    ...extra,
  })

const citedKeys = (tex: string) => [...tex.matchAll(/\\cite[pt]\{([^}]*)\}/g)].flatMap((m) => m[1].split(','))
const bibitemKeys = (tex: string) => [...tex.matchAll(/\\bibitem(?:\[[^\]]*\])?\{([^}]*)\}/g)].map((m) => m[1])

describe('arXiv export of an essay’s cited entries', () => {
  const tex = exportArxiv(
    post(
      'Attention :cite:`Vaswani.Shazeer.Parmar.ea.2017` and [@oneil:stats, p. 3], as :citet:`anon` shows; [@nowhere] is unknown.',
    ),
  )

  it('writes a \\bibitem with a natbib author–year label for every cited key', () => {
    expect(tex).toContain('\\usepackage{natbib}')
    expect(citedKeys(tex)).toEqual(['Vaswani.Shazeer.Parmar.ea.2017', 'oneil:stats', 'anon'])
    for (const key of citedKeys(tex)) expect(bibitemKeys(tex)).toContain(key)
    expect(tex).toContain(
      '\\bibitem[Vaswani et~al.(2017)]{Vaswani.Shazeer.Parmar.ea.2017}\nAshish Vaswani, Noam Shazeer, and Niki Parmar.\n\\newblock Attention is All you Need.\n\\newblock \\emph{Advances in Neural Information Processing Systems}, pp.~5998--6008, 2017.',
    )
    // No author: the title names it, and a missing year reads n.d. (natbib rejects an empty one).
    expect(tex).toContain('\\bibitem[A page with no author(n.d.)]{anon}')
  })

  it('escapes TeX’s special characters in entry text and keeps brackets out of the label', () => {
    expect(tex).toContain("\\bibitem[O'Neil \\& Sons(2020)]{oneil:stats}")
    expect(tex).toContain(
      'On 100\\% of C\\_n \\& \\{sets\\} \\textasciitilde{} \\textasciicircum{} \\$ \\# \\textbackslash{} [draft] (v2).',
    )
    expect(tex).toContain('\\emph{J. \\#1}')
    expect(tex).toContain('\\href{https://doi.org/10.1000/x_1}{doi:10.1000/x\\_1}')
    expect(lintLatex(tex)).toEqual([])
  })

  it('shows a key the bibliography lacks as the site does, never as a \\cite LaTeX prints as "?"', () => {
    expect(tex).toContain('[?nowhere] is unknown.')
    expect(citedKeys(tex)).not.toContain('nowhere')
  })

  it('merges the generated bibliography after the cited entries, without listing a work twice', () => {
    const bibliography = JSON.stringify({
      introduction: 'Sources.',
      entries: [
        {
          id: 'Vaswani.Shazeer.Parmar.ea.2017',
          type: 'research',
          title: 'Attention is All you Need',
          authors: ['Ashish Vaswani'],
          year: 2017,
        },
        { id: 'ref-2', type: 'website', title: 'The page', authors: [], url: 'https://x.org/~a' },
        { id: 'ref-3', type: 'book', title: 'Pattern Recognition', authors: ['Christopher M. Bishop'], year: 2006 },
      ],
      furtherReading: [],
    })
    const merged = exportArxiv(
      post('As :citet:`Vaswani.Shazeer.Parmar.ea.2017` and :cite:`anon` show.', { bibliography }),
    )
    expect(bibitemKeys(merged)).toEqual(['Vaswani.Shazeer.Parmar.ea.2017', 'oneil:stats', 'anon', 'ref:ref-3'])
    expect(merged).toContain('\\bibitem[Bishop(2006)]{ref:ref-3}')
    expect(merged.match(/\\begin\{thebibliography\}/g)).toHaveLength(1)
    expect(lintLatex(merged)).toEqual([])
  })

  it('leaves an essay without citations as it was: no natbib, plain \\bibitem', () => {
    const bibliography = JSON.stringify({
      introduction: '',
      entries: [{ id: 'w', type: 'website', title: 'A page', authors: [], url: 'https://x.org' }],
      furtherReading: [],
    })
    const plain = exportArxiv(post('No citations here.', { bibliography, references: [] }))
    expect(plain).not.toContain('natbib')
    expect(plain).toContain('\\bibitem{ref:w}\nA page.')
  })
})
