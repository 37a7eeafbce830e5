import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { headOf } from '../../../src/ai/local/model/symbol-names.js'
import { symbolsIn } from '../../../src/ai/local/model/tex-symbols.js'
import { MathematicalModelSchema, type MathematicalModel } from '../../../src/shared/schemas/index.js'
import { inputFor } from './essays.js'

const provider = new LocalProvider()
const modelOf = async (markdown: string, title = 'A model') =>
  MathematicalModelSchema.parse(await provider.mathematicalModel(inputFor({ id: 7, title, markdown })))
const namesOf = (m: MathematicalModel) => new Map(m.variables.map((v) => [v.symbol, v.name]))
const isStatic = (m: MathematicalModel) => /\bstatic\b|\bno (?:time|dynamics)\b/i.test(m.systemDynamics)

describe('symbols as the essay writes them', () => {
  it('reads nested decorations and plain italics as one symbol', () => {
    expect(symbolsIn('\\hat{\\mathbf{v}}_t = \\mathbf{v}_t / (1 - \\beta_1^t)')).toEqual([
      '\\hat{\\mathbf{v}}_t',
      '\\mathbf{v}_t',
      '\\beta_1',
    ])
    expect(symbolsIn('\\mathit{a}(q)')).toEqual(['a', 'q'])
  })

  it('keeps a text subscript with its symbol, and reads Δx as one quantity', () => {
    // not `y_{\text}`, a symbol no reader could recognise
    expect(symbolsIn('\\Delta y = y_\\text{next} - y_\\text{prev}')).toEqual([
      '\\Delta y',
      'y_{\\text{next}}',
      'y_{\\text{prev}}',
    ])
    expect(symbolsIn('y_{i+1} = y_i + \\Delta x \\cdot f(x_i)')).toEqual(['y', 'y_i', '\\Delta x', 'f', 'x_i'])
    // a Δ standing alone is a variable of its own, and a lower-case δ before a letter is a product
    expect(symbolsIn('\\Delta = b^2 - 4ac')).toEqual(['\\Delta', 'b', 'a', 'c'])
    expect(symbolsIn('-\\delta y')).toEqual(['\\delta', 'y'])
  })

  it('takes the head of a formula: the symbol, its power or prime, a named operator, the left of a relation', () => {
    expect(headOf('s_x^2')?.key).toBe('s_x^2')
    expect(headOf("\\mathbf{g}_t'")?.key).toBe("\\mathbf{g}_t'")
    expect(headOf('\\mathbf{q} \\in \\mathbb{R}^d')).toEqual({ key: '\\mathbf{q}', relation: '\\in' })
    expect(headOf('\\mathrm{RSS}(\\beta_0,\\beta_1)')?.key).toBe('\\mathrm{RSS}')
    expect(headOf('ML')?.key).toBe('ML')
    expect(headOf('\\Delta x')?.key).toBe('\\Delta x')
    expect(headOf('1/\\sqrt{d}')).toBeNull()
    expect(headOf('\\mathbf{q}^\\top \\mathbf{k}')).toBeNull()
    expect(headOf('(\\mathbf{q}, \\mathbf{k}_i)')).toBeNull()
  })
})

