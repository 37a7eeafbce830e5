import { describe, expect, it } from 'vitest'
import { modelOf, namesOf } from './model-of.js'

describe('symbols named on essays never seen: counts, labels and "denote … as" (issue 39)', () => {
  it('names a letter written where a number goes as the number of what follows it', async () => {
    const names = namesOf(
      await modelOf(`For a model with $n$ attention heads, each head gets a slope.
The hidden layer has $h$ hidden units. Say a model has $D$ dimensions.
The value of $x$ is large, so $y = x + h + D + n$.`),
    )
    expect(names.get('n')).toBe('number of attention heads')
    expect(names.get('h')).toBe('number of hidden units')
    expect(names.get('D')).toBe('number of dimensions')
    // "the value of x" is no count.
    expect(names.get('x')).toBe('')
  })

  it('names a symbol with an index or a label written above it as written', async () => {
    const names = namesOf(
      await modelOf(`$$\\theta^{(D)} = \\theta_0^{(D)} + \\mathbf{P} \\theta^{(d)}$$

where $\\theta_0^{(D)}$ is the initialization and $\\mathcal{L}^{meta}$ denotes the meta-loss function,
while $\\mathbf{X}^T$ is the transpose of the data and $x^2$ is its square.`),
    )
    expect(names.get('\\theta_0^{(D)}')).toBe('initialization')
    expect(names.get('\\mathcal{L}^{meta}')).toBe('meta-loss function')
    // A transpose and a power are not symbols of their own.
    expect(names.has('\\mathbf{X}^T')).toBe(false)
  })

  it('reads "denote … as the …", for each symbol a sentence denotes', async () => {
    const names = namesOf(
      await modelOf(
        'Given a program $p$, we denote $\\mathcal{U}(p)$ as the machine output and $L(p)$ as the descriptive length of the program. Then $K = L(p) + \\mathcal{U}(p)$.',
      ),
    )
    expect(names.get('L(p)')).toBe('descriptive length of the program')
  })

  it('does not name a display’s symbols after the formula’s own name or a verb’s object', async () => {
    const names = namesOf(
      await modelOf(`The posterior equals the next prior, so we have the relation:

$$\\mu_0^{(i+1)} = \\mu_n^{(i)}$$

Generalizing this, we have after observing the j-th data set:

$$\\nu_n^{(j)} = a + b$$

The residual sum of squares is defined as

$$\\mathrm{RSS} = c$$`),
    )
    expect(names.get('\\mu_0^{(i+1)}') ?? '').toBe('')
    expect(names.get('\\nu_n^{(j)}') ?? '').toBe('')
    expect(names.get('\\mathrm{RSS}')).toBe('residual sum of squares')
  })
})
