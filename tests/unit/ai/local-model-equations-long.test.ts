import { describe, expect, it } from 'vitest'
import { modelOf } from './model-of.js'

describe('defining equations of a long essay (issue 39)', () => {
  it('lists the displays of an essay with more than twenty, up to thirty', async () => {
    const sections = Array.from(
      { length: 26 },
      (_, i) => `## Step ${i + 1}\n\nThe quantity is defined as\n\n$$ q_{${i + 1}} = ${i + 1} \\cdot r^{${i + 1}} $$\n`,
    ).join('\n')
    const m = await modelOf(sections)
    const shown = m.equations.map((e) => e.equation)
    expect(shown.some((e) => e.includes('q_{21}'))).toBe(true)
    expect(shown.some((e) => e.includes('q_{26}'))).toBe(true)
  })
})

describe('defining equations written inline (issue 39)', () => {
  it('lists an inline formula that relates quantities, besides the displays, not an index or a value', async () => {
    const m = await modelOf(
      [
        'The return is $R_t = \\sum_{k=0}^{T} \\gamma^k r_{t+k}$ and the total loss $L_{total} = L_{one} + L_{two}$.',
        '',
        'A coin gives $P(\\textrm{heads}) = 0.5$, the data are $\\{x_n\\}_{n=1}^N$ and we set $\\mathbf{w} = [1, 2, 3]^\\top$.',
      ].join('\n'),
    )
    const shown = m.equations.map((e) => e.equation)
    expect(shown).toContain('R_t = \\sum_{k=0}^{T} \\gamma^k r_{t+k}')
    expect(shown).toContain('L_{total} = L_{one} + L_{two}')
    expect(shown.some((e) => /heads|x_n|\[1, 2, 3\]/.test(e))).toBe(false)
  })
})
