import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../../src/markdown/index.js'
import { expandInlineR } from '../../../../src/markdown/dialects/knitr/inline-r.js'
import { expandLiquidVariables } from '../../../../src/markdown/syntax/liquid/variables.js'

// Issue 38's leftovers, each from a real site (tests/fixtures/dialects/*/CREDITS.md).
const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/dialects/${path}`, import.meta.url), 'utf8')

/** What a reader sees as text: no code, no formula markup, no tags. */
function shown(html: string): string {
  return html
    .replace(/<(pre|code|annotation)[\s>][\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
}

describe('formulas as MathJax found them on Jekyll and Hugo sites', () => {
  it('reads a `$$` display with a blank line and a list-marked row inside its environment (iclr-blogposts 2024)', () => {
    const { html, warnings } = renderMarkdown(fixture('jekyll/display-blank-line.md'))
    expect(shown(html)).not.toMatch(/\$\$|\\begin\{|\\end\{/)
    expect(html).toContain('katex-display')
    expect(html).not.toContain('<li>')
    expect(warnings.filter((w) => w.rule === 'katex')).toEqual([])
  })

  it('typesets an indented `\\begin{equation}` inside a raw HTML box', () => {
    const { html } = renderMarkdown(fixture('jekyll/framed-box.md'))
    expect(shown(html)).not.toMatch(/\\begin\{|\\end\{/)
    expect(html.match(/katex-display/g)?.length).toBe(2)
  })

  it('takes a `$$` in a code span for code, not the opening of a formula that hides the next environment', () => {
    const { html } = renderMarkdown(fixture('jekyll/environment-after-code-span.md'))
    expect(shown(html)).not.toContain('\\begin{equation}')
    expect(html).toContain('katex-display')
  })

  it('closes a display at `$$<br/>`', () => {
    const { html } = renderMarkdown(fixture('jekyll/display-then-break.md'))
    expect(shown(html)).not.toMatch(/\$\$|\\begin\{/)
    expect(html).toContain('katex-display')
    expect(shown(html)).toContain('Repeat steps')
  })

  it("reads a display opened on a list item's line as the item's (lil-log)", () => {
    const { html } = renderMarkdown(fixture('jekyll/list-item-display.md'))
    expect(shown(html)).not.toMatch(/\$\$|\\begin\{/)
    expect(html).toMatch(/<li>\s*<span class="katex-display"[ >]/)
    expect(html).toContain('\\xi \\in \\text{Uniform}(0, \\delta), \\\\')
  })

  it('closes a formula opened in a list item at a `$$` line, not opening a display there (lil-log)', () => {
    const { html } = renderMarkdown(fixture('jekyll/inline-formula-closed-alone.md'))
    expect(shown(html)).not.toMatch(/\$\$|\\begin\{/)
    expect(html).toMatch(/<li>For <span class="katex">/)
    expect(html).not.toContain('katex-error')
  })

  it('keeps a display closed by `…$$` apart from the display after the next line', () => {
    // The form of a Quarto post's proof: `$$\begin{align*}` … `\end{align*}$$`, a line of prose, `$$` ….
    const md = '$$\\begin{align*}\na &= b\n\\end{align*}$$\nso that\n$$\nc = d.\n$$\n\nWe can prove it.\n'
    const { html } = renderMarkdown(md)
    expect(shown(html)).not.toContain('$$')
    expect(html.match(/katex-display/g)?.length).toBe(2)
    expect(shown(html)).toContain('so that')
  })

  it('typesets an environment a Hugo post escaped for its markdown (`\\\\begin{array}` in prose)', () => {
    const { html } = renderMarkdown(fixture('hugo/escaped-array.md'))
    expect(shown(html)).not.toContain('\\begin{array}')
    expect(html).toContain('katex-display')
    expect(shown(html)).toContain('decibel values')
  })

  it('leaves an environment in prose that never ends, and one in a code span, as written', () => {
    const { html } = renderMarkdown('Write `\\begin{array}…\\end{array}` or \\begin{array} alone.\n')
    expect(html).not.toContain('katex')
    expect(html).toContain('\\begin{array} alone')
  })

  it('pairs no dollars across an HTML code element, as MathJax skips code (ad-blog)', () => {
    const { html, warnings } = renderMarkdown(fixture('hugo/dollars-in-code.md'))
    expect(html).not.toContain('katex')
    expect(warnings.filter((w) => w.rule === 'katex')).toEqual([])
    expect(html).toContain('„$$f“')
    expect(html).toContain('„$$b“')
  })
})

describe('Liquid as Jekyll expands it before markdown', () => {
  it('fills a figure include from a captured caption, over a tag that spans a blank line (iclr-blogposts 2024, clml)', () => {
    const { html } = renderMarkdown(fixture('jekyll/liquid-capture.md'))
    expect(html).not.toContain('{%')
    expect(html).toContain('<figcaption>Excerpt from page 343')
    expect(html.match(/<img /g)?.length).toBe(2)
    expect(shown(html)).not.toContain('style=')
  })

  it('assigns, outputs, and leaves raw blocks and code alone', () => {
    const md =
      "{% assign who = 'world' %}\nHello {{ who }}.\n\n{% raw %}{% assign x = 'y' %}{{ who }}{% endraw %}\n\n```\n{% capture c %}kept{% endcapture %}\n```\n"
    const out = expandLiquidVariables(md)
    expect(out).toContain('Hello world.')
    expect(out).toContain("{% raw %}{% assign x = 'y' %}{{ who }}{% endraw %}")
    expect(out).toContain('{% capture c %}kept{% endcapture %}')
  })

  it('stays linear on many unclosed tags', () => {
    const md = '{% capture x %}'.repeat(20_000) + '{% include a %}'.repeat(20_000)
    const start = performance.now()
    expandLiquidVariables(md)
    expect(performance.now() - start).toBeLessThan(2000)
  })
})

describe('Hugo figures with ids and formulas in their captions (ad-blog)', () => {
  const { html } = renderMarkdown(fixture('hugo/figure-id.md'))

  it('gives each figure the id its links name', () => {
    expect(html).toContain('<a id="user-content-fig-g_network"></a>')
    expect(html).toContain('href="#user-content-fig-g_network"')
  })

  it('shows every figure, its caption with its formula, without the quote mark', () => {
    expect(html.match(/<img /g)?.length).toBe(4)
    expect(shown(html)).not.toMatch(/\{\{|\\\(|\\\\|> Figure/)
    expect(html.match(/<figcaption>Figure 2: <span class="katex">/g)?.length).toBe(1)
    expect(html).toContain('<figcaption>Figure 12 shows the accuracy for <span class="katex">')
  })
})

describe("knitr's inline R, without R", () => {
  const md = fixture('bookdown/inline-r.Rmd')

  it('evaluates string literals and the HTML-output test, as knitr would', () => {
    const out = expandInlineR(md)
    expect(out).toContain('The syntax for the latter is `` `r R_CODE` ``')
    expect(out).toContain('\n```{r chunk-label, echo')
    expect(out).toContain('date: "`r Sys.Date()`"')
    expect(out).toContain('\n# References {-}\n')
    expect(out).not.toContain('Only in print')
  })

  it('leaves other expressions as code, and chunks as written', () => {
    const out = expandInlineR(md)
    expect(out).toContain("`r knitr::combine_words(bookdown:::style_definition, before='\\x60')`")
    expect(out).toContain('x <- "`r \'not inline R: inside a chunk\'`"')
  })

  it('renders the chapter with no inline R shown but the expression it cannot run', () => {
    const { html } = renderMarkdown(md)
    expect(html).toContain('<code>`r R_CODE`</code>')
    expect(html).not.toContain("r ''")
    expect(html).toContain('<code>r knitr::combine_words(')
  })
})

