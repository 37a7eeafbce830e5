import { describe, expect, it } from 'vitest'
import { isCircular, scoreEssay, summaryHolds, targetMatches } from '../../../eval/measures.js'
import type { GoldEssay } from '../../../eval/gold.js'
import type { MathematicalModel } from '../../../src/shared/schemas/index.js'

const gold: GoldEssay = {
  file: 'x.md',
  title: 'OLS',
  keyTerms: [['ordinary least squares'], ['sample mean', 'sample means']],
  badTargets: ['mathrm', 'proof'],
  symbols: { '\\bar{x}': ['sample mean'], '\\hat{\\beta}_1': ['slope estimate'] },
  definingEquations: ['\\hat{\\beta}_1 = \\frac{s_{xy}}{s_x^2}'],
  dynamics: false,
  summaryPoints: ['ols estimates minimize the residual sum of squares'],
}
const model = (over: Partial<MathematicalModel>): MathematicalModel => ({
  field: 'Statistics',
  abstract: '',
  variables: [],
  equations: [],
  systemDynamics: 'A static model.',
  validation: { reliability: 'medium', strengths: [], limitations: [], validationMethods: [] },
  practicalApplications: [],
  ...over,
})
const note = (targetText: string, annotation: string) => ({
  type: 'definition' as const,
  targetText,
  annotation,
  category: 'x',
  priority: 3,
})

describe('the evaluation set’s measures', () => {
  it('counts a target equal to or containing an accepted form, as words', () => {
    expect(targetMatches('Ordinary Least Squares', ['ordinary least squares'])).toBe(true)
    expect(targetMatches('the ordinary least squares estimates', ['ordinary least squares'])).toBe(true)
    expect(targetMatches('least', ['ordinary least squares'])).toBe(false)
    expect(targetMatches('mathrms', ['mathrm'])).toBe(false)
  })

  it('calls an annotation circular when the sentence around its target already says it', () => {
    const sentences = ['where x̄ and ȳ are the sample means of x and y.']
    expect(isCircular(note('sample means', 'x̄ and ȳ are the sample means of x and y.'), sentences)).toBe(true)
    expect(
      isCircular(note('sample means', 'The average of the observations: x̄ = (1/n) Σ xᵢ, defined in (2).'), sentences),
    ).toBe(false)
  })

  it('finds a summary point when 60 % of its content words are there', () => {
    expect(
      summaryHolds('The OLS estimates are those that minimize the residual sum of squares.', gold.summaryPoints[0]),
    ).toBe(true)
    expect(summaryHolds('This post is about regression.', gold.summaryPoints[0])).toBe(false)
  })

  it('reads a gold symbol or equation written with the author’s macro or `&amp;` as the page sets it', () => {
    const withMacros: GoldEssay = {
      ...gold,
      symbols: { '\\xx_0': ['starting guess'] },
      definingEquations: ['r_t &amp;= \\sup \\|P_t(\\HH)\\|'],
    }
    const scores = scoreEssay(withMacros, {
      annotations: [],
      model: model({
        variables: [
          {
            symbol: '{\\pmb{x}}_0',
            name: 'starting guess',
            description: '',
            unit: '',
            range: '',
            measurability: 'direct',
          },
        ],
        equations: [{ name: '(3)', equation: 'r_t &= \\sup \\|P_t({\\pmb{H}})\\|', description: '' }],
      }),
      summary: '',
      plainText: '',
      macros: ['\\def\\xx{\\pmb{x}}', '\\def\\HH{\\pmb{H}}'],
    })
    expect(scores.symbols).toEqual({ hits: 1, total: 1 })
    expect(scores.equations).toEqual({ hits: 1, total: 1 })
  })

  it('scores symbols by symbol and name, equations with spaces and braces ignored, and the dynamics', () => {
    const scores = scoreEssay(gold, {
      annotations: [
        note('ordinary least squares', 'A method that picks the line closest to the data in squared distance.'),
        note('proof', 'Proof.'),
      ],
      model: model({
        variables: [
          {
            symbol: '\\bar x',
            name: 'Sample mean of x',
            description: '',
            unit: '',
            range: '',
            measurability: 'direct',
          },
          {
            symbol: '\\hat{\\beta}_1',
            name: 'final term',
            description: '',
            unit: '',
            range: '',
            measurability: 'direct',
          },
        ],
        equations: [{ name: '(2)', equation: '\\hat{\\beta}_1=\\frac{s_{xy}}{s_x^2}', description: '' }],
      }),
      summary: 'OLS estimates minimize the residual sum of squares.',
      plainText: 'Ordinary least squares is a method. Proof. Done.',
    })
    expect(scores.precision).toEqual({ hits: 1, total: 2 })
    expect(scores.useless).toEqual({ hits: 1, total: 2 })
    expect(scores.recall).toEqual({ hits: 1, total: 2 })
    expect(scores.symbols).toEqual({ hits: 1, total: 2 })
    expect(scores.equations).toEqual({ hits: 1, total: 1 })
    expect(scores.summary).toEqual({ hits: 1, total: 1 })
    expect(scores.dynamics).toEqual({ hits: 1, total: 1 })
  })
})
