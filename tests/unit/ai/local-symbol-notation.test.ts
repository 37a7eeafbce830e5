import { describe, expect, it } from 'vitest'
import { modelOf, namesOf } from './model-of.js'

describe('symbols named in notation tables and the cues of unseen essays (issue 39)', () => {
  it('reads a notation table whose meaning cells go on after the name, list several symbols or give a set', async () => {
    const names = namesOf(
      await modelOf(`| Symbol | Meaning |
| --- | --- |
| $$s \\in \\mathcal{S}$$ | States. |
| $$S_t, A_t, R_t$$ | State, action, and reward at time step t of one trajectory. |
| $$\\gamma$$ | Discount factor; penalty to uncertainty of future rewards; $$0<\\gamma \\leq 1$$. |
| $$V(s)$$ | State-value function measures the expected return of state $$s$$. |
| $$\\lambda$$ | 0.01 |

The objective is $J = \\sum_s V(s) + \\gamma + S_t A_t R_t + \\lambda$.`),
    )
    expect(names.get('s')).toBe('State')
    expect(names.get('\\gamma')).toBe('Discount factor')
    expect(names.get('A_t')).toBe('action')
    expect(names.get('V(s)')).toBe('State-value function')
    // A cell of numbers is a value, not a name.
    expect(names.get('\\lambda')).toBe('')
  })

  it('reads π as a variable when it is indexed, applied or named in the prose, and as the constant in a formula', async () => {
    const names = namesOf(
      await modelOf(`We train a policy $\\pi_\\theta$ close to $\\pi_{\\text{ref}}$, where $\\pi_{\\text{ref}}$ denotes the reference policy.
For any permutation $\\pi$ of the elements the output is the same. The area of a circle is $A = \\pi r^2$.`),
    )
    expect(names.get('\\pi_{\\theta}')).toBe('policy')
    expect(names.get('\\pi_{\\text{ref}}')).toBe('reference policy')
    expect(names.get('\\pi')).toBe('permutation')
  })

  it('names "the parameters", and keys one function named differently on different arguments apart', async () => {
    const names = namesOf(
      await modelOf(`Say a model has $D$ dimensions and its parameters are denoted as $\\theta^{(D)}$.

- $L(\\mathcal{H})$ is the length of the description of model $\\mathcal{H}$ in bits.

Given a program $p$, let's denote $\\mathcal{U}(p)$ as the output of the computer and $L(p)$ as the descriptive length of the program.
Then the Kolmogorov complexity $K_\\mathcal{U}$ of a string is the shortest $L(p)$.`),
    )
    expect(names.get('\\theta^{(D)}')).toBe('parameters')
    expect(names.get('L(\\mathcal{H})')).toBe('length of the description of model')
    expect(names.get('L(p)')).toBe('descriptive length of the program')
    // An unbraced subscript command keeps its argument: not `K_{\\mathcal}`.
    expect(names.get('K_{\\mathcal{U}}')).toBe('Kolmogorov complexity')
  })

  it('reads a verb the sentence does not repeat, a possessive name, a second "denote by" and a shape before the noun', async () => {
    const names = namesOf(
      await modelOf(`The logits are $z = W x + b$, where $W$ is the weight matrix and $b$ the bias.
We call $\\phi$ the encoder and $\\rho$ the decoder. Here $h$ is Planck’s constant.
Denote by $n$ the total number of words and $m$ the number of unique words.
Let $X$ be an $n \\times p$ random matrix. Then $V$ is an $n \\times n$ covariance matrix.
The output is $\\rho(\\phi(z)) + h + m + X V$.`),
    )
    expect(names.get('b')).toBe('bias')
    expect(names.get('\\rho')).toBe('decoder')
    expect(names.get('\\phi')).toBe('encoder')
    expect(names.get('h')).toBe('Planck’s constant')
    expect(names.get('m')).toBe('number of unique words')
    expect(names.get('X')).toBe('random matrix')
    expect(names.get('V')).toBe('covariance matrix')
  })

  it('names the parameters a "with" lists, a symbol in parentheses after its name, and counts after a verb', async () => {
    const names = namesOf(
      await modelOf(`The noise is drawn from a normal distribution with mean $\\mu = 0$ and standard deviation $\\sigma = 0.01$.
Memories are collections of keys ($k$) and values. We sample $N$ classes and $K$ examples per class.
The total is $\\mu + \\sigma + k + N K$.`),
    )
    expect(names.get('\\mu')).toBe('mean')
    expect(names.get('\\sigma')).toBe('standard deviation')
    expect(names.get('k')).toBe('key')
    expect(names.get('N')).toBe('number of classes')
    expect(names.get('K')).toBe('number of examples')
  })

  it('names a symbol defined as an operator written in words by that operator of its argument', async () => {
    const names = namesOf(
      await modelOf(`Let $v = \\operatorname{Var}[x]$. The trace is small: we write $T = \\mathrm{tr}(A)$.
The step uses the diagonal matrix $D = \\mathrm{diag}(d)$. The sum is $v + T + D + x$.`),
    )
    expect(names.get('v')).toBe('variance of x')
    expect(names.get('T')).toBe('trace of A')
    // A noun phrase before the symbol names it first.
    expect(names.get('D')).toBe('diagonal matrix')
  })

  it('lists every symbol a long essay names, past thirty', async () => {
    const words = ['first', 'second', 'third', 'fourth', 'fifth']
    const m = await modelOf(
      Array.from({ length: 40 }, (_, i) => `Here $w_{${i + 10}}$ is the ${words[i % 5]} weight.`).join(' '),
    )
    expect(m.variables.filter((v) => v.name !== '').length).toBe(40)
  })

  it('takes neither an adjective nor a verb that opens the sentence for a name', async () => {
    const names = namesOf(
      await modelOf(`We look for a suitable $w$ and pick a random $v$. Assume $\\epsilon$ is small.
Let the parameters $\\alpha$ and $\\beta$ be positive. The sum is $w + v + \\epsilon + \\alpha + \\beta$.`),
    )
    expect(names.get('w')).toBe('')
    expect(names.get('v')).toBe('')
    expect(names.get('\\epsilon')).toBe('')
    // "parameters α and β": each is one parameter, which says nothing of which.
    expect(names.get('\\alpha')).toBe('')
  })
})
