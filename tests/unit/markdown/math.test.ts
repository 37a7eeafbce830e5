import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'

const katexCount = (html: string): number => html.split('class="katex"').length - 1
const displayCount = (html: string): number => html.split('class="katex-display"').length - 1
/** The TeX annotations KaTeX writes into its MathML, in order. */
const annotations = (html: string): string[] =>
  [...html.matchAll(/<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/g)].map((m) => m[1])

describe('math delimiters', () => {
  it('renders $…$ inline', () => {
    const { html } = renderMarkdown('Let $x^2 + 1$ be given.')
    expect(katexCount(html)).toBe(1)
    expect(displayCount(html)).toBe(0)
    expect(annotations(html)).toEqual(['x^2 + 1'])
  })

  it('renders \\(…\\) inline', () => {
    const { html } = renderMarkdown('Let \\(a_1 * b_2\\) be given.')
    expect(katexCount(html)).toBe(1)
    expect(displayCount(html)).toBe(0)
    // The * and _ stay TeX: markdown never read them as emphasis.
    expect(annotations(html)).toEqual(['a_1 * b_2'])
    expect(html).not.toContain('<em>')
  })

  it('renders $$…$$ in the middle of a sentence inline', () => {
    const { html } = renderMarkdown('The value $$x = 1$$ is inline here.')
    expect(katexCount(html)).toBe(1)
    expect(displayCount(html)).toBe(0)
    expect(html).toMatch(/^<p>The value <span class="katex">/)
  })

  it('renders $$ blocks on their own lines as display math', () => {
    const { html } = renderMarkdown('Before\n\n$$\n\\sum_i x_i\n$$\n\nAfter')
    expect(displayCount(html)).toBe(1)
    expect(html).toContain('<p>After</p>')
  })

  it('renders a $$…$$ line of its own as display math', () => {
    const { html } = renderMarkdown('Before:\n$$E = mc^2$$\nand after.')
    expect(displayCount(html)).toBe(1)
    expect(html).toContain('<p>Before:</p>')
    expect(html).toContain('<p>and after.</p>')
  })

  it('renders a formula closed by …$$ at the end of a line, and what follows it', () => {
    const { html } = renderMarkdown(
      '$$ U = \\begin{pmatrix}\nu_1 \\\\\nu_2\n\\end{pmatrix} $$\nto denote the vector $t$.',
    )
    expect(displayCount(html)).toBe(1)
    expect(html).toContain('to denote the vector')
    expect(html).not.toContain('katex-error')
  })

  it('renders \\[…\\] as display math', () => {
    const { html } = renderMarkdown('We have \\[ \\int_0^1 f(x)\\,dx \\] for all f.')
    expect(displayCount(html)).toBe(1)
    expect(html).toContain('We have')
    expect(html).toContain('for all f.')
  })

  it('leaves escaped brackets that are not TeX alone', () => {
    const { html } = renderMarkdown('A claim \\[citation needed\\].')
    expect(katexCount(html)).toBe(0)
    expect(html).toContain('[citation needed]')
  })

  it('does not render math inside code', () => {
    const { html } = renderMarkdown('Code `$x$` and\n\n```\n$$y$$ \\(z\\)\n```\n')
    expect(katexCount(html)).toBe(0)
    expect(html).toContain('<code>$x$</code>')
    expect(html).toContain('$$y$$ \\(z\\)')
  })

  it('keeps an escaped dollar inside a formula (MathJax reading)', () => {
    const { html } = renderMarkdown('A profit of $\\$10 \\pm \\$1$ per sale.')
    expect(katexCount(html)).toBe(1)
    expect(html).not.toContain('katex-error')
    expect(annotations(html)).toEqual(['\\$10 \\pm \\$1'])
  })

  it('never closes a formula at an escaped dollar: a lone dollar before one is text', () => {
    const { html } = renderMarkdown(
      'Incomes of about $1 (extremely poor), \\$2 (very poor), \\$4 (poor) a day.\n\nA price $\\$5$ stays TeX.\n',
    )
    expect(html).toContain('<p>Incomes of about $1 (extremely poor), $2 (very poor), $4 (poor) a day.</p>')
    expect(html).not.toContain('katex-error')
    expect(annotations(html)).toEqual(['\\$5'])
  })

  it('shows a broken formula as its source marked as an error, and renders the rest', () => {
    const { html } = renderMarkdown('Broken $\\frac{$ here.\n\nStill fine: $y$.\n\n## Next\n')
    expect(html).toMatch(/<span class="katex-error" title="ParseError: [^"]*" style="color:#cc0000">\\frac\{<\/span>/)
    expect(html).toContain('Still fine:')
    expect(katexCount(html)).toBe(1)
    expect(html).toContain('<h2 id="next">Next</h2>')
  })

  it('does not throw on TeX that breaks KaTeX in other ways', () => {
    expect(() => renderMarkdown('$$\n\\def\\a{\\a}\\a\n$$\n\n$\\begin{array}$ and $\\end{x}$')).not.toThrow()
  })
})

