import { readableTex } from '../../../text/readable.js'

interface Named {
  key: string
  name: string
  tier: number
}

const MEMBER = /^(.+)_(?:\{(\w+)\}|(\w))$/

/**
 * "input tokens x₁, …, xₙ" names the family, and so its general member `x_i` that the formulas
 * then use: a symbol written with a letter index takes the name its first and last members share.
 */
export function familyNames<C extends Named>(names: Map<string, C>, used: readonly string[]): void {
  const families = new Map<string, C>()
  for (const [key, c] of names) {
    const m = MEMBER.exec(key)
    const index = m && (m[2] ?? m[3])
    if (!m || !index || !/^[01]$/.test(index)) continue
    const last = [...names].find(([k, d]) => {
      const n = MEMBER.exec(k)
      return n && n[1] === m[1] && /^[A-Za-z]$/.test(n[2] ?? n[3]) && d.name === c.name
    })
    if (last) families.set(m[1], c)
  }
  for (const key of used) {
    const m = MEMBER.exec(key)
    const family = m && /^[A-Za-z]$/.test(m[2] ?? m[3]) ? families.get(m[1]) : undefined
    if (!family || names.has(key)) continue
    names.set(key, {
      ...family,
      key,
      tier: 2,
      note: `One of the family ${readableTex(family.key)}, …, which the essay names together.`,
    })
  }
}
