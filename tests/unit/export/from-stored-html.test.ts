import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { exportArxivSource, type ArxivPost } from '../../../src/export/arxiv.js'
import { tarGz } from '../../../src/export/tar-archive.js'
import { renderMarkdown } from '../../../src/markdown/index.js'
import type { CslEntry, EssayAsset } from '../../../src/shared/schemas/index.js'
import { projectRoot } from '../../helpers/temp-dir.js'
import { lintLatex } from './latex-lint.js'

/** Issue 20: the export reads the essay the site rendered once (its HTML and document), never its markdown. */

const ENTRY: CslEntry = {
  id: 'Vaswani.2017',
  type: 'paper-conference',
  title: 'Attention is All you Need',
  author: [{ family: 'Vaswani', given: 'Ashish' }],
  issued: { 'date-parts': [[2017]] },
}
const FIGURE: EssayAsset = {
  url: '/media/assets/0123456789abcdef0123.svg',
  width: 300,
  height: 200,
  mime: 'image/svg+xml',
  bytes: 10,
}

function stored(markdown: string): ArxivPost {
  const rendered = renderMarkdown(markdown, {
    bibliography: new Map([[ENTRY.id, ENTRY]]),
    resolveAsset: (ref) => (ref === '../img/plot.svg' ? FIGURE : null),
  })
  return {
    title: 'T',
    slug: 't',
    author: 'A',
    publishedAt: '2024-01-01T00:00:00.000Z',
    excerpt: 'E',
    bibliography: null,
    tags: [],
    html: rendered.html,
    references: rendered.references,
    anchors: rendered.anchors,
  }
}

const ESSAY = [
  '## Model',
  ':label:`sec_model`',
  '',
  'Attention :cite:`Vaswani.2017` is a weighted sum[^w], see :eqref:`eq_attn` and :numref:`fig_plot`.',
  '',
  ':eqlabel:`eq_attn`',
  '',
  '$$\\mathrm{softmax}(QK^\\top) V$$',
  ':eqlabel:`eq_attn`',
  '',
  '![The weights.](../img/plot.svg)',
  ':label:`fig_plot`',
  '',
  '| key | value |',
  '|:----|------:|',
  '| $q$ | 1 |',
  '',
  'Back to :numref:`sec_model`.',
  '',
  '[^w]: Of the values, with $\\sum_i w_i = 1$.',
].join('\n')

describe('the arXiv export of a stored essay', () => {
  const post = stored(ESSAY)
  const { tex, figures } = exportArxivSource(post, { figureFiles: true })

  it('is well-formed LaTeX', () => {
    expect(lintLatex(tex), tex).toEqual([])
  })

  it('numbers the labelled display and refers to it with \\eqref', () => {
    expect(tex).toMatch(/\\begin\{equation\}\\label\{eq_attn\}\n\\mathrm\{softmax\}\(QK\^\\top\) V\n\\end\{equation\}/)
    expect(tex).toContain('see \\eqref{eq_attn}')
    expect(tex).not.toContain('\\tag{')
  })

  it('includes the stored figure from the archive, with its caption and label, and refers to it', () => {
    expect(figures).toEqual([
      { path: 'figures/0123456789abcdef0123.png', asset: '0123456789abcdef0123.svg', convert: true },
    ])
    expect(tex).toContain(
      '\\includegraphics[width=0.50\\linewidth,height=0.5\\textheight,keepaspectratio]{figures/0123456789abcdef0123.png}\n\\caption{The weights.}\\label{fig_plot}',
    )
    expect(tex).toContain('Figure~\\ref{fig_plot}')
  })

  it('shows the figure by its address when no archive carries it', () => {
    const text = exportArxivSource(post, { baseUrl: 'https://blog.example' })
    expect(text.figures).toEqual([])
    expect(text.tex).toContain('Image: \\url{https://blog.example/media/assets/0123456789abcdef0123.svg}')
  })

  it('writes the footnote in place, the citation as \\citep with its entry, the section reference as \\hyperref', () => {
    expect(tex).toContain('weighted sum\\footnote{\\label{fn:w:1}Of the values, with $\\sum_i w_i = 1$.}')
    expect(tex).toContain('Attention \\citep{Vaswani.2017}')
    expect(tex).toContain('\\bibitem[Vaswani(2017)]{Vaswani.2017}')
    expect(tex).toContain('\\section{Model}\\label{sec_model}')
    expect(tex).toContain('Back to \\hyperref[sec_model]{Model}.')
  })

  it('writes the table from the stored HTML, with its alignment and math', () => {
    expect(tex).toContain(
      '\\begin{tabular}{@{}lr@{}}\n\\toprule\nkey & value \\\\\n\\midrule\n$q$ & 1 \\\\\n\\bottomrule\n\\end{tabular}',
    )
  })

  it("leaves out the site's own chrome: no footnote list, no references heading, no back-arrows", () => {
    expect(tex).not.toContain('↩')
    expect(tex).not.toMatch(/\\section\{(?:Footnotes|References)\}/)
  })
})

describe('the arXiv archive', () => {
  it('is a gzipped ustar holding each file under its name', () => {
    const tar = gunzipSync(
      tarGz(
        [
          { path: 'a.tex', bytes: Buffer.from('hello') },
          { path: 'figures/b.png', bytes: Buffer.alloc(600, 1) },
        ],
        new Date(0),
      ),
    )
    expect(tar.length % 512).toBe(0)
    expect(tar.subarray(0, 5).toString()).toBe('a.tex')
    expect(tar.subarray(257, 262).toString()).toBe('ustar')
    expect(tar.subarray(512, 517).toString()).toBe('hello')
    expect(tar.subarray(1024, 1037).toString()).toBe('figures/b.png')
  })
})

describe('the export’s sources', () => {
  it('import no markdown parser: the essay is read from its stored HTML', () => {
    const dir = join(projectRoot, 'src', 'export')
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8')
      expect(source, file).not.toMatch(/from '(?:remark-[\w-]+|micromark[\w-]*|mdast-util-[\w-]+|unified)'/)
      expect(source, file).not.toMatch(/from '\.\.\/markdown\/(?:preprocess|processor|render-markdown|index)\.js'/)
    }
  })
})
