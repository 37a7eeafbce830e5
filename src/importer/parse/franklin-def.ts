import { parseJuliaValue } from './julia-value.js'
import { findValueEnd } from './value-extent.js'

/** One `@def key = value` read from the text, which may span lines (`"""…"""`, arrays). */
export interface FranklinDef {
  /** Index of the newline ending the definition (or the text length). */
  end: number
  key: string | null
  value: unknown
  warning: string | null
}

const DEF_HEAD = /^@def[ \t]+([A-Za-z_][A-Za-z0-9_!]*)[ \t]*=[ \t]*/

/** True when the line starting at `pos` is a Franklin page variable. */
export function isFranklinDefLine(text: string, pos: number): boolean {
  return text.startsWith('@def', pos) && /[ \t]/.test(text[pos + 4] ?? '')
}

/**
 * Reads the `@def` starting at `pos` (a line start). A value that is not a Julia literal, or a
 * `"""` that is never closed, costs only its own line and comes back as a warning.
 */
export function readFranklinDef(text: string, pos: number, lineNo: number): FranklinDef {
  const lineEndAt = text.indexOf('\n', pos)
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt
  const head = DEF_HEAD.exec(text.slice(pos, lineEnd))
  if (!head) {
    return { end: lineEnd, key: null, value: undefined, warning: `frontmatter: could not read line ${lineNo}, skipped` }
  }
  const key = head[1]
  const valueStart = pos + head[0].length
  const valueEnd = findValueEnd(text, valueStart)
  const end = valueEnd < 0 ? lineEnd : valueEnd
  const value = parseJuliaValue(text.slice(valueStart, end))
  if (value === undefined) {
    return { end, key, value, warning: `frontmatter: could not parse value of '${key}' (line ${lineNo}), skipped` }
  }
  return { end, key, value, warning: null }
}
