import { describe, expect, it } from 'vitest'
import { modelOf, namesOf } from './model-of.js'

describe('a list of symbols named by a list of names (issue 39)', () => {
  it('pairs the symbols with the names in order when the counts match', async () => {
    const names = namesOf(
      await modelOf(`At each step, $R_t, S_t, A_t$ denote the reward, state and action (respectively).
The return is $G_t = R_{t+1} + \\gamma G_{t+1}$ for a policy that picks $A_t$ in $S_t$.`),
    )
    expect(names.get('R_t')).toBe('reward')
    expect(names.get('S_t')).toBe('state')
    expect(names.get('A_t')).toBe('action')
  })

  it('does not pair them when the counts differ', async () => {
    const names = namesOf(
      await modelOf(
        `Here $x, y, z$ denote the coordinates, measured in meters. The distance is $d = \\sqrt{x^2 + y^2 + z^2}$.`,
      ),
    )
    expect(names.get('x')).not.toBe('')
    expect([names.get('x'), names.get('y')]).not.toContain('measured in meters')
  })

  it('names each kind when the names share their noun: "of the first and second kind respectively"', async () => {
    const names = namesOf(
      await modelOf(`Here $T_t$ and $U_t$ are the Chebyshev polynomials of the first and second kind respectively.
Their ratio is $r_t = U_t / T_t$ for every $t$.`),
    )
    expect(names.get('T_t')).toBe('Chebyshev polynomial of the first kind')
    expect(names.get('U_t')).toBe('Chebyshev polynomial of the second kind')
  })
})
