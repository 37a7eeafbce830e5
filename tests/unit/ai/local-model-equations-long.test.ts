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
