import { readableTex } from '../../../text/readable.js'
import { STOP_WORDS } from '../../../text/stop-words.js'
import { NUMBER_WORD } from './name-patterns.js'

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

/** A capital letter, plain or set in bold (`U`, `\mathbf{K}`, `\boldsymbol{V}`). */
const CAPITAL = /^(?:\\(?:mathbf|boldsymbol|bm|pmb)\{([A-Z])\}|([A-Z]))$/
/** Its lowercase letter with a letter index, plain, bold or an arrow (`u_r`, `\vec{u}_r`, `\mathbf{k}_{i}`). */
const COLUMN = /^(?:\\(?:vec|mathbf|boldsymbol|bm|pmb)\{([a-z])\}|([a-z]))_(?:\{([a-z])\}|([a-z]))$/
/** A plural name of a matrix's or a set's members: "left singular vectors", "keys", "the matrix of queries". */
const MEMBERS = /^(?:(?:matrix|set|collection|sequence|stack)\s+of\s+)?((?:[\p{L}-]+\s+){0,3}[\p{L}-]*[^s\W]s)$/iu

/**
 * "X's left singular vectors U", "the keys K": a capital the essay names by the plural of its members
 * names each member the formulas write with its lowercase letter and an index (`\vec{u}_r` a left
 * singular vector, `\mathbf{k}_i` a key). Only a plural that is nothing but the members ("number of
 * parameters" counts them; it does not name one).
 */
export function memberNames<C extends Named>(
  names: Map<string, C>,
  used: readonly string[],
  singular: (plural: string) => string,
): void {
  const byLetter = new Map<string, C>()
  for (const [key, c] of names) {
    const m = CAPITAL.exec(key)
    const plural = MEMBERS.exec(c.name)
    const first = plural?.[1].split(' ')[0].toLowerCase() ?? ''
    // ("two identical random variables": a count of them, not what each is.)
    if (
      !m ||
      !plural ||
      /\b(?:of|for|in|on|by|with|and|or)\b/i.test(plural[1]) ||
      NUMBER_WORD.test(first) ||
      /variables$/i.test(plural[1]) ||
      STOP_WORDS.has(first)
    )
      continue
    byLetter.set((m[1] ?? m[2]).toLowerCase(), c)
  }
  for (const key of used) {
    const m = COLUMN.exec(key)
    const matrix = m ? byLetter.get(m[1] ?? m[2]) : undefined
    if (!m || !matrix || names.has(key) || names.has(key.replace(/_.*$/, ''))) continue
    const plural = MEMBERS.exec(matrix.name)![1]
    const one = singular(plural)
    if (one === plural) continue
    names.set(key, {
      ...matrix,
      key,
      name: one,
      tier: 2,
      note: `One of the ${plural} ${readableTex(matrix.key)}, as the essay names them.`,
    })
  }
}
