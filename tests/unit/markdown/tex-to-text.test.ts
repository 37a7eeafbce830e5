import { describe, it, expect } from 'vitest'
import { mathToText, texToReadableText, texToText } from '../../../src/markdown/tex-to-text.js'

describe('texToText', () => {
  it('spells common notation in Unicode', () => {
    expect(texToText('Y_1')).toBe('Y₁')
    expect(texToText('\\mu_2')).toBe('μ₂')
    expect(texToText('x^2')).toBe('x²')
    expect(texToText('X^\\top X')).toBe('Xᵀ X')
    expect(texToText('\\sigma^2_{\\text{max}}')).toBe('σ²ₘₐₓ')
    expect(texToText('\\mathbb{E}[X] \\leq \\infty')).toBe('𝔼[X] ≤ ∞')
    expect(texToText('\\frac{a+b}{2}')).toBe('(a+b)/2')
  })

  it('reads accents, stacked relations, text subscripts, operators and matrices as a reader would', () => {
    expect(texToText('\\hat{\\theta} = \\bar x + \\tilde{y}')).toBe('θ\u0302 = x\u0304 + y\u0303')
    expect(texToText('\\hat{\\Sigma}')).toBe('Σ\u0302')
    // a base of more than one character keeps its letters, without an accent
    expect(texToText('\\overline{xy}')).toBe('xy')
    expect(texToText('\\varepsilon_{ij} \\overset{\\mathrm{i.i.d.}}{\\sim} \\mathcal{N}(0, \\sigma^2)')).toBe(
      'εᵢⱼ ∼ N(0, σ²)',
    )
    expect(texToText('\\mathrm{SS}_\\mathrm{tot} = \\mathrm{SS}_\\text{res}')).toBe('SSₜₒₜ = SSᵣₑₛ')
    // a limit with no Unicode subscript is said in words, as read aloud, not as ASCII math ("arg max_θ")
    expect(texToText('\\operatorname*{arg\\,max}_\\theta f')).toBe('argmax over θ f')
    expect(texToText('\\min_D \\max_G V(D, G)')).toBe('min over D max over G V(D, G)')
    expect(texToText('\\lim_{n \\to \\infty} a_n')).toBe('lim as n → ∞ aₙ')
    expect(texToText('\\mathbb{E}_{x \\sim p}[f(x)]')).toBe('𝔼 over x ∼ p [f(x)]')
    // a subscript plain text can set stays one
    expect(texToText('\\max_i x_i')).toBe('maxᵢ xᵢ')
    // \mathbb without braces, as MathJax accepts it
    expect(texToText('z \\in \\mathbb R^d')).toBe('z ∈ ℝᵈ')
    expect(texToText('X = \\left[ \\begin{matrix} X_1 \\\\ X_2 \\end{matrix} \\right]')).toBe('X = [ X₁; X₂ ]')
    expect(texToText('\\begin{split} a &= b \\\\[2pt] c &= d \\end{split}')).toBe('a = b; c = d')
    expect(texToText('\\begin{array}{cc} 1 & 2 \\end{array}')).toBe('1 2')
    expect(texToText('\\begin{matrix} X_1 \\\\ \\\\ X_2 \\\\ \\vdots \\end{matrix}')).toBe('X₁; X₂; ⋮')
    expect(texToText('\\begin{aligned} y_i &= a, \\\\ z &= b \\end{aligned}')).toBe('yᵢ = a, z = b')
    // still read after the change: fractions of text, and an escaped ampersand
    expect(texToText('\\frac{\\mathrm{d}x}{\\mathrm{d}t} \\& y')).toBe('dx/dt & y')
    expect(texToText('F = \\frac{\\hat{\\varepsilon}_0^\\top V^{-1} \\hat{\\varepsilon}_0}{p_{12}}')).toBe(
      'F = (ε\u0302₀ᵀ V⁻¹ ε\u0302₀)/p₁₂',
    )
    expect(texToText('\\sqrt{x_{ab} + 1} + \\frac{1}{\\sqrt{2}}')).toBe('√(x_ab + 1) + 1/√2')
    expect(texToText('\\sqrt[3]{8} = \\sqrt[ 4 ]{16}')).toBe('∛8 = ∜16')
    expect(texToText('\\sqrt[5]{x}')).toBe('⁵√x')
  })

  it('reads coloured and \\pmb letters as the letters, and an accent over an accented letter (ICLR blog posts)', () => {
    expect(texToText('{ {\\color{colorstepsize}h} } > 0')).toBe('h > 0')
    expect(texToText('\\textcolor{blue}{x} + \\colorbox{yellow}{y} + \\textcolor[rgb]{1,0,0}{z}')).toBe('x + y + z')
    expect(texToText('\\definecolor{c}{RGB}{27, 158, 119} m')).toBe('m')
    expect(texToText('\\pmb{x}_0')).toBe('x₀')
    expect(texToText('\\hat{\\vec{\\beta}}')).toBe('β⃗̂')
    // a row ended `\\\` at a line's end (kramdown's escaping): the third backslash is a space
    expect(texToText('x_1 \\\\\\\n  \\alpha_t = 1')).toBe('x₁; αₜ = 1')
  })

  it('reads a long or hostile formula as its beginning and an ellipsis', () => {
    // an accent is read by reading its base: uncapped, this would recurse once per level
    const nested = texToText('\\hat{'.repeat(100_000) + 'x' + '}'.repeat(100_000))
    const unclosed = texToText('\\frac{a'.repeat(50_000))
    expect(nested.endsWith(' …')).toBe(true)
    expect(unclosed.startsWith('fraca')).toBe(true)
    expect(texToText('x + y '.repeat(1_000))).toMatch(/^x \+ y x \+ y .* …$/)
  })

  it('keeps what it cannot map readable, without backslashes or braces', () => {
    expect(texToText('\\hat{\\beta}_{OLS}')).toBe('β\u0302_OLS')
    expect(texToText('x_{a+b}')).toBe('x_(a+b)')
    expect(texToText('\\unknowncommand{x}')).toBe('unknowncommandx')
  })
})

describe('mathToText', () => {
  it('converts inline and display formulas in running text', () => {
    expect(mathToText('Let $Y_1$ and $$Y_2$$ follow a normal law with means $\\mu_1$.')).toBe(
      'Let Y₁ and Y₂ follow a normal law with means μ₁.',
    )
  })

  it('leaves prices alone', () => {
    expect(mathToText('It costs $5 and $10 dollars.')).toBe('It costs $5 and $10 dollars.')
  })

  it('says a formula as text only when text can show it as the page does', () => {
    expect(texToReadableText('\\mathbb{R}^d')).toBe('ℝᵈ')
    expect(texToReadableText('\\sigma^2 + x_1')).toBe('σ² + x₁')
    expect(texToReadableText('\\hat{\\beta}_\\gamma')).toBe('β̂ᵧ')
    expect(texToReadableText('x_T')).toBeNull()
    expect(texToReadableText('\\bar{y}_{\\bullet\\bullet}')).toBeNull()
    // a macro text has no symbol for is not written out by its name
    expect(texToReadableText('\\myop(x)')).toBeNull()
    expect(texToText('\\myop(x)')).toBe('myop(x)')
  })
})
