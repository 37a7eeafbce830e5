import { describe, expect, it } from 'vitest'
import { selfNamed } from '../../../src/ai/guard/self-named.js'
import { modelOf, namesOf } from './model-of.js'

describe('symbols named by the cues authors use (issue 39)', () => {
  it('names a symbol from "where … is", after a display formula', async () => {
    const names = namesOf(
      await modelOf(`The update is

$$ w_{t+1} = w_t - \\eta g_t $$

where $\\eta$ is the learning rate and $g_t$ denotes the gradient of the loss.`),
    )
    expect(names.get('\\eta')).toBe('learning rate')
    expect(names.get('g_t')).toBe('gradient of the loss')
  })

  it('expands the essay’s own macros before reading the names', async () => {
    const m = await modelOf(`$$\\newcommand{\\vx}{\\mathbf{x}}$$

The model is $y = f(\\vx)$, where $\\vx$ is the input vector.`)
    expect(namesOf(m).get('\\mathbf{x}')).toBe('input vector')
    expect(m.variables.some((v) => v.symbol.includes('\\vx'))).toBe(false)
  })

  it('names every member of a list written in one formula, and the family’s general member', async () => {
    const names = namesOf(
      await modelOf(
        `Let $X_1, \\ldots, X_n$ be independent random variables. Their mean is $\\bar{X} = \\frac{1}{n} \\sum_i X_i$.`,
      ),
    )
    expect(names.get('X_1')).toBe('independent random variable')
    expect(names.get('X_n')).toBe('independent random variable')
    expect(names.get('X_i')).toBe('independent random variable')
  })

  it('reads a name written before the symbol: "denoted as", "whose … is", "the noise precision τ = …"', async () => {
    const names = namesOf(
      await modelOf(`A type II error is usually denoted as $\\beta$. Consider a convolutional layer whose kernel size is $k$.
We use the noise precision $\\tau = 1/\\sigma^2$. Then we set $x = 0$ and compute $\\beta k \\tau x$.`),
    )
    expect(names.get('\\beta')).toBe('type II error')
    expect(names.get('k')).toBe('kernel size')
    expect(names.get('\\tau')).toBe('noise precision')
    // "set x = 0" is a step, not a name.
    expect(names.get('x')).toBe('')
  })

  it('reads notation tables and definition lists', async () => {
    const names = namesOf(
      await modelOf(`| Symbol | Meaning |
|---|---|
| $\\eta$ | learning rate |
| $\\lambda$ | 0.01 |

* $\\beta$: the momentum coefficient

The step is $w - \\eta \\beta \\lambda$.`),
    )
    expect(names.get('\\eta')).toBe('learning rate')
    expect(names.get('\\beta')).toBe('momentum coefficient')
    // A cell of numbers is a value, not a name.
    expect(names.get('\\lambda')).toBe('')
  })

  it('never names a symbol by its own glyph: it is left unnamed', async () => {
    const m = await modelOf(
      `The loss is $L = \\sum_i (y_i - \\sigma(z_i))^2$ and $\\sigma$ appears again in $\\sigma(r_t)$.`,
    )
    expect(m.variables.length).toBeGreaterThan(0)
    for (const v of m.variables) {
      expect(v.name === '' || !selfNamed(v.symbol, v.name)).toBe(true)
    }
    expect(namesOf(m).get('\\sigma')).toBe('')
  })
})

