import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { corpusFiles, readCorpusFile } from './corpus.js'

/** Site syntax that must never reach a reader. */
const STRAY = [
  ':label:',
  ':numref:',
  ':eqref:',
  ':cite:',
  ':begin_tab:',
  ':end_tab:',
  ':width:',
  '{% ',
  '\\toc',
  '@@',
  '~~~',
  '@def',
  '{.python .input',
  '%%tab',
]

/** What a reader sees: the HTML without code blocks, KaTeX's TeX annotations and tags. */
function readerText(html: string): string {
  return html
    .replace(/<pre>[\s\S]*?<\/pre>/g, '')
    .replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '')
    .replace(/<[^>]+>/g, '')
}

describe('the essay corpus', () => {
  const files = corpusFiles()

  it('is all there', () => {
    expect(files.length).toBe(281)
    for (const family of ['statproofbook/', 'd2l-en/', 'julialang-blog/']) {
      expect(files.some((f) => f.startsWith(family))).toBe(true)
    }
  })

  const samples = [
    'statproofbook/P/bvn-pdfcorr.md',
    'statproofbook/P/anova1-f.md',
    'd2l-en/chapter_linear-classification/softmax-regression-concise.md',
    'd2l-en/chapter_introduction/index.md',
    'd2l-en/chapter_linear-classification/environment-and-distribution-shift.md',
    'julialang-blog/blog/2023/07/PSA-dont-use-threadid.md',
    'julialang-blog/blog/2021/01/precompile_tutorial.md',
    'julialang-blog/blog/2024/10/julia-1.11-highlights.md',
    'julialang-blog/blog/2019/08/2019-julia-survey.md',
    'julialang-blog/blog/2021/08/sharks.md',
  ]
  for (const file of samples) {
    it(`renders ${file} without stray site syntax`, () => {
      const { html, toc, plainText, wordCount } = renderMarkdown(readCorpusFile(file))
      for (const stray of STRAY) expect(html, stray).not.toContain(stray)
      expect(html).not.toMatch(/[\uE000-\uE004]/)
      // statproofbook proofs and some blog posts have no headings at all.
      if (/^(d2l-en|julialang-blog\/blog\/202[14])/.test(file)) expect(toc.length).toBeGreaterThan(0)
      expect(plainText.length).toBeGreaterThan(100)
      expect(wordCount).toBeGreaterThan(20)
    })
  }

  it('numbers the labelled equations of statproofbook without KaTeX errors', () => {
    const { html } = renderMarkdown(readCorpusFile('statproofbook/P/bvn-pdfcorr.md'))
    expect(html).not.toContain('katex-error')
    expect(html).toContain('class="tag"')
    expect(html).not.toContain('\\label')
    // "\mu from \eqref{eq:bvn} and \Sigma from \eqref{eq:Sigma-det} and \eqref{eq:Sigma-inv}"
    // Each number links to its equation.
    expect(html).toMatch(
      /<\/span> from <a href="#user-content-eq-eq:bvn">\(1\)<\/a> and <span class="katex">.*<\/span> from <a href="#user-content-eq-eq:Sigma-det">\(\d\)<\/a> and <a href="#user-content-eq-eq:Sigma-inv">\(\d\)<\/a>, the probability/,
    )
    expect(html).toContain('id="user-content-eq-eq:bvn"')
  })

  it('renders every essay without throwing, markers or stray syntax, with TOC ids that exist', () => {
    const problems: string[] = []
    for (const file of files) {
      let result
      try {
        result = renderMarkdown(readCorpusFile(file))
      } catch (error) {
        problems.push(`${file}: threw ${String(error)}`)
        continue
      }
      const { html, toc } = result
      if (html.trim() === '') problems.push(`${file}: empty HTML`)
      if (/[\uE000-\uE004]/.test(html + result.plainText)) problems.push(`${file}: internal marker left`)
      const text = readerText(html)
      for (const stray of STRAY) if (text.includes(stray)) problems.push(`${file}: shows ${stray}`)
      // A link left unread as markdown (a `<br>` line made CommonMark swallow the paragraph as HTML).
      const rawLink = /[^\\]\]\((?:\/|https?:|\.\.?\/)[^)\s]*\)/.exec(
        html.replace(/<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>/g, ''),
      )
      if (rawLink) problems.push(`${file}: shows raw link syntax ${rawLink[0]}`)
      for (const entry of toc)
        if (!html.includes(` id="${entry.id}"`)) problems.push(`${file}: no element with TOC id ${entry.id}`)
    }
    expect(problems).toEqual([])
  }, 120_000)
})
