import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportArxiv, type ArxivPost } from '../../../src/export/arxiv.js'
import { parseEssay } from '../../../src/importer/parse/index.js'
import { projectRoot, tempDir } from '../../helpers/temp-dir.js'
import { corpusFiles, readCorpusFile } from '../markdown/corpus.js'
import { lintLatex } from './latex-lint.js'
import { renderedPost } from './rendered-post.js'

/** A post as the importer would make it from one essay file (rendered once, as an import stores it). */
function postFrom(path: string, text: string): ArxivPost {
  const parsed = parseEssay({ path, text, mtime: new Date('2025-01-01T00:00:00Z') }, { ownerName: 'Site Owner' })
  return renderedPost({
    title: parsed.title,
    slug: parsed.slug,
    author: parsed.author,
    publishedAt: parsed.publishedAt.toISOString(),
    excerpt: parsed.excerpt,
    summary: null,
    content: parsed.body,
    bibliography: null,
    tags: parsed.tags,
  })
}

const fixtureDirs = ['site', 'essays'].map((d) => join(projectRoot, 'tests', 'fixtures', d))
const fixtures = fixtureDirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(dir, f)),
)

/** Every ninth essay of the corpus (about 30, all three families), plus the ones with the most varied syntax. */
const corpusSample = (() => {
  const files = corpusFiles()
  const chosen = new Set(files.filter((_f, i) => i % 9 === 0))
  for (const f of [
    'statproofbook/P/vm-bvn.md',
    'd2l-en/chapter_optimization/momentum.md',
    'julialang-blog/blog/2019/07/multithreading-zh-cn.md',
    'julialang-blog/blog/2023/07/PSA-dont-use-threadid.md',
    'julialang-blog/blog/2018/03/pifonts.md',
  ]) {
    if (files.includes(f)) chosen.add(f)
  }
  return [...chosen]
})()

describe('the LaTeX checker used below', () => {
  it('finds what would stop pdflatex', () => {
    const doc = (body: string) => `\\begin{document}\n${body}\n\\end{document}`
    expect(lintLatex(doc('A \\& b, $x_1$, \\verb|a_b|\n\\begin{verbatim}\n50% & #_\n\\end{verbatim}'))).toEqual([])
    expect(lintLatex(doc('a_b'))).toEqual(['line 2: unescaped _ in text'])
    expect(lintLatex(doc('x & y'))).toEqual(['line 2: unescaped & in text'])
    expect(lintLatex(doc('50% of'))).toEqual(['line 2: unescaped % in text'])
    expect(lintLatex(doc('\\begin{quote}x'))).toContain('line 3: \\end{document} closes \\begin{quote}')
    expect(lintLatex(doc('$x'))).toContain('math opened with $ never closes')
    expect(lintLatex(doc('{x'))).toContain('1 brace(s) left open')
  })
})

describe('every fixture essay', () => {
  it.each(fixtures.map((f) => [f.slice(projectRoot.length + 1), f]))(
    '%s exports as well-formed LaTeX',
    (_name, path) => {
      const doc = exportArxiv(postFrom(path, readFileSync(path, 'utf8')), { baseUrl: 'http://localhost:4321' })
      expect(lintLatex(doc)).toEqual([])
    },
  )
})

describe('a sample of the essay corpus', () => {
  it('has about thirty essays from every family', () => {
    expect(corpusSample.length).toBeGreaterThanOrEqual(30)
    for (const family of ['statproofbook/', 'd2l-en/', 'julialang-blog/'])
      expect(corpusSample.some((f) => f.startsWith(family))).toBe(true)
  })

  it.each(corpusSample)('%s exports as well-formed LaTeX', (file) => {
    const doc = exportArxiv(postFrom(file, readCorpusFile(file)), { baseUrl: 'http://localhost:4321' })
    expect(lintLatex(doc)).toEqual([])
  })

  it('exports an essay the same way every time', () => {
    for (const file of ['statproofbook/P/vm-bvn.md', 'julialang-blog/blog/2023/07/PSA-dont-use-threadid.md']) {
      const post = postFrom(file, readCorpusFile(file))
      expect(exportArxiv(post)).toBe(exportArxiv(post))
    }
  })

  it("keeps statproofbook's labelled equations and references as LaTeX", () => {
    const doc = exportArxiv(postFrom('vm-bvn.md', readCorpusFile('statproofbook/P/vm-bvn.md')))
    expect(doc).toContain(
      '\\begin{equation}\\label{eq:bvn}\nY =  \\left[ \\begin{matrix} Y_1 \\\\ Y_2 \\end{matrix} \\right]',
    )
    expect(doc).toContain('with the parameters specified in \\eqref{eq:bvn} is equal to')
    expect(doc).not.toContain('\\tag{')
  })
})

const pdflatex = (() => {
  const found = spawnSync('which', ['pdflatex'], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : null
})()

/** CJK text needs the CJK package (TeX Live's lang-chinese/cjk); a smaller TeX install lacks it. */
const hasCjk = pdflatex !== null && spawnSync('kpsewhich', ['CJKutf8.sty'], { encoding: 'utf8' }).stdout.trim() !== ''

describe('compiling', () => {
  // TeX Live is gigabytes; it is not installed for the tests. Where it is, the exports must compile.
  it.skipIf(!pdflatex)(
    `compiles fixtures and corpus essays with pdflatex${pdflatex ? '' : ' (skipped: pdflatex is not installed on this machine)'}`,
    () => {
      const tmp = tempDir('arxiv-')
      try {
        const files = [
          ...fixtures.map((f) => ({ path: f, text: readFileSync(f, 'utf8') })),
          ...corpusSample.slice(0, 8).map((f) => ({ path: f, text: readCorpusFile(f) })),
        ]
        for (const { path, text } of files) {
          const post = postFrom(path, text)
          const tex = exportArxiv(post, { baseUrl: 'http://localhost:4321' })
          if (!hasCjk && tex.includes('{CJKutf8}')) continue
          writeFileSync(join(tmp.path, `${post.slug}.tex`), tex)
          for (let run = 0; run < 2; run++) {
            try {
              execFileSync(pdflatex!, ['-interaction=nonstopmode', '-halt-on-error', `${post.slug}.tex`], {
                cwd: tmp.path,
                stdio: 'pipe',
                timeout: 120_000,
              })
            } catch (e) {
              const log = String((e as { stdout?: Buffer }).stdout ?? '')
              throw new Error(
                `${path} did not compile:\n${
                  log
                    .split('\n')
                    .filter((l) => l.startsWith('!') || l.startsWith('l.'))
                    .join('\n') || log.slice(-1500)
                }`,
                { cause: e },
              )
            }
          }
        }
      } finally {
        tmp.cleanup()
      }
      // Two pdflatex runs for each of about fifteen documents: minutes on a small, busy machine.
    },
    600_000,
  )
})