describe('equation labels and references', () => {
  it('numbers labelled display equations with \\tag and resolves \\eqref in prose and math', () => {
    const md = [
      'By \\eqref{eq:second}, and in math $a \\overset{\\eqref{eq:first}}{=} b$.',
      '',
      '$$ \\label{eq:first}',
      'a = b',
      '$$',
      '',
      '$$',
      'c = d \\label{eq:second}',
      '$$',
      '',
      'Unknown: \\eqref{eq:nope}.',
      '',
      'Also \\ref{eq:first} and $\\ref{eq:second}$.',
    ].join('\n')
    const { html } = renderMarkdown(md)
    expect(html).not.toContain('katex-error')
    expect(html).not.toContain('\\label')
    expect(html).toContain('By <a href="#user-content-eq-eq:second">(2)</a>, and in math')
    expect(annotations(html)).toEqual([
      'a \\overset{\\text{(1)}}{=} b',
      'a = b \\tag{1}',
      'c = d \\tag{2}',
      '\\text{(2)}',
    ])
    expect(html).toContain('Unknown: (?).')
    expect(html).toContain('Also <a href="#user-content-eq-eq:first">(1)</a> and')
  })

  it('renders statproofbook-style labelled equations with a tag and no error', () => {
    const md = [
      'The bivariate normal distribution',
      '',
      '$$ \\label{eq:bvn}',
      'x \\sim \\mathcal{N}(\\mu, \\Sigma), \\quad \\mu = \\left[ \\begin{matrix} \\mu_1 \\\\ \\mu_2 \\end{matrix} \\right]',
      '$$',
      '',
      'with the parameters specified in \\eqref{eq:bvn} is equal to',
      '',
      '$$ \\label{eq:bvn-pdf}',
      '\\begin{split}',
      'f(x) &= \\frac{1}{2 \\pi \\sqrt{|\\Sigma|}} \\\\',
      '&= \\exp(0) \\; .',
      '\\end{split}',
      '$$',
    ].join('\n')
    const { html, plainText } = renderMarkdown(md)
    expect(html).not.toContain('katex-error')
    expect(displayCount(html)).toBe(2)
    expect(html.split('class="tag"').length - 1).toBe(2)
    expect(html).toContain('specified in <a href="#user-content-eq-eq:bvn">(1)</a> is equal to')
    // The number links to the equation: an anchor with that id stands before it.
    expect(html).toContain('<span id="user-content-eq-eq:bvn" class="equation-anchor"></span>')
    expect(plainText).not.toContain('\\tag')
    expect(plainText).not.toContain('\\label')
  })

  it('numbers a d2l :eqlabel: and resolves :eqref:', () => {
    const md =
      'So\n\n$$\\hat{y} = \\mathrm{softmax}(o).$$\n:eqlabel:`eq_softmax`\n\nas in :eqref:`eq_softmax`; elsewhere :eqref:`eq_other`.'
    const { html } = renderMarkdown(md)
    expect(html).not.toContain('eqlabel')
    expect(annotations(html)).toEqual(['\\hat{y} = \\mathrm{softmax}(o). \\tag{1}'])
    // A label this essay does not define may be another post's: a link the site resolves when the page is read.
    expect(html).toContain(
      'as in <a href="#user-content-eq-eq_softmax">(1)</a>; elsewhere <a href="#eq_other" data-xref="eqref:eq_other">(eq other)</a>.',
    )
  })

  it('gives every row label of an align its own number', () => {
    const { html } = renderMarkdown(
      '$$\n\\begin{align} a &= b \\label{r1} \\\\ c &= d \\label{r2} \\end{align}\n$$\n\nSee \\eqref{r2}.',
    )
    expect(html).not.toContain('katex-error')
    expect(html).toContain('See <a href="#user-content-eq-r2">(2)</a>.')
    expect(html).toContain(
      '<span id="user-content-eq-r1" class="equation-anchor"></span><span id="user-content-eq-r2" class="equation-anchor"></span>',
    )
  })
})

describe('environments KaTeX lacks or numbers on its own', () => {
  it('renders eqnarray (unknown to KaTeX) as aligned rows, numbered by label', () => {
    const { html } = renderMarkdown(
      '$$\n\\begin{eqnarray} a &=& b \\label{e1} \\\\ c &=& d \\label{e2} \\end{eqnarray}\n$$\n\nSee \\eqref{e2}.',
    )
    expect(html).not.toContain('katex-error')
    expect(html).toContain('See <a href="#user-content-eq-e2">(2)</a>.')
  })

  it('does not let KaTeX number unlabelled equation/align environments (every one would be (1))', () => {
    const { html } = renderMarkdown(
      '$$\n\\begin{equation} a = b \\end{equation}\n$$\n\n$$\n\\begin{align} c &= d \\end{align}\n$$',
    )
    expect(html).not.toContain('katex-error')
    expect(html).not.toContain('class="tag"')
  })
})

describe('macros', () => {
  it('lets a later formula use a \\newcommand defined in an earlier one', () => {
    const md = 'Define $\\newcommand{\\vect}[1]{\\mathbf{#1}} \\vect{a}$ and later\n\n$$\n\\vect{x} + \\vect{y}\n$$'
    const { html } = renderMarkdown(md)
    expect(html).not.toContain('katex-error')
    expect(html).toContain('mathbf')
  })

  it('supports \\def and macros defined on a prose line of their own', () => {
    const md =
      '\\newcommand{\\RR}{\\mathbb{R}}\n\nLet $x \\in \\RR$ and $\\def\\half{\\frac12} \\half$, then $\\half x$.'
    const { html } = renderMarkdown(md)
    expect(html).not.toContain('katex-error')
    expect(html).not.toContain('newcommand{')
  })

  it('does not leak macros from one document into the next', () => {
    expect(renderMarkdown('$\\newcommand{\\leaky}{x} \\leaky$').html).toContain('<mi>x</mi>')
    const next = renderMarkdown('$\\leaky$').html
    // KaTeX shows an undefined command in red instead of expanding it.
    expect(next).not.toContain('<mi>x</mi>')
    expect(next).toContain('<mtext>\\leaky</mtext>')
  })
})