describe('symbol names', () => {
  it('names each symbol of a list ("x̄ and ȳ are the sample means") and keeps a formula inside a name', async () => {
    const m = await modelOf(`The estimates are

$$ b = s_{xy} / s_x^2, \\quad a = \\bar{y} - b \\bar{x} $$

where $\\bar{x}$ and $\\bar{y}$ are the sample means, $s_x^2$ is the sample variance of $x$ and $s_{xy}$ is the sample covariance between $x$ and $y$.`)
    const names = namesOf(m)
    expect(names.get('\\bar{x}')).toBe('sample mean')
    expect(names.get('\\bar{y}')).toBe('sample mean')
    expect(names.get('s_x^2')).toBe('sample variance of x')
    expect(names.get('s_{xy}')).toBe('sample covariance between x')
    // x is what the variance is of, not the variance; s_x is only ever written squared.
    // Unnamed, not "named" by its own glyph (issue 39).
    expect(names.get('x')).toBe('')
    expect(names.has('s_x')).toBe(false)
  })

  it('keeps a collective noun plural for a bold vector or matrix, one of them for each plain symbol of a list', async () => {
    const m =
      await modelOf(`The update is $v = \\beta_1 v + \\beta_2 g$. Here $\\beta_1$ and $\\beta_2$ are nonnegative weighting parameters.

The score is $s = \\mathbf{w}^\\top \\tanh(\\mathbf{W}_q q)$, where $\\mathbf{W}_q \\in \\mathbb{R}^{h \\times q}$ and $\\mathbf{w} \\in \\mathbb{R}^h$ are the learnable parameters.`)
    const names = namesOf(m)
    // Each of β₁ and β₂ is one weighting parameter; a weight matrix holds many.
    expect(names.get('\\beta_1')).toBe('nonnegative weighting parameter')
    expect(names.get('\\beta_2')).toBe('nonnegative weighting parameter')
    expect(names.get('\\mathbf{W}_q')).toBe('learnable parameters')
    expect(names.get('\\mathbf{w}')).toBe('learnable parameters')
  })

  it('names a symbol after the verb an adverb qualifies ("adaptively choose step sizes Δx")', async () => {
    const m = await modelOf(`The update is $y_{i+1} = y_i + \\Delta x \\cdot f(x_i)$.
Modern solvers can adaptively choose step sizes $\\Delta x$ to reduce the number of steps.
The network holds sufficiently large $W$ matrices.`)
    const names = namesOf(m)
    expect(names.get('\\Delta x')).toBe('step size')
    // an adverb before the last word leaves no name ("large" is what the matrices are, not what they are called)
    expect(names.get('W') ?? '').toBe('')
  })

  it('reads appositions: before a relation, after a function word, "say d", "let\'s call it", "n-dimensional"', async () => {
    const m =
      await modelOf(`Let $X$ be an $n$-dimensional random vector. Assume that the query $\\mathbf{q} \\in \\mathbb{R}^d$ is given.
Note that attention weights $\\alpha$ still need normalizing. Both vectors have the same vector length, say $d$.
A map from inputs to outputs is a machine learning model (let's call it $ML$). We can then use $ML$ for inference.
The keys $\\mathbf{k}_i$ were normalised. The formula is $a = \\mathbf{q}^\\top \\mathbf{k}_i / \\sqrt{d}$ and $y = ML(x)$ and $\\alpha = X n$.`)
    const names = namesOf(m)
    expect(names.get('X')).toBe('n-dimensional random vector')
    expect(names.get('n')).toBe('dimension')
    expect(names.get('\\mathbf{q}')).toBe('query')
    expect(names.get('\\alpha')).toBe('attention weights')
    expect(names.get('d')).toBe('vector length')
    expect(names.get('ML')).toBe('machine learning model')
    // One symbol named by a plural is one of them.
    expect(names.get('\\mathbf{k}_i')).toBe('key')
    // The letters of a name written as one are not listed apart.
    expect(names.has('M')).toBe(false)
    expect(names.has('L')).toBe(false)
  })

  it('does not take a place in the sentence for a name, and says only that no name was found', async () => {
    const m = await modelOf(`The score is

$$ a = -\\tfrac{1}{2} q^2 + q k - \\tfrac{1}{2} k^2 + d $$

First, note that the final term depends on $q$ only. The product has zero mean and a variance of $d$.
We can drop it from the definition of $a$. This generation of a prediction $y$ from $k$ is a machine learning model.`)
    const byName = new Map(m.variables.map((v) => [v.symbol, v]))
    // ("The score is" before the display names its left side: not from "the definition of a".)
    expect(byName.get('a')?.name).toBe('score')
    for (const symbol of ['q', 'd', 'k']) {
      expect(byName.get(symbol)?.name).toBe('')
      expect(byName.get(symbol)?.description).toContain('No sentence naming it was found')
    }
  })

  it('names the left side of a display the sentence introduces, and the quantity an estimate estimates', async () => {
    const m = await modelOf(`**Proof:** The residual sum of squares is defined as

$$ \\mathrm{RSS}(\\beta) = \\sum_{i=1}^n (y_i - \\beta x_i)^2 $$

From the derivative, we can derive the estimate for the slope:

$$ \\hat{\\beta} = \\frac{\\sum_i x_i y_i}{\\sum_i x_i^2} $$

Correspondingly the normalized state variables are given by

$$ \\hat{u}_t = u_t / 2 \\textrm{ and } \\hat{w}_t = w_t / 2 $$`)
    const names = namesOf(m)
    expect(names.get('\\mathrm{RSS}')).toBe('residual sum of squares')
    expect(names.get('\\hat{\\beta}')).toBe('estimate for the slope')
    expect(names.get('\\beta')).toBe('slope')
    expect(names.get('\\hat{u}_t')).toBe('normalized state variable')
    expect(names.get('\\hat{w}_t')).toBe('normalized state variable')
    expect(m.variables.find((v) => v.symbol === '\\beta')?.description).toContain('Named after its estimate')
  })

  it('splits a list named "respectively", and takes neither a type nor an adjective for a name', async () => {
    const m =
      await modelOf(`The skewness is $s = \\mu / \\sigma$, where $\\mu$ and $\\sigma$ are the mean and standard deviation of $X$, respectively.
Say that we have two matrices $A \\in \\mathbb{R}^{n \\times k}$ and $B \\in \\mathbb{R}^{k \\times m}$. Here $\\mathbf{w}$ is a vector. We want the smallest $\\delta$ such that $\\delta > A B \\mathbf{w}$.`)
    const names = namesOf(m)
    expect(names.get('\\mu')).toBe('mean')
    expect(names.get('\\sigma')).toBe('standard deviation of X')
    for (const symbol of ['A', 'B', '\\mathbf{w}', '\\delta'])
      expect(m.variables.find((v) => v.symbol === symbol)?.description).toContain('No sentence naming it')
  })

  it('reads the mean and covariance of a normal distribution from its notation', async () => {
    const m = await modelOf(
      'Assume that $X \\sim \\mathcal{N}(\\mu_1, \\Sigma_1)$ and $\\varepsilon \\sim \\mathcal{N}(0, \\sigma^2)$ hold for all samples.',
    )
    const names = namesOf(m)
    expect(names.get('\\mu_1')).toBe('mean')
    expect(names.get('\\Sigma_1')).toBe('covariance matrix')
    expect(names.get('\\sigma')).toBe('standard deviation')
  })
})