describe('symbols named on essays the project had not seen (issue 39)', () => {
  it('lists every symbol the essay names, past the fifteen an unnamed list stops at', async () => {
    const letters = 'abcdefghjkmnpqrsuvw'.split('')
    const m = await modelOf(
      letters.map((l, i) => `Here $${l}$ is the quantity number ${['one', 'two', 'three'][i % 3]} ${l}x.`).join(' '),
    )
    expect(m.variables.filter((v) => v.name !== '').length).toBe(letters.length)
  })

  it('reads symbols a macro writes in a group, with a star, a word subscript or a named operator’s index', async () => {
    const names = namesOf(
      await modelOf(`$$\\newcommand{\\xx}{{\\pmb{x}}}$$

Input: starting guess $\\xx_0$, step-size $h > 0$ and momentum parameter $m \\in (0, 1)$.
Here $\\xx^\\star$ is the minimizer of the objective and $\\hat{\\beta}_{over}$ is the minimum norm solution.
If $\\varphi$ is convex then the proximal operator is defined as

$$\\mathrm{prox}_\\varphi(x) := \\mathrm{argmin}_z \\varphi(z) + \\frac12 \\|z - x\\|^2.$$`),
    )
    expect(names.get('\\pmb{x}_0')).toBe('starting guess')
    expect(names.get('h')).toBe('step-size')
    expect(names.get('m')).toBe('momentum parameter')
    expect(names.get('\\pmb{x}^\\star')).toBe('minimizer of the objective')
    expect(names.get('\\hat{\\beta}_{over}')).toBe('minimum norm solution')
    expect(names.get('\\mathrm{prox}_\\varphi')).toBe('proximal operator')
  })

  it('lists a conditional, or a function the formulas only write applied, as written with its arguments', async () => {
    const m =
      await modelOf(`We derive the conditional vector field $u_t(x|x_1)$ for a given conditional probability path $p_t(x|x_1)$.
The marginal is $p_t(x) = \\int p_t(x|x_1) q(x_1) dx_1$, where $p_t$ is the probability path.
The policy is $\\pi^*(y|x) = \\pi(y|x) \\exp(r(x, y)) / Z(x)$ with the partition function $Z(x)$.`)
    const names = namesOf(m)
    expect(names.get('u_t(x|x_1)')).toBe('conditional vector field')
    expect(names.get('p_t(x|x_1)')).toBe('conditional probability path')
    expect(names.get('p_t')).toBe('probability path')
    expect(names.get('Z(x)')).toBe('partition function')
    // no bare `Z` is listed: no formula writes it so
    expect(names.has('Z')).toBe(false)
  })

  it('leaves asides, clauses and compounds unnamed rather than naming a symbol by them', async () => {
    const names = namesOf(
      await modelOf(`Solving for $w_t$ (and doing simple algebra) gives $w_t = 2$.
If the loss is scaled by $c$ (if we neglect the $\\epsilon$ in $D_t$), nothing changes.
The smaller the value of $r_t$, the faster the algorithm converges.
We might have expected the standard $\\ell_2$-norm.
To see this, replace $X$ with its singular value decomposition $X = U S V^T$.`),
    )
    expect(names.get('w_t')).toBe('')
    expect(names.get('c')).toBe('')
    expect(names.get('r_t')).toBe('')
    expect(names.get('\\ell_2')).toBe('')
    expect(names.get('X')).toBe('')
  })

  it('names a pseudoinverse, a product the essay calls a matrix, and the solution a display states', async () => {
    const names = namesOf(
      await modelOf(`Let $S^+$ denote the Moore-Penrose inverse of $S$.
The solution to this problem uses the Gram matrix $X X^T \\in \\mathbb{R}^{N \\times N}$, and we project with the projection matrix $X^T (X X^T)^{-1} X$.
The solution is the ordinary least squares estimator based on the second moment matrix $X^T X$:

$$ \\hat{\\beta}_{under} = (X^T X)^{-1} X^T Y $$`),
    )
    expect(names.get('S^+')).toBe('Moore-Penrose inverse of S')
    expect(names.get('X X^T')).toBe('Gram matrix')
    expect(names.get('X^T (X X^T)^{-1} X')).toBe('projection matrix')
    expect(names.get('X^T X')).toBe('second moment matrix')
    expect(names.get('\\hat{\\beta}_{under}')).toBe('ordinary least squares estimator')
  })

  it('reads ∇f as one quantity, the gradient', async () => {
    const m = await modelOf(
      `The objective $f$ is differentiable and we have access to its gradient $\\nabla f$. The step is $x - h \\nabla f(x)$.`,
    )
    expect(namesOf(m).get('\\nabla f')).toBe('gradient')
  })

  it('names a display introduced as "the … is adapted to the following:"', async () => {
    const names = namesOf(
      await modelOf(`To learn the posterior, the Flow Matching loss is adapted to the following:

$$ \\mathcal{L}_{FMPE} = \\mathbb{E} \\| f(\\theta) - u(\\theta) \\|^2 $$`),
    )
    expect(names.get('\\mathcal{L}_{FMPE}')).toBe('Flow Matching loss')
  })

  it('does not name a symbol by a place in the text, a condition, or the object of a preposition', async () => {
    const names = namesOf(
      await modelOf(`Here $\\widetilde{P}_t$ is the right hand side of the above equation.
We approximate a posterior distribution over model parameters given observations $q(\\theta)$.
The asymptotic rate in the robust region is $r_{\\infty} = \\sqrt{m}$.`),
    )
    expect(names.get('\\widetilde{P}_t')).toBe('')
    expect(names.get('q')).toBe('')
    expect(names.get('r_{\\infty}')).toBe('')
  })

  it('reads the cues "we use … for", "that we’ll refer to as", "denote with … the", "and of …, denoted by"', async () => {
    const names = namesOf(
      await modelOf(`We use $\\eta_t > 0$ for a learning rate schedule multiplier.
Since $\\sigma$ is a linear function, it is easy to bound. Here $\\sigma(\\lambda) = 1 + \\lambda$ is a linear function that we'll refer to as the link function.
Adam uses an exponentially moving average (EMA) of stochastic gradients, typically denoted by $m_t$, and of the elementwise squared gradients, denoted by $v_t$.
We denote with $\\hat m_t$ and $\\hat v_t$ the EMA estimates with bias correction.`),
    )
    expect(names.get('\\eta_t')).toBe('learning rate schedule multiplier')
    expect(names.get('\\sigma')).toBe('link function')
    expect(names.get('m_t')).toBe('exponentially moving average of stochastic gradients')
    expect(names.get('v_t')).toBe('exponentially moving average of elementwise squared gradients')
    expect(names.get('\\hat{m}_t')).toBe('EMA estimate with bias correction')
    expect(names.get('\\hat{v}_t')).toBe('EMA estimate with bias correction')
  })

  it('names a display’s symbol from "call this quantity the …", ", defined as" and a definitional equals', async () => {
    const names = namesOf(
      await modelOf(`This is the worst-case relative improvement at iteration $t$, defined as

$$ r_t \\stackrel{\\text{def}}{=} \\sup \\frac{a_t}{a_0} $$

We'll call this quantity the asymptotic rate of convergence, and denote it:

$$ r_{\\infty} \\stackrel{\\text{def}}{=} \\limsup_{t \\to \\infty} \\sqrt[t]{r_t} $$

The formula shows the prediction results for a test data point $x$:

$$ f(x) = a x + b $$`),
    )
    expect(names.get('r_t')).toBe('worst-case relative improvement at iteration t')
    expect(names.get('r_{\\infty}')).toBe('asymptotic rate of convergence')
    expect(names.get('f')).toBe('prediction result for a test data point')
    expect(names.get('t')).toBe('iteration')
  })

  it('names the measure, not what it measures, and keeps a matrix’s plural', async () => {
    const names = namesOf(
      await modelOf(`The number of model parameters $P$ grows. The dimensionality of the data $D$ is fixed.
There may be non-zero errors $E$ and the Lagrange multipliers $\\vec{\\lambda}$ enforce $Y = X \\vec{\\beta}$. A sample is $t \\sim p(t)$ from a general distribution $t \\sim p(t)$.`),
    )
    expect(names.get('P')).toBe('number of model parameters')
    expect(names.get('D')).toBe('dimensionality of the data')
    expect(names.get('E')).toBe('non-zero errors')
    expect(names.get('\\vec{\\lambda}')).toBe('Lagrange multipliers')
    // t is drawn from the distribution; it is not the distribution
    expect(names.get('t')).toBe('')
  })
})