describe('bookdown theorems, referred to from another chapter', () => {
  it('are anchors under the label bookdown gives them too (thm:pyth)', () => {
    const { anchors } = renderMarkdown(
      '# Chapter\n\n::: {.theorem #pyth name="Pythagorean theorem"}\nFor a right triangle, $a^2 + b^2 = c^2$.\n:::\n\n::: {.lemma #chf-pdf}\nA lemma.\n:::\n\nTheorem \\@ref(thm:pyth).\n',
    )
    const byKey = new Map(anchors.map((a) => [a.key, a]))
    expect(byKey.get('thm:pyth')).toMatchObject({ id: 'user-content-pyth', number: '1' })
    expect(byKey.get('lem:chf-pdf')).toMatchObject({ id: 'user-content-chf-pdf', number: '1' })
  })

  it('also in a chapter with no other bookdown mark, and never for a Quarto label', () => {
    const { anchors } = renderMarkdown(
      '# Intro\n\n::: {.theorem #pyth}\nA theorem.\n:::\n\n::: {#thm-quarto}\nAnother.\n:::\n',
    )
    const keys = anchors.map((a) => a.key)
    expect(keys).toContain('thm:pyth')
    expect(keys).not.toContain('thm:thm-quarto')
  })
})

describe('MyST displays with a blank line after their `$$`', () => {
  // As QuantEcon's lecture greek_square.md writes them; Jupyter Book's parser reads them as one formula.
  const md =
    '# Square roots\n\n```{math}\nx = 1\n```\n\nLet\n\n$$\n\nV = \\begin{bmatrix} V_{1,1} & V_{1,2} \\cr\n V_{2,1} & V_{2,2} \\end{bmatrix}\n$$\n\nNotice that\n\n```{code-cell} ipython3\ns = """\n$$\n\nnot math\n$$\n"""\n```\n'

  it('is one formula, and code keeps its blank lines', () => {
    const { html } = renderMarkdown(md)
    expect(shown(html)).not.toMatch(/\$\$|\\begin\{/)
    expect(html.match(/katex-display/g)?.length).toBe(2)
    expect(html).toMatch(/\$\$\n\nnot math/)
  })

  it('keeps every row up to the closing $$ in the formula: \\qquad alone, - \\frac (subjective_beliefs_business_cycles.md)', () => {
    const rows =
      '# B\n\n```{math}\nx\n```\n\n$$\n\nq^u = 1 - a,\n\\qquad\nq^d = b,\n\n$$\n\nwhere $a$ is given, and\n\n' +
      '$$\n\nE_t[v]\n- \\frac{\\theta}{2}\\,V.\n\n$$\n\nThus.\n'
    const { html } = renderMarkdown(rows)
    expect(shown(html)).not.toContain('$$')
    expect(html.match(/katex-display/g)?.length).toBe(3)
    expect(html).not.toContain('katex-error')
    expect(html).not.toContain('<li>')
  })
})
