import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { selfNamed } from '../../../src/ai/guard/self-named.js'
import { splitFrontmatter } from '../../../src/importer/parse/split-frontmatter.js'
import { renderCached } from '../../../src/markdown/index.js'
import type { MathematicalModel } from '../../../src/shared/schemas/index.js'
import { inputFor } from './essays.js'

const provider = new LocalProvider()
/** The model of an essay as the site reads it: its rendered reading and its own macros, like the enhance service. */
const modelOf = async (markdown: string) => {
  const input = inputFor({ id: 9, title: 'Notation', markdown })
  const rendered = renderCached(splitFrontmatter(markdown).body)
  return provider.mathematicalModel({ ...input, reading: rendered.reading, macros: rendered.macros })
}
const namesOf = (m: MathematicalModel) => new Map(m.variables.map((v) => [v.symbol, v.name]))

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
