import { describe, expect, it } from 'vitest'
import { guardAid, formulaForNote, formulaText, selfNamed, targetFault } from '../../../src/ai/guard/index.js'
import { macroTable } from '../../../src/ai/guard/tex-macros.js'
import { hasTexInProse } from '../../../src/ai/guard/tex-in-prose.js'
import type { EssayInput } from '../../../src/ai/provider.js'
import type { MathematicalModel } from '../../../src/shared/schemas/index.js'

const macros = macroTable([
  '\\newcommand{\\xx}{\\mathbf{x}} \\newcommand{\\RR}{\\mathbb{R}} \\def\\defas{\\stackrel{\\text{def}}{=}}',
  '\\DeclareMathOperator*{\\argmin}{arg\\,min}',
])

const plainText =
  'The objective function f is smooth. Gradient descent converges (Nesterov, 2004) and Polyak et al. showed more. ' +
  'Momentum, as Polyak called it, speeds it up. See the docs. The heavy ball method is a momentum method.'
const input = (over: Partial<EssayInput> = {}): EssayInput => ({
  post: {
    id: 1,
    slug: 's',
    title: 'Momentum',
    tags: [],
    excerpt: 'Momentum speeds up gradient descent.',
    author: 'Ann Author',
  },
  markdown: '',
  plainText,
  frontmatter: {},
  references: [{ id: 'p', type: 'book', author: [{ family: 'Polyak' }] }],
  reading: [
    {
      kind: 'prose',
      block: 'paragraph',
      segments: [
        { kind: 'text', text: 'See the ' },
        { kind: 'link', text: 'docs', url: 'https://example.org/docs' },
      ],
    },
  ],
  macros: [],
  site: { posts: [] },
  ...over,
})

