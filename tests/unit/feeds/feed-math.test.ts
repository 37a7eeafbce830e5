import { describe, expect, it } from 'vitest'
import katex from 'katex'
import { feedMath } from '../../../src/feeds/feed-math.js'

// Issue 24: feeds carry each formula once, as MathML, since no feed reader has KaTeX's CSS.
const tex = (source: string, displayMode = false) =>
  katex.renderToString(source, { displayMode, output: 'htmlAndMathml', throwOnError: false, strict: 'ignore' })
const count = (html: string, what: string) => html.split(what).length - 1
/** What a reader without MathML support sees: the text, the TeX annotation left out. */
const visibleText = (html: string) =>
  html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '').replace(/<[^>]+>/g, '')

describe('feedMath', () => {
  it('keeps the MathML with its TeX annotation and drops the visual copy of an inline formula', () => {
    const out = feedMath(`<p>Let ${tex('x^2')} be positive.</p>`)
    expect(count(out, '<math')).toBe(1)
    expect(out).not.toMatch(/katex-html|katex-mathml|aria-hidden/)
    expect(out).toContain('<annotation encoding="application/x-tex">x^2</annotation>')
    expect(out).not.toContain('display="block"')
    expect(visibleText(out)).toBe('Let x2 be positive.')
  })

  it('keeps display="block" for a display, and a formula-wide \\tag that the MathML already holds', () => {
    const out = feedMath(`<p>So</p>${tex('a = b \\tag{3}', true)}<p>holds.</p>`)
    expect(count(out, '<math')).toBe(1)
    expect(out).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">')
    expect(out).toContain('class="katex-display"')
    expect(out).not.toContain('katex-html')
    expect(count(visibleText(out), '(3)')).toBe(1)
  })

  it('writes row numbers that only the visual copy had into their MathML cells', () => {
    const out = feedMath(tex('\\begin{align*} a &= b \\tag{1} \\\\ c &= d \\\\ e &= f \\tag*{A} \\end{align*}', true))
    expect(out).not.toContain('katex-html')
    expect(out).toContain('<mtd class="mml-eqn-num"><mtext>(1)</mtext></mtd>')
    expect(out).toContain('<mtd class="mml-eqn-num"><mtext>A</mtext></mtd>')
    expect(count(out, '<mtext>')).toBe(2)
    expect(visibleText(out)).toBe('a=b(1)c=de=fA')
  })

  it('puts a number with no MathML cell to hold it after the formula as text', () => {
    const html = tex('\\begin{gather*} a = b \\tag{7} \\end{gather*}', true).replace('class ="mml-eqn-num"', '')
    const out = feedMath(html)
    expect(out).not.toContain('katex-html')
    expect(visibleText(out)).toBe('a=b (7)')
  })

  it('counts one rendering per formula in a mixed document and leaves everything else alone', () => {
    const html = [
      `<p>Inline ${tex('\\alpha')} and ${tex('\\beta_1')}.</p>`,
      tex('\\int_0^1 x\\,dx = \\tfrac12', true),
      '<p>A <a href="/posts/other#eq-1">link</a>, <code>&#x3C;span class="katex-html"></code> as code, and an error:</p>',
      '<span class="katex-error" title="ParseError">\\frac{</span>',
    ].join('\n')
    const out = feedMath(html)
    expect(count(out, '<math')).toBe(3)
    expect(count(out, 'encoding="application/x-tex"')).toBe(3)
    expect(out).not.toContain('aria-hidden')
    expect(out).toContain('<a href="/posts/other#eq-1">link</a>')
    expect(out).toContain('<code>&#x3C;span class="katex-html"></code>')
    expect(out).toContain('<span class="katex-error" title="ParseError">\\frac{</span>')
  })

  it('returns HTML without math as it is', () => {
    const html = '<p>No formulas, only <em>prose</em> &amp; a <a href="#x">link</a>.</p>'
    expect(feedMath(html)).toBe(html)
  })
})
