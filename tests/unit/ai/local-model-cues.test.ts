import { describe, expect, it } from 'vitest'
import { modelOf, namesOf } from './model-of.js'

/** Cues by which any essay names its symbols (issue 39), each checked on a sentence of its own. */
describe('symbol names from general cues', () => {
  it('reads a list whose verb is not repeated ("W is the weight matrix, b the bias, and x the input")', async () => {
    const names = namesOf(
      await modelOf(
        [
          '$$y = Wx + b$$',
          '',
          'where $W$ is the weight matrix, $b$ the bias vector, and $x$ the input.',
          '',
          'In what follows $Y$ symbolises the perceived label, $D$ the prediction and $S$ the selection of a sample.',
          '',
          'Let us use $\\mu_D$ to denote the empirical mean, $\\sigma_D$ the empirical deviation.',
        ].join('\n'),
      ),
    )
    expect(names.get('W')).toBe('weight matrix')
    expect(names.get('b')).toBe('bias vector')
    expect(names.get('x')).toBe('input')
    expect(names.get('Y')).toBe('perceived label')
    expect(names.get('D')).toBe('prediction')
    expect(names.get('S')).toBe('selection of a sample')
    expect(names.get('\\sigma_D')).toBe('empirical deviation')
  })

  it('names the ends of the interval a plural subject lies in', async () => {
    const names = namesOf(
      await modelOf('We assume that the eigenvalues of $H$ are in the interval $[\\mu, L]$, where $\\mu$ is positive.'),
    )
    expect(names.get('\\mu')).toBe('smallest eigenvalue of H')
    expect(names.get('L')).toBe('largest eigenvalue of H')
    // not an interval of numbers, nor one a singular noun or a verb's object lies in
    const none = namesOf(await modelOf('We integrate $f$ over $[a, b]$ and the output lies in $[c, d]$.'))
    expect(none.get('a') ?? '').toBe('')
    expect(none.get('c') ?? '').toBe('')
  })

  it('names each member of an indexed family by a general noun in the plural ("the values vᵢ")', async () => {
    const names = namesOf(await modelOf('The output lies in the cone spanned by the values $\\mathbf{v}_i$.'))
    expect(names.get('\\mathbf{v}_i')).toBe('value')
    // a lone symbol is not named "value"
    expect(namesOf(await modelOf('Take the values $x$ and plot them.')).get('x') ?? '').toBe('')
  })

  it('splits the kinds of a list that opens a new clause after "and", and takes no clause for a name', async () => {
    const names = namesOf(
      await modelOf(
        [
          'Here $\\sigma$ is a linear function that we call the link function and $T_t$ and $U_t$ are the Chebyshev polynomials of the first and second kind respectively.',
          '',
          'Outside of this interval the Chebyshev polynomials of the first kind admit the explicit form for $|\\xi| \\ge 1$:',
          '$$V_t(\\xi) = \\xi^t$$',
        ].join('\n'),
      ),
    )
    expect(names.get('T_t')).toBe('Chebyshev polynomial of the first kind')
    expect(names.get('U_t')).toBe('Chebyshev polynomial of the second kind')
    expect(names.get('V_t') ?? '').toBe('')
  })

  it('names the left side of a display "written in terms of … as" or "defined, obtaining …"', async () => {
    const names = namesOf(
      await modelOf(
        [
          'The residual polynomial of momentum can be written in terms of Chebyshev polynomials as',
          '$$P_t(\\lambda) = a T_t(\\lambda) + b U_t(\\lambda)$$',
          '',
          'Using this fact, the conditional flow matching loss can be defined, obtaining equivalent gradients.',
          '',
          '$$L_{\\textrm{CFM}}(\\omega) = \\mathbb{E} |f_\\omega(x) - u(x)|^2$$',
        ].join('\n'),
      ),
    )
    expect(names.get('P_t')).toBe('residual polynomial of momentum')
    expect(names.get('L_{\\textrm{CFM}}')).toBe('conditional flow matching loss')
  })

  it('keeps an adjective that opens a name before its symbol or after "the", not a statement about a value', async () => {
    const names = namesOf(
      await modelOf(
        [
          'The weights move along the negative gradient $\\mathbf{g}$ scaled by a small constant $\\epsilon$.',
          '',
          'Let the smallest eigenvalue $\\lambda_{\\min}$ be positive, and let $p$ be the true probability of success.',
          '',
          'Consider the case that the second derivative $h$ is a positive constant.',
          '',
          'In particular, the rank of a matrix $A$ is the largest number of independent columns.',
        ].join('\n'),
      ),
    )
    expect(names.get('\\mathbf{g}')).toBe('negative gradient')
    expect(names.get('\\epsilon')).toBe('small constant')
    expect(names.get('\\lambda_{\\min}')).toBe('smallest eigenvalue')
    expect(names.get('p')).toBe('true probability of success')
    expect(names.get('h')).toBe('second derivative')
    expect(names.get('A') ?? '').toBe('')
  })

  it('gives a singular noun before a list to its first symbol only, and drops a modifier paired by "and"', async () => {
    const names = namesOf(
      await modelOf(
        [
          'Consider an input image with height $h$, width $w$, and $c$ channels.',
          '',
          'Here $y$ follows the true distribution $P$ and $\\hat{y}$ follows the estimated distribution $Q$.',
          '',
          'We encode $1$ and $0$ as the positive and negative class label $y_i$ respectively.',
          '',
          'Two models with design matrices $X_1, X_2$ and row-by-row covariance matrices $V_1, V_2$.',
        ].join('\n'),
      ),
    )
    expect(names.get('w')).toBe('width')
    expect(names.get('c') ?? '').not.toBe('width')
    expect(names.get('P')).toBe('true distribution')
    expect(names.get('\\hat{y}') ?? '').toBe('')
    expect(names.get('y_i')).toBe('class label')
    expect(names.get('V_1')).toBe('row-by-row covariance matrix')
  })

  it('reads a name before its abbreviation, a symbol set off by commas and an apposition a participle qualifies', async () => {
    const names = namesOf(
      await modelOf(
        [
          'We maximize the evidence lower bound (ELBO) $\\mathcal{L}$ instead.',
          '',
          'The discount factor, $\\gamma \\in [0, 1)$, weighs future rewards.',
          '',
          'Take $x_0 \\sim q(x)$, a data point sampled from the real data distribution.',
          '',
          'For each layer, $W$, the weights are shared. Given $z$, the model trained on the data predicts well.',
        ].join('\n'),
      ),
    )
    expect(names.get('\\mathcal{L}')).toBe('evidence lower bound')
    expect(names.get('\\gamma')).toBe('discount factor')
    expect(names.get('x_0')).toBe('data point')
    expect(names.get('W') ?? '').toBe('')
    expect(names.get('z') ?? '').toBe('')
  })
})
