import katex from 'katex'
import metrics from 'katex/src/fontMetricsData.js'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { displayFormulaEms, withFormulaWidths } from '../../../src/markdown/plugins/formula-width.js'

/**
 * A display formula's width, known when the page is rendered, for paper without scripts
 * (issue 40): print.css scales a formula wider than the printed column by it. Checked here on
 * KaTeX's own output against its font metrics; tests/e2e/print.test.ts checks the printed page.
 */

const width = (font: string, ch: string) =>
  (metrics as unknown as Record<string, Record<number, number[]>>)[font][ch.codePointAt(0)!][4]
const display = (tex: string) => katex.renderToString(tex, { displayMode: true, strict: false })

describe("a display formula's width", () => {
  it('adds up its characters in KaTeX fonts and the spaces between them', () => {
    // a + b: italic a, a medium space, +, a medium space, italic b
    const expected =
      width('Math-Italic', 'a') + 0.2222 + width('Main-Regular', '+') + 0.2222 + width('Math-Italic', 'b')
    expect(displayFormulaEms(display('a+b'))).toBeCloseTo(expected, 3)
  })

  it('sets a superscript at script size, and a fraction as wide as its wider part', () => {
    const x = width('Math-Italic', 'x')
    const two = width('Main-Regular', '2')
    // x^2: the 2 at 70 %, and KaTeX's 0.05em after a script
    expect(displayFormulaEms(display('x^2'))).toBeCloseTo(x + 0.7 * two + 0.05, 3)
    // a fraction: its wider part, with the null delimiters (0.12em) on each side
    const abc = ['a', 'b', 'c'].reduce((w, ch) => w + width('Math-Italic', ch), 0)
    expect(displayFormulaEms(display('\\frac{abc}{x}'))).toBeCloseTo(abc + 0.24, 3)
  })

  it('counts the widest line of several, and the equation number with the room it is given', () => {
    const one = displayFormulaEms(display('a'))!
    expect(displayFormulaEms(display('a \\\\ a+b+c+d'))).toBeCloseTo(displayFormulaEms(display('a+b+c+d'))!, 3)
    // "(1)" is narrower than the 3em kept for a number
    expect(displayFormulaEms(display('a \\tag{1}'))).toBeCloseTo(one + 3, 3)
    const long = displayFormulaEms(display('a \\tag{12345678}'))!
    expect(long).toBeCloseTo(one + 1 + 2 * width('Main-Regular', '(') + 8 * width('Main-Regular', '1'), 2)
  })

  it('leaves out the MathML copy, which is never seen', () => {
    const html = display('\\sum_{i=1}^n x_i')
    const withoutMathml = html.replace(/<span class="katex-mathml">[\s\S]*?<\/math><\/span>/, '')
    expect(displayFormulaEms(html)).toBeCloseTo(displayFormulaEms(withoutMathml)!, 6)
  })
})

describe('an essay written out with its formulas’ widths', () => {
  // The render writes them, so the stored page, the API and a static copy all carry them.
  const essay = renderMarkdown(
    'Inline $x$ stays as it is.\n\n$$\ny = \\sum_{i=1}^{n} x_i \\tag{1}\n$$\n\nAnd\n\n$$\na^2 + b^2 = c^2\n$$\n',
  ).html
  const bare = essay.replace(/ style="--formula-ems:[\d.]+"/g, '')

  it('gives each display formula its width, and changes nothing else', () => {
    const widths = [...essay.matchAll(/<span class="katex-display" style="--formula-ems:([\d.]+)">/g)].map((m) =>
      Number(m[1]),
    )
    expect(widths).toHaveLength(2)
    expect(widths[0]).toBeGreaterThan(5)
    expect(widths[1]).toBeGreaterThan(4)
    expect(withFormulaWidths(bare)).toBe(essay)
  })

  it('leaves an essay without display formulas, and formulas that have a style, as they are', () => {
    const plain = renderMarkdown('Only $x$ inline.').html
    expect(withFormulaWidths(plain)).toBe(plain)
    expect(withFormulaWidths(essay)).toBe(essay)
  })
})
