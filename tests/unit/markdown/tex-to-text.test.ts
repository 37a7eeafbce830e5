import { describe, it, expect } from 'vitest'
import { mathToText, texToText } from '../../../src/markdown/tex-to-text.js'

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

  it('keeps what it cannot map readable, without backslashes or braces', () => {
    expect(texToText('\\hat{\\beta}_{OLS}')).toBe('hatβ_OLS')
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
})
