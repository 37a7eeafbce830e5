import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { symbolsIn } from '../../../src/ai/local/model/tex-symbols.js'
import { MathematicalModelSchema } from '../../../src/shared/schemas/index.js'
import { inputFor, type TestEssay } from './essays.js'

const provider = new LocalProvider()
const modelOf = async (e: TestEssay) => MathematicalModelSchema.parse(await provider.mathematicalModel(inputFor(e)))

describe('symbols in TeX', () => {
  it('finds letters, Greek, decorated and subscripted symbols, not functions, text, sets or differentials', () => {
    expect(symbolsIn('\\hat{\\beta} = (X^\\mathrm{T} V^{-1} X)^{-1} X^\\mathrm{T} V^{-1} y')).toEqual([
      '\\hat{\\beta}',
      'X',
      'V',
      'y',
    ])
    expect(symbolsIn('\\int_0^\\infty e^{-x^2} \\, dx + \\log n + \\mathbb{R}')).toEqual(['x', 'n'])
    expect(symbolsIn('w_{t+1} = w_t - \\eta \\nabla L(w_t) + \\mu_1 + \\mathbf{x}_i')).toEqual([
      'w',
      'w_t',
      '\\eta',
      // the gradient ∇L is a quantity of its own, and L is still the loss
      '\\nabla L',
      'L',
      '\\mu_1',
      '\\mathbf{x}_i',
    ])
    expect(
      symbolsIn('\\textrm{price} = w_{\\textrm{area}} \\cdot \\textrm{area} + \\operatorname{softmax}(o)'),
    ).toEqual(['w_{\\textrm{area}}', 'o'])
  })
})

describe('local mathematical model', () => {
  const regression: TestEssay = {
    id: 1,
    title: 'Linear regression',
    tags: ['statistics'],
    markdown: `## The model

Let $n$ be the number of observations and let $p$ be the number of predictors. The model is

$$ \\label{eq:model}
y = X\\beta + \\varepsilon
$$

where $X$ is the design matrix, $\\beta$ denotes the regression coefficients and $\\varepsilon$ is the noise, with $\\sigma > 0$ and $0 \\le \\rho \\le 1$.

## Fitting

Gradient descent updates the coefficients with a learning rate $\\eta$:

$$ \\beta_{t+1} = \\beta_t - \\eta \\nabla L(\\beta_t) $$

In practice, the model is used to predict house prices from their area and age.`,
  }

  it('names variables from the text, keeps equations as written, finds dynamics and ranges', async () => {
    const model = await modelOf(regression)
    const bySymbol = new Map(model.variables.map((v) => [v.symbol, v]))
    expect(bySymbol.get('n')?.name).toBe('number of observations')
    expect(bySymbol.get('p')?.name).toBe('number of predictors')
    expect(bySymbol.get('X')?.name).toBe('design matrix')
    expect(bySymbol.get('\\beta')?.name).toBe('regression coefficients')
    expect(bySymbol.get('\\varepsilon')?.name).toBe('noise')
    expect(bySymbol.get('\\eta')?.name).toBe('learning rate')
    expect(bySymbol.get('n')?.measurability).toBe('direct')
    expect(bySymbol.get('\\sigma')?.range).toBe('> 0')
    expect(bySymbol.get('\\rho')?.range).toBe('0 ≤ ρ ≤ 1')
    expect(bySymbol.get('X')?.description).toContain('The essay says: “where X is the design matrix')
    expect(model.equations).toEqual([
      { name: 'The model (eq:model)', equation: 'y = X\\beta + \\varepsilon', description: 'The model is' },
      {
        name: 'Fitting, equation 1',
        equation: '\\beta_{t+1} = \\beta_t - \\eta \\nabla L(\\beta_t)',
        description: 'Gradient descent updates the coefficients with a learning rate η:',
      },
    ])
    expect(model.systemDynamics).toBe('\\beta_{t+1} = \\beta_t - \\eta \\nabla L(\\beta_t)')
    expect(model.field).toBe('statistics')
    expect(model.practicalApplications).toEqual([
      'In practice, the model is used to predict house prices from their area and age.',
    ])
    expect(model.validation.reliability).toBe('medium')
    for (const v of model.variables) expect(v.unit).toBe('')
  })

  it('says honestly that an essay without formulas has no model', async () => {
    const model = await modelOf({
      id: 2,
      title: 'On style',
      markdown: 'Write short sentences. Prefer the concrete word to the abstract one.',
    })
    expect(model.variables).toEqual([])
    expect(model.equations).toEqual([])
    expect(model.validation.reliability).toBe('low')
    expect(model.abstract).toBe(
      '“On style” contains no formulas, so no quantitative model can be extracted from it; this model is empty rather than invented.',
    )
    expect(model.systemDynamics).toMatch(/no formulas/)
  })

  it('rates reliability high only for many formulas with named symbols', async () => {
    const lines = ['Let $a$ be the area, $b$ the base and let $h$ be the height of the figure.']
    for (let i = 0; i < 6; i++) lines.push(`Step ${i} gives`, '', `$$ a = b h + ${i} $$`, '')
    const model = await modelOf({ id: 3, title: 'Areas', markdown: lines.join('\n') })
    expect(model.equations).toHaveLength(6)
    expect(model.validation.reliability).toBe('high')
  })
})
