import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { headsOf } from '../../../src/ai/local/model/formula-head.js'
import { MathematicalModelSchema, type MathematicalModel } from '../../../src/shared/schemas/index.js'
import { inputFor } from './essays.js'

const provider = new LocalProvider()
const modelOf = async (markdown: string) =>
  MathematicalModelSchema.parse(await provider.mathematicalModel(inputFor({ id: 7, title: 'A model', markdown })))
const namesOf = (m: MathematicalModel) => new Map(m.variables.map((v) => [v.symbol, v.name]))
const nameOf = async (markdown: string, symbol: string) => namesOf(await modelOf(markdown)).get(symbol) ?? ''

describe('symbol names on essays never seen (issue 39)', () => {
  it('reads each member of a list, braced as a set or with braced indices', () => {
    expect(headsOf('X_{1}, ..., X_{k}').map((h) => h.key)).toEqual(['X_1', 'X_k'])
    expect(headsOf('\\left\\{ x_1, \\ldots, x_n \\right\\}').map((h) => h.key)).toEqual(['x_1', 'x_n'])
    expect(headsOf('\\{a, b\\}').map((h) => h.key)).toEqual(['a', 'b'])
  })

  it('names the second symbol of "let X denote the … and Y the …"', async () => {
    const m = namesOf(await modelOf('Let $G$ denote the generator and $D$ the discriminator.'))
    expect(m.get('G')).toBe('generator')
    expect(m.get('D')).toBe('discriminator')
  })

  it('gives each symbol of a list its own name when the list shares one plural noun', async () => {
    const m = namesOf(await modelOf('$Q$, $K$ and $V$ are the query, key and value matrices, respectively.'))
    expect([m.get('Q'), m.get('K'), m.get('V')]).toEqual(['query matrix', 'key matrix', 'value matrix'])
  })

  it('keeps a superlative in an apposition set off by commas', async () => {
    expect(
      await nameOf(
        'In particular, $\\lambda_{\\max}$, the largest eigenvalue of the Hessian, bounds the step.',
        '\\lambda_{\\max}',
      ),
    ).toBe('largest eigenvalue of the Hessian')
  })

  it('takes no name from the main clause after an opening one', async () => {
    expect(await nameOf('Given an input $x$, the encoder computes hidden states.', 'x')).toBe('input')
    expect(await nameOf('This is shown for a given graph $G$ as an example.', 'G')).toBe('graph')
    expect(await nameOf('The components $I$ and $\\chi$ are represented as Directed Acyclic Graphs.', '\\chi')).toBe(
      'component',
    )
    expect(await nameOf('For a batch of size $B$, the memory cost grows linearly.', 'B')).not.toMatch(/memory|grows/)
  })

  it('takes no name from a legend, a possessive or an aside', async () => {
    const cases: Array<[string, string]> = [
      ['In the region below this line, $\\phi_1$ (blue) has the lowest loss.', '\\phi_1'],
      ['Hint: compare $dt$ with DDPM’s $\\beta_t$.', '\\beta_t'],
      ['Thus, the processor should indicate termination by no longer changing it’s output $z$.', 'z'],
      ['For discrete $y_t$, we use a straight-through estimator.', 'y_t'],
    ]
    for (const [markdown, symbol] of cases) expect(await nameOf(markdown, symbol), markdown).toBe('')
  })

  it('names a symbol after "and" that a prepositional phrase ends before', async () => {
    const m = namesOf(
      await modelOf(
        '$T$ is the transition function that encodes the transition probabilities of the MDP and $r$ is the immediate reward.',
      ),
    )
    expect(m.get('r')).toBe('immediate reward')
    expect(
      await nameOf('The entropy $H[X]$ of a random variable $X$ is the expectation of its information content.', 'X'),
    ).toBe('random variable')
  })

  it('reads the spread of a normal distribution only when it is one', async () => {
    const m = namesOf(
      await modelOf('The network satisfies $\\mathcal{N}(t, u^0) = u(t)$, and $w \\sim \\mathcal{N}(\\mu, S)$.'),
    )
    expect(m.get('t') ?? '').toBe('')
    expect(m.get('S')).toBe('covariance matrix')
    expect(namesOf(await modelOf('The noise is $\\epsilon \\sim \\mathcal{N}(0, I)$.')).get('I') ?? '').toBe('')
  })

  it('ends a name at "by which", drops "in the above equation", keeps a participle right after the noun', async () => {
    const loss =
      'where $\\theta$ are the model parameters, $\\mathcal{L}^{task}$ is the loss function by which they are updated and $D$ is the training set.'
    expect(await nameOf(loss, '\\mathcal{L}^{task}')).toBe('loss function')
    expect(
      await nameOf('In the system $y = Ax$, $A = I - J$ where $J$ is the Jacobian in the above equation.', 'J'),
    ).toBe('Jacobian')
    expect(await nameOf('where $\\alpha \\in (0, 1)$ is a hyperparameter controlling the decay rate.', '\\alpha')).toBe(
      'hyperparameter controlling the decay rate',
    )
    // (a gerund after a preposition opens a clause: "the estimate of θ after observing the samples")
    expect(
      await nameOf('Here $\\theta_n$ is the estimate of the mean after observing the samples in the set.', '\\theta_n'),
    ).not.toMatch(/observing/)
  })

  it('names the one symbol a display defines after "The … is" (and not a list of rows)', async () => {
    const m = namesOf(
      await modelOf(
        'The output of each head is\n\n$$\\mathrm{head}_i = \\mathrm{Attention}(Q W_i^Q, K W_i^K)$$\n\nThen the prediction becomes\n\n$$\\hat{y} = \\sigma(w^\\top x)$$\n\nThe updates are\n\n$$a = b + c \\\\ d = a + e$$',
      ),
    )
    expect(m.get('\\mathrm{head}_i')).toBe('output of each head')
    expect(m.get('\\hat{y}')).toBe('prediction')
    expect(m.get('a') ?? '').toBe('')
    expect(m.get('d') ?? '').toBe('')
  })

  it('leaves an abbreviation out of the middle of a name', async () => {
    expect(
      await nameOf(
        'where $B$ is a mini-batch and $\\mathrm{KL}$ denotes the Kullback–Leibler (KL) divergence.',
        '\\mathrm{KL}',
      ),
    ).toBe('Kullback–Leibler divergence')
  })
})
