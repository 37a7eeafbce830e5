import { describe, expect, it } from 'vitest'
import { bookFolder, preparedPage } from '../../helpers/book-page.js'
import { mathMacrosFor } from '../../../src/importer/math/math-macros.js'

const book = (files: Record<string, string>): string => bookFolder(files, 'scholia-macros-')
const rendered = preparedPage

// QuantEcon's lecture books define these in _config.yml (sphinx.config.mathjax3_config.tex.macros).
const jupyterBookConfig = `title: Lectures
sphinx:
  config:
    mathjax3_config:
      tex:
        macros:
          "argmax" : "arg\\\\,max"
          "floor" : ["\\\\lfloor #1 \\\\rfloor", 1]
`

describe('a book’s math macros', () => {
  it('renders a Jupyter Book page’s formulas with the macros of its _config.yml, and re-imports when they change', () => {
    const root = book({ '_config.yml': jupyterBookConfig, '_toc.yml': 'format: jb-book\nroot: intro\n' })
    const { rendered: page, figures } = rendered(
      root,
      'intro.md',
      '# Intro\n\nWe take $\\argmax_x f(x)$ and $\\floor{y}$.\n',
    )
    expect(page.html).not.toContain('katex-error')
    expect(page.html).toContain('⌊')
    expect(page.warnings.filter((w) => w.rule.includes('math'))).toEqual([])
    expect(figures?.files).toContain('_config.yml')
  })

  it('takes MathJax 3’s tex.macros under Sphinx’s mathjax_config, and a macro written [body], as Jupyter Book 0.x pages load them', () => {
    // swing-research/PatternRecognition-jupyterbook's _config.yml (its built pages set `MathJax = {"tex": {"macros": …}}`).
    const config =
      'title: x\nsphinx:\n  config:\n    mathjax_config:\n      tex:\n        macros:\n' +
      '          "vect": ["\\\\boldsymbol{#1}", 1]\n          "vx" : ["\\\\vect{x}"]\n'
    const root = book({ '_config.yml': config, '_toc.yml': 'format: jb-book\nroot: intro\n' })
    const { rendered: page } = rendered(root, 'intro.md', '# Intro\n\nAn estimator $\\hat{\\vx}$ of $\\vect{y}$.\n')
    expect(page.html).not.toContain('katex-error')
    expect(page.warnings.filter((w) => w.rule.includes('katex') || w.rule.includes('math'))).toEqual([])
  })

  it('takes mystmd’s project math and a page’s own front-matter math, the page’s winning', () => {
    const root = book({
      'myst.yml':
        "version: 1\nproject:\n  math:\n    '\\dobs': '\\mathbf{d}_\\text{obs}'\n    '\\mref': '\\mathbf{m}'\n",
    })
    const definitions = mathMacrosFor(root, {
      math: { '\\mref': '\\mathbf{m}_\\text{ref}', '\\dpred': '\\mathbf{d}\\left( #1 \\right)' },
    })
    expect(definitions.definitions).toEqual([
      '\\newcommand{\\dobs}{\\mathbf{d}_\\text{obs}}',
      '\\newcommand{\\mref}{\\mathbf{m}}',
      '\\newcommand{\\mref}{\\mathbf{m}_\\text{ref}}',
      '\\newcommand{\\dpred}[1]{\\mathbf{d}\\left( #1 \\right)}',
    ])
    const { rendered: page } = rendered(
      root,
      'page.md',
      "---\nmath:\n  '\\mref': '\\mathbf{m}_\\text{ref}'\n---\n\n# P\n\n```{note}\nSee $\\dobs$ and $\\mref$.\n```\n",
    )
    expect(page.html).not.toContain('katex-error')
    expect(page.html).toContain('ref')
    expect(page.macros).toContain('\\newcommand{\\dobs}{\\mathbf{d}_\\text{obs}}')
  })

  it('ignores a front matter whose math is a switch, and names that are not macro names', () => {
    expect(mathMacrosFor(undefined, { math: true }).definitions).toEqual([])
    expect(mathMacrosFor(undefined, { math: { 'two words': 'x', ok: 'y', bad: 3 } }).definitions).toEqual([
      '\\newcommand{\\ok}{y}',
    ])
  })
})

describe('a Jekyll layout’s MathJax macros (gwgundersen.github.io’s lecture notes)', () => {
  // Its _layouts/orf525.html configures MathJax 2 for the pages set in it, with macros KaTeX must know.
  const layout = `---
layout: base
---
<script type='text/x-mathjax-config'>
MathJax.Hub.Config({
  tex2jax: { inlineMath: [ ['$', '$'] ], processEscapes: true },
  TeX: {
    Macros: {
      vec: ["{\\\\boldsymbol{\\\\mathbf{#1}}}", 1],
      mat: ["{\\\\mathbb{#1}}", 1],
      coloneqq: ["{\\\\mathrel{\\\\vcenter{:}}=}"]
    }
  },
});
</script>
{{ content }}`

  it('renders a page set in the layout with its macros, and re-imports when the layout changes', () => {
    const root = book({
      '_config.yml': 'markdown: kramdown\ncollections:\n  orf525:\n    output: true\n',
      '_layouts/orf525.html': layout,
      '_layouts/base.html': '{% include katex.html %}{{ content }}',
      '_includes/katex.html':
        '<script>renderMathInElement(document.body, {macros: {"\\\\RR": "\\\\mathbb{R}"}})</script>',
    })
    const { rendered: page, figures } = rendered(
      root,
      '_orf525/lecture.md',
      '---\nlayout: orf525\n---\n\n# Lecture\n\n$\\vec{Y} = \\mat{X} \\vec{\\beta}$ with $x \\in \\RR$ and $a \\coloneqq b$.\n',
    )
    expect(page.html).not.toContain('katex-error')
    expect(page.warnings.filter((w) => w.rule === 'katex')).toEqual([])
    expect(figures?.files).toEqual(
      expect.arrayContaining(['_layouts/orf525.html', '_layouts/base.html', '_includes/katex.html']),
    )
  })

  it('reads nothing from a layout whose macros are not a literal, and no layout from a page without one', () => {
    expect(mathMacrosFor(undefined, { layout: 'post' }).definitions).toEqual([])
    const root = book({
      '_config.yml': 'title: x\n',
      '_layouts/post.html': '<script>MathJax = { tex: { macros: window.myMacros } }</script>',
    })
    expect(mathMacrosFor(root, {}, `${root}/_posts/2020-01-01-a.md`)).toEqual({ definitions: [], files: [] })
  })
})