describe('the reading-aid guard (issue 39)', () => {
  it('reads a formula with the essay’s own macros, or leaves it out; never TeX or ASCII-math', () => {
    expect(formulaText('\\displaystyle f(\\xx) \\defas \\frac12 \\|\\xx\\|^2', macros)).toBe('f(x) = 1/2 |x|²')
    expect(formulaText('\\xx \\in \\RR^d', macros)).toBe('x ∈ ℝᵈ')
    // No Unicode subscript for "x ∈ ℝᵈ": not "argmin_(x ∈ ℝᵈ)" (ASCII-math) but the limit in words, as read aloud.
    expect(formulaText('\\argmin_{\\xx \\in \\RR^d} f(\\xx)', macros)).toBe('argmin over x ∈ ℝᵈ f(x)')
    // Without the essay's macros the page could not typeset it either.
    expect(formulaText('\\argmin_{\\xx} f(\\xx)', new Map())).toBeNull()
    // A script with no Unicode form is ASCII-math too ("x_T", "e^(-x/2)"); x₁ and σ² read, and an
    // operator's limit is said in words ("min over D").
    expect(formulaText('x_T + e^{-x/2}', new Map())).toBeNull()
    expect(formulaText('\\min_D \\{ -y \\log D(x) \\}', new Map())).toBe('min over D { -y log D(x) }')
    expect(formulaText('x_1 + \\sigma^2', new Map())).toBe('x₁ + σ²')
    // every operator reads as its sign; a command with no reading leaves the formula out, never its name as a word
    expect(formulaText('z = \\mu + \\sigma \\odot \\epsilon', new Map())).toBe('z = μ + σ ⊙ ε')
    expect(formulaText('a \\bowtie b', new Map())).toBeNull()
    // a derivation too long for a note is given by its first step, and says there is more
    const derivation = `\\begin{split}
p(y,\\beta) &= p(y|\\beta) \\, p(\\beta) \\\\
&= ${'\\exp(-\\beta y) '.repeat(30)}
\\end{split}`
    expect(formulaText(derivation, new Map())!.length).toBeGreaterThan(200)
    expect(formulaForNote(derivation, new Map())).toBe('p(y,β) = p(y|β) p(β) …')
    expect(formulaForNote('x_1 + \\sigma^2', new Map())).toBe('x₁ + σ²')
  })

  it('finds ASCII-math in quoted prose, not snake_case names', () => {
    expect(hasTexInProse('the tokens are in turn x₁, x₂, …, x_T.')).toBe(true)
    expect(hasTexInProse('the cumulative distribution function (CDF) F_X(x).')).toBe(true)
    expect(hasTexInProse('call thread_id() or n_threads once per task')).toBe(false) // what an HTML entity, a line-end control space or a colour leaves once read as text
    expect(hasTexInProse('Tₜ(ξ) amp;= 1/2 (ξ-√(ξ²-1))ᵗ')).toBe(true)
    expect(hasTexInProse('x₁; \\ αₜ = 1')).toBe(true)
    expect(hasTexInProse('step-size colorcolorstepsizeh > 0')).toBe(true)
    expect(hasTexInProse('colored dots on a colormap; Tom & Jerry')).toBe(false)
  })

  it('rejects citations, names, stop phrases and fragments as targets', () => {
    const ctx = { page: plainText, people: new Set(['polyak']) }
    expect(targetFault('Polyak et al', ctx)).toBe('citation')
    expect(targetFault('Nesterov', ctx)).toBe('name')
    expect(targetFault('Polyak', ctx)).toBe('name')
    expect(targetFault('the docs', ctx)).toBe('stop-phrase')
    expect(targetFault('function f is smooth', ctx)).toBe('not-a-noun-phrase')
    expect(targetFault('heavy ball method', ctx)).toBeNull()
    expect(targetFault('conjugate gradient', ctx)).toBe('not-in-essay')
  })

  it('never names a symbol by its own glyph', () => {
    expect(selfNamed('\\sigma', 'σ')).toBe(true)
    expect(selfNamed('\\sigma', 'sigma')).toBe(true)
    expect(selfNamed('r_t', 'rₜ')).toBe(true)
    expect(selfNamed('f', 'objective function')).toBe(false)
  })

  it('drops junk annotations and connections that do not say why; keeps the rest, cleaned', () => {
    const base = { category: 'x', priority: 'high' as const }
    const { value, dropped } = guardAid(
      'annotations',
      [
        {
          ...base,
          type: 'connection',
          targetText: 'et al',
          annotation: 'Also discussed in “Other post” on this site.',
        },
        {
          ...base,
          type: 'context',
          targetText: 'docs',
          annotation: 'The essay links it to https://example.org/docs for its definition.',
        },
        {
          ...base,
          type: 'connection',
          targetText: 'heavy ball method',
          annotation: 'Also discussed in “Other post” on this site.',
        },
        {
          ...base,
          type: 'definition',
          targetText: 'heavy ball method',
          annotation: 'A momentum method of Polyak. Formula: argmin_(xx ∈ RR^d) f(xx).',
        },
      ],
      input(),
    )
    expect(value).toEqual([
      { ...base, type: 'definition', targetText: 'heavy ball method', annotation: 'A momentum method of Polyak.' },
    ])
    expect(dropped).toBe(3)
  })

  it('leaves a self-named symbol unnamed and a summary without TeX', () => {
    const model: MathematicalModel = {
      field: 'Optimisation',
      abstract: 'A model.',
      variables: [
        {
          symbol: '\\sigma',
          name: 'σ',
          description: 'Appears in 2 formulas.',
          unit: '',
          range: '',
          measurability: 'theoretical',
        },
        {
          symbol: 'f',
          name: 'objective function',
          description: 'displaystyle f',
          unit: '',
          range: '',
          measurability: 'theoretical',
        },
      ],
      equations: [{ name: 'update', equation: 'x_{t+1} = x_t - \\eta \\nabla f(x_t)', description: 'The step \\eta.' }],
      systemDynamics: '',
      validation: { reliability: 'low', strengths: [], limitations: [], validationMethods: [] },
      practicalApplications: [],
    }
    const guarded = guardAid('mathematicalModel', model, input()).value
    expect(guarded.variables.map((v) => v.name)).toEqual(['', 'objective function'])
    expect(guarded.variables[0].description).toMatch(/does not name it/)
    expect(guarded.variables[1].description).toBe('')
    // Equations stay TeX: the panel typesets them.
    expect(guarded.equations[0]).toMatchObject({ equation: 'x_{t+1} = x_t - \\eta \\nabla f(x_t)', description: '' })
    expect(guardAid('summary', 'Momentum helps. It minimises f(xx) over RR^d.', input()).value).toBe('Momentum helps.')
  })
})