describe('defining equations and dynamics', () => {
  it('keeps the theorem, a proof’s definitions and its result, not its intermediate steps', async () => {
    const m = await modelOf(`**Theorem:** The estimate is

$$ \\label{eq:result} \\hat{b} = \\frac{s_{xy}}{s_x^2} $$

**Proof:** The loss is defined as

$$ \\label{eq:loss} L(b) = \\sum_i (y_i - b x_i)^2 $$

Its derivative is

$$ \\label{eq:step} L'(b) = -2 \\sum_i x_i (y_i - b x_i) $$

and setting it to zero, we get:

$$ \\label{eq:qed} \\hat{b} = \\frac{\\sum_i x_i y_i}{\\sum_i x_i^2} $$`)
    expect(m.equations.map((e) => e.name)).toEqual(['Theorem (eq:result)', 'Proof (eq:loss)', 'Proof (eq:qed)'])
    expect(isStatic(m)).toBe(true)
  })

  it('finds dynamics in primes, i+1 indices and inline rate equations, and lists the inline ones', async () => {
    const ode = await modelOf(`The populations follow

$$ x^\\prime = \\alpha x + \\beta x y $$

where $\\alpha$ is the growth rate.`)
    expect(isStatic(ode)).toBe(false)
    expect(ode.systemDynamics).toBe('x^\\prime = \\alpha x + \\beta x y')
    const euler = await modelOf(`We put the model on the derivative, $y'(x) = f(x)$, and solve the ODE in steps:

$$ y_{i+1} = y_i + h f(x_i) $$

Specifically, $f(x) = \\sigma(W_2 \\sigma(W_1 x))$ is a two-layer neural network.`)
    expect(isStatic(euler)).toBe(false)
    expect(euler.equations.map((e) => e.equation)).toEqual([
      "y'(x) = f(x)",
      'y_{i+1} = y_i + h f(x_i)',
      'f(x) = \\sigma(W_2 \\sigma(W_1 x))',
    ])
  })

  it('finds dynamics in dots, d/dt, t+1 indices and update arrows', async () => {
    const cases: Array<[string, string]> = [
      ['The oscillator obeys\n\n$$ \\ddot{x} = -\\omega^2 x $$\n\nwhere $\\omega$ is the frequency.', '\\ddot{x}'],
      ['The population grows as\n\n$$ \\frac{dN}{dt} = r N $$\n\nwhere $r$ is the growth rate.', '\\frac{dN}{dt}'],
      ['The state moves on:\n\n$$ h_{t+1} = \\tanh(W h_t + U x_t) $$', 'h_{t+1}'],
      ['Each step updates the weights:\n\n$$ w \\leftarrow w - \\eta \\nabla L(w) $$', '\\leftarrow'],
    ]
    for (const [markdown, written] of cases) {
      const m = await modelOf(markdown)
      expect(isStatic(m), markdown).toBe(false)
      expect(m.systemDynamics, markdown).toContain(written)
    }
  })

  it('calls a model without formulas or without change static', async () => {
    expect(isStatic(await modelOf('Write short sentences. Prefer the concrete word.'))).toBe(true)
    expect(isStatic(await modelOf('The area is\n\n$$ a = b h $$\n\nwhere $b$ is the base.'))).toBe(true)
    // A prime that marks a new symbol is not a derivative, nor is a derivative in a proof a rate of change.
    expect(isStatic(await modelOf("Its derivative is\n\n$$ L'(b) = -2 \\sum_i x_i (y_i - b x_i) $$"))).toBe(true)
    expect(isStatic(await modelOf("The rescaled gradient is\n\n$$ \\mathbf{g}_t' = \\eta \\mathbf{g}_t / s $$"))).toBe(
      true,
    )
  })

  it('reads a process the text repeats over iterations as dynamics, quoting it, but not a single figure of speech', async () => {
    const trained = await modelOf(`The discriminator $D$ tells real from generated data.

$$ \\min_D \\{ - y \\log D(\\mathbf x) \\} $$

We update the parameters of the generator to fool it. In each iteration, we first update the discriminator and then the generator.`)
    expect(isStatic(trained)).toBe(false)
    expect(trained.systemDynamics).toContain(
      '“In each iteration, we first update the discriminator and then the generator.”',
    )
    expect(trained.systemDynamics).not.toMatch(/\\|\$/)
    const once =
      await modelOf(`Imagine feeding a sequence of tokens such that at every step, each token has its own query.

$$ a = q^\\top k $$`)
    expect(isStatic(once)).toBe(true)
  })

  it('lists applications only from whole sentences that state a use', async () => {
    const m = await modelOf(`which, applied to the multivariate normal distributions in (1), yields

$$ k = a + b $$

The former works arguably slightly better in practice, hence the deviation. A network is simply matrix products followed by application of sigmoid functions.
The divergence is widely used to compare two fitted distributions in model selection.`)
    expect(m.practicalApplications).toEqual([
      'The divergence is widely used to compare two fitted distributions in model selection.',
    ])
    // No sentence states a use: the list is honestly empty, with no fragment standing in.
    const none = await modelOf(`which, applied to the multivariate normal distributions in (1), yields

$$ k = a + b $$

where $a$ is the first term. The former works arguably slightly better in practice.`)
    expect(none.practicalApplications).toEqual([])
  })

  it('takes the field from the tags, else the site section, else the essay’s terms', async () => {
    const tagged = await provider.mathematicalModel(
      inputFor({ id: 8, title: 'A', tags: ['econometrics'], markdown: 'The fit is\n\n$$ y = a x $$' }),
    )
    expect(tagged.field).toBe('econometrics')
    const sectioned = await provider.mathematicalModel(
      inputFor({ id: 9, title: 'B', markdown: '---\nchapter: Statistical Models\n---\nThe fit is\n\n$$ y = a x $$' }),
    )
    expect(sectioned.field).toBe('Statistical Models')
    const worded = await modelOf(
      'The gradient descent step lowers the loss function on the training set, and the learning rate scales it. A neural network is trained this way.\n\n$$ w = w - a g $$',
    )
    expect(worded.field).toBe('Machine learning')
  })
})
