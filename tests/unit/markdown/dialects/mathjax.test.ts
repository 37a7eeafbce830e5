import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { shownText } from '../../../helpers/shown-text.js'

const typeset = (md: string) => {
  const { html, warnings } = renderMarkdown(md)
  return { html, warnings: warnings.filter((w) => w.rule === 'katex') }
}

describe('MathJax compatibility', () => {
  // Each from a formula that rendered under MathJax on lilianweng.github.io or MathJax's docs.
  it.each([
    ['a bare command as a script', '$$Q^\\vec{\\mu}_i(\\vec{o}, a_1)$$ and $$t_\\max$$'],
    ['`_` and `&` in text', '$$\n\\begin{aligned}\nL &= \\text{style_fwd} & \\text{; a & b}\n\\end{aligned}\n$$'],
    [
      '\\require, \\class, \\cssId, \\style, \\bbox, \\unicode',
      '$\\require{cancel}\\class{a}{x}+\\cssId{b}{y}+\\style{color:red}{z}+\\bbox[yellow,5px]{w}+\\unicode{x263A}$',
    ],
    ['\\mbox, \\textsc, \\idotsint, \\iiiint', '$\\mbox{if } x, \\textsc{Alg}, \\idotsint f, \\iiiint g$'],
    [
      '\\DeclareMathOperator in a formula, used later',
      '$$\\DeclareMathOperator*{\\argmax}{arg\\,max}$$\n\n$\\argmax_x f(x)$',
    ],
    ['\\newcommand in a display, used later', '$$\\newcommand{\\vv}{\\mathbf{v}} \\vv$$\n\nThen $\\vv + 1$.'],
    ['eqnarray', '$$\n\\begin{eqnarray}\na &=& b \\nonumber \\\\\nc &=& d\n\\end{eqnarray}\n$$'],
    ['\\label inside aligned', '$$\n\\begin{aligned} a &= b \\label{eq:x} \\end{aligned}\n$$'],
    [
      '\\bm, \\boldsymbol, \\cal, \\Bbb, \\color, \\operatorname*',
      '$\\bm{x} \\boldsymbol\\theta {\\cal L} \\Bbb R \\color{red}{x} \\operatorname*{arg\\,min}_x$',
    ],
    // AustenLamacraft/austen-quarto-blog's talks: a definitions display over names KaTeX has, and
    // the physics package its slides load (`load: ['[tex]/physics']`)
    [
      '\\newcommand over a name KaTeX defines, as MathJax overwrites it',
      '$$\n\\nonumber\n\\newcommand{\\bra}[1]{\\langle{#1}\\rvert}\n\\newcommand{\\R}{\\mathbb{R}}\n$$\n\nThen $\\bra{x} \\in \\R$.',
    ],
    [
      'the physics package',
      '$\\tr A + \\Tr B, \\vb{v}, \\vu{n}, \\abs{x}, \\norm{y}, \\expval{H}, \\order{h^2}, \\comm{A}{B}, \\dd x$',
    ],
    [
      'a display closed by `$$.`',
      '- Simplest example\n\n$$\n\\operatorname{S}=\\begin{pmatrix}\n1 & 0 \\\\\n0 & 1\n\\end{pmatrix}\n$$.\n\nNext.',
    ],
  ])('%s', (_name, md) => {
    const { html, warnings } = typeset(md)
    expect(html).not.toContain('katex-error')
    expect(html).not.toContain('<mstyle mathcolor="#cc0000"><mtext>\\')
    expect(warnings).toEqual([])
  })

  it('reads a formula written for a markdown processor that escapes inside math (Hugo without passthrough)', () => {
    // As ad-freiburg/ad-blog writes them: `\_` for _, `\(` for (, `\\\\` for a line break.
    const md =
      '$$P\\_{size}\\(c\\) = \\frac{size\\(c\\)}{size(c\\_{max})}$$\n\n$$P = \\begin{cases} 1 & x \\\\\\\\ 0 & y \\end{cases}$$\n'
    const { html, warnings } = typeset(md)
    expect(html).not.toContain('katex-error')
    expect(warnings).toEqual([])
    // A `|` written as a character reference inside a table's formula (ICLR 2023 blog posts)
    expect(typeset('| a | b |\n|---|---|\n| $$T(\\cdot &#124;x)$$ | c |\n').html).not.toContain('katex-error')
    // TeX that is right as written keeps its escapes: \{ is a brace, \_ an underscore.
    expect(typeset('$\\{a\\_b\\}$').html).toContain('<mo stretchy="false">{</mo>')
  })

  it('takes a hidden block of macros one definition at a time, read as MathJax reads them', () => {
    // As the ICLR 2024 blog posts (al-folio) define theirs: one KaTeX lacks (an optional argument)
    // must not take the others with it; a macro body written for MathJax (`\\sigma_\\w`) still serves.
    const md =
      '<div style="display: none;">\n$$\\newcommand{\\MidSymbol}[1][]{\\:#1\\:}\n\\newcommand{\\given}{\\vert}\n\\newcommand{\\w}{\\boldsymbol{w}}\n\\newcommand{\\wstd}{\\sigma_\\w}$$\n</div>\n\n' +
      'We have $p(x \\given z)$, $\\wstd = 1$ and $\\left(\\begin{array}{@{}c c@{}} a & b \\end{array}\\right)$.\n'
    const { html, warnings } = typeset(md)
    expect(html).not.toContain('katex-error')
    expect(html.match(/class="katex"/g)).toHaveLength(3)
    expect(warnings).toEqual([])
  })

  it('typesets \\\\(…\\\\) and \\\\[…\\\\], which a kramdown post writes so that its page holds \\(…\\) for MathJax', () => {
    // From karpathy/karpathy.github.io, _posts/2016-05-31-rl.markdown (Jekyll, kramdown, MathJax).
    const md =
      'the gradient vector \\\\(\\nabla_{W} \\log p(y=UP \\mid x) \\\\). Maximize \\\\( \\sum\\_i \\log p(y\\_i \\mid x\\_i) \\\\) where\n\n' +
      '### Reward \\\\(R\\_t\\\\)\n\nSo \\\\[ R\\_t = \\sum\\_{k=0}^{\\infty} \\gamma^k r\\_{t+k} \\\\] and more.\n'
    const { html, warnings } = typeset(md)
    expect(warnings).toEqual([])
    expect(html.match(/class="katex"/g)).toHaveLength(4)
    expect(html.match(/class="katex-display"/g)).toHaveLength(1)
    expect(shownText(html)).not.toMatch(/\\[()[\]]/)
    expect(html).toContain('<annotation encoding="application/x-tex">\\sum_i \\log p(y_i \\mid x_i)</annotation>')
    // Inside code, and unclosed, it stays as written.
    const kept = typeset('Write `\\\\(x\\\\)`; a lone \\\\( stays.').html
    expect(kept).not.toContain('katex')
    expect(shownText(kept)).toContain('a lone \\( stays')
  })

  it('reads `&amp;` in a formula as `&`, as MathJax does from the page (an ICLR blog post writes its alignments so)', () => {
    const md = [
      'Then',
      '\\begin{align}',
      'r_t &amp;= \\sup_{\\lambda} |P_t(\\lambda)| \\\\',
      '&amp; \\le 1 &lt; 2',
      '\\end{align}',
      '',
      '<p class="lemma">Consider \\(P_t\\):',
      '\\begin{equation}',
      '\\begin{split}',
      '&amp;P_{t+1} = P_t\\\\',
      '&amp;P_1 = 1',
      '\\end{split}',
      '\\end{equation}',
      '</p>',
    ].join('\n')
    const { html, warnings } = typeset(md)
    expect(warnings).toEqual([])
    expect(shownText(html)).not.toContain('amp;')
    expect(html).toContain('<annotation encoding="application/x-tex">')
    expect(html).not.toMatch(/application\/x-tex">[^<]*&amp;amp;/)
  })

  it('stays linear on many unclosed \\\\( and \\\\[', () => {
    expect(() => renderMarkdown('\\\\( \\\\[ '.repeat(30_000))).not.toThrow()
    // Many `\\(` before one far `\\)`: a quadratic search would not end within the test's time.
    // (No timed comparison here: machines are noisy; `npm run bench` measures speed.)
    expect(renderMarkdown('\\\\( a '.repeat(30_000) + ' \\\\)').html).toContain('katex')
  })

  it('sets a display environment run into a line, as MathJax does wherever $$ stands (pawel-czyz.github.io)', () => {
    // A list item's lazy continuation: the $$ lines belong to its sentence, not to a display block.
    const md =
      '  3. If $e_1, \\dotsc, e_n$ is a basis of $V$, then\n    $$\\begin{align*}\n    &e_1\\wedge e_2, \\\\\n    &e_{n-1}\\wedge e_n \\label{eq:basis}\n    \\end{align*}\n    $$\n    is a basis of $\\bigwedge^2 V$.\n'
    const { html, warnings } = typeset(md)
    expect(warnings).toEqual([])
    expect(html).not.toContain('katex-error')
    expect(html).toContain('<mtable')
    expect(shownText(html)).toContain('is a basis of')
  })

  it('shows a formula that still fails as its source and names it in a warning', () => {
    const { html, warnings } = typeset('$\\frac{$ and $\\nosuchcommand{x}$')
    expect(html).toContain('katex-error')
    expect(warnings.map((w) => w.message).join('\n')).toMatch(/\\frac\{[^]*\\nosuchcommand/)
  })

  it('stays linear on hostile formulas', () => {
    const md = '$' + '^\\vec{'.repeat(20_000) + '$\n\n$' + '\\text{' + '_'.repeat(50_000) + '$'
    expect(() => renderMarkdown(md)).not.toThrow()
  })
})

describe('reveal.js formulas wrapped in backticks', () => {
  // reveal.js's math plugin: "wrap the formula in backticks" in markdown slides (Hugo Academic
  // slides and Quarto sites that keep such talks, e.g. AustenLamacraft/austen-quarto-blog)
  const slide = [
    '- The gate gives the update rule for $P$',
    '`$$',
    'P_{S_{1:N}}(t+1) = \\sum_{j} P_j(t)',
    '$$`',
    '`$$',
    '\\begin{gathered}',
    'a = b',
    '\\end{gathered}',
    '$$`',
    '',
    'where `$\\mathcal M_{\\pm}(\\cdot)$` maps operators.',
    '',
    '```tex',
    '`$$ x $$`',
    '```',
  ].join('\n')

  it('typesets displays and inline formulas written as code spans, not code in fences', () => {
    const { html, warnings } = typeset(slide)
    expect(warnings).toEqual([])
    expect(html.match(/class="katex-display"/g)).toHaveLength(2)
    expect(shownText(html, { code: false })).not.toContain('$')
    expect(html).not.toContain('<code>$$')
    expect(html).toContain(
      '<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msub><mi mathvariant="script">M</mi>',
    )
    expect(shownText(/<pre[\s\S]*<\/pre>/.exec(html)?.[0] ?? '')).toContain('`$$ x $$`')
  })

  it('leaves a one-line example of the syntax as code in an essay that does not write formulas this way', () => {
    const { html } = typeset('Write `$$ x^2 $$` for a display and `$x$` inline.')
    expect(html).toContain('<code>$$ x^2 $$</code>')
    expect(html).toContain('<code>$x$</code>')
    expect(html).not.toContain('katex')
  })
})

describe("MathJax's extpfeil \\Newextarrow (its documentation's example)", () => {
  it('draws an arrow the page defines as KaTeX draws that character, in later formulas too', () => {
    const { html, warnings } = typeset(
      [
        '$\\require{extpfeil}\\Newextarrow{\\xrightharpoonup}{5,10}{0x21C0}\\Newextarrow{\\xUp}{5,5}{0x27F6}$',
        '',
        '$$A \\xUp[\\text{iso}]{\\varphi} B \\xrightharpoonup{f} C$$',
      ].join('\n'),
    )
    expect(html).not.toContain('katex-error')
    expect(warnings).toEqual([])
    expect(html).toContain('iso')
    expect(html).toMatch(/⟶|→|x-arrow|svg/)
  })

  it('shows the unknown command of an arrow KaTeX cannot stretch, as written, with a warning naming its formula', () => {
    const { html, warnings } = typeset('$\\Newextarrow{\\xUp}{5,5}{0x2191}$ and $A \\xUp{f} B$.')
    expect(html).toContain('color:#cc0000;">\\xUp</span>')
    expect(warnings.map((w) => w.message)).toEqual([
      'a formula KaTeX cannot typeset is shown as its source: A \\xUp{f} B',
    ])
  })
})

describe("xcolor's colour mixes (mattblackwell/gov2002-book's `\\textcolor{red!50}{…}`)", () => {
  it('colours a subformula by the mix xcolor names, as LaTeX and MathJax do', () => {
    const { html, warnings } = typeset(
      '$$a = \\textcolor{red!50}{\\underbrace{+ b - b}_{\\text{add and subtract}}} + {\\color{blue!30!black} c}$$',
    )
    expect(warnings).toEqual([])
    expect(html).not.toContain('katex-error')
    // half red, half white; 30 % blue, 70 % black
    expect(html).toContain('color:#ff8080')
    expect(html).toContain('color:#00004d')
    expect(shownText(html)).toMatch(/add\sand\ssubtract/)
  })

  it('leaves a colour it does not know to KaTeX’s warning, shown as written', () => {
    const { html, warnings } = typeset('$\\textcolor{ForestGreen!50}{x}$')
    expect(warnings).toHaveLength(1)
    expect(html).toContain('katex-error')
  })
})

describe('a dollar inside braces, as MathJax reads it (gwgundersen.github.io)', () => {
  it('does not end the formula: `\\text{$f$ …}` and `\\text{length($A$)}` stay one formula each', () => {
    const { html, warnings } = typeset(
      '> $F = \\{f(x) : \\text{$f$ can be represented by composition of units}\\}$\n\n' +
        'So $\\mathbb{P}(A) = \\text{length($A$)}$ and $x$ and $y$.\n',
    )
    expect(warnings).toEqual([])
    expect(html).not.toContain('katex-error')
    expect(html.match(/class="katex"/g)).toHaveLength(4)
    expect(shownText(html)).toMatch(/can\sbe\srepresented\sby\scomposition\sof\sunits/)
  })

  it('keeps the first closing dollar when no later one balances the braces', () => {
    const { html } = typeset('An odd $a \\text{b$ and $c$ here.\n')
    expect(shownText(html)).toContain('here.')
    expect(html.match(/class="katex/g)?.length ?? 0).toBeGreaterThan(0)
  })
})

describe('a display of aligned rows outside any environment, as Sphinx wraps it (Jupyter Book 1’s docs)', () => {
  it('is set in a split, its rows aligned, as Jupyter Book shows it', () => {
    const { html, warnings } = typeset(
      '$$\nP(A_1 \\cup A_2 \\cup A_3)\n& = P(B \\cup A_3)  \\\\\n& = P(B) + P(A_3) - P(BA_3)\n$$\n',
    )
    expect(warnings).toEqual([])
    expect(html).not.toContain('katex-error')
    expect(html).toContain('col-align-l')
  })

  it('leaves a display that reads as it is, and rows inside an environment, as they were', () => {
    expect(typeset('$$a \\& b$$').html).not.toContain('col-align')
    const aligned = typeset('$$\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}$$')
    expect(aligned.warnings).toEqual([])
    expect(aligned.html).not.toContain('katex-error')
  })
})

describe('amsmath’s multline with \\shoveleft (jaketae.github.io’s GAN notes)', () => {
  it('typesets its rows, centred, instead of failing on the shove', () => {
    const { html, warnings } = typeset(
      '\\begin{multline}\n\\shoveleft x:  \\text{Real data} \\\\\n\\shoveleft z: \\text{Latent vector} \\\\\n\\shoveright{G(z)}: \\text{Fake data}\n\\end{multline}\n',
    )
    expect(warnings).toEqual([])
    expect(html).not.toContain('katex-error')
    expect(shownText(html)).not.toContain('shove')
  })
})
