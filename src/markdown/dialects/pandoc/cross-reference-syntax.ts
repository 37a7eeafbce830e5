import { placeholder } from '../../syntax/placeholders.js'
import { quartoPrefix } from './labels.js'

/**
 * Quarto's reference syntax as the preprocessor's inline scan meets it (syntax/inline.ts):
 * `@fig-x`, `@Thm-x`, `[@thm-x]`, `[-@fig-x]`, `[Fig @fig-x]`, `[@fig-a; @fig-b]`. None of it
 * is a citation. Equations and sections are resolved there, by the preprocessor's labels
 * (they are numbered there); every other kind names a div, figure or table that only the
 * parsed tree shows, so it is left as plain `@key` text for remark-pandoc's resolver.
 */
export interface Handled {
  text: string
  end: number
}

const KEY = /^@([A-Za-z]{2,3}-[\w-]*\w)/
const ITEM = /^\s*(?:([^@;\n]*?[^\s@;-])\s+)?(-?)@([A-Za-z]{2,3}-[\w-]*\w)\s*$/

/** `@fig-plot` at `start` (not an e-mail's `a@fig-…`); null when it is no Quarto reference. */
export function quartoReference(text: string, start: number): Handled | null {
  if (start > 0 && /[\w.]/.test(text[start - 1])) return null
  const m = KEY.exec(text.slice(start, start + 200))
  if (!m || quartoPrefix(m[1]) === null) return null
  return { text: reference(m[1], '', ''), end: start + m[0].length }
}

/** `[@thm-x]`, `[-@fig-x; @fig-y]`, `[Fig @fig-x]` at `start` (the bracket); null unless every item is a reference. */
export function quartoBracket(text: string, start: number): Handled | null {
  const close = text.indexOf(']', start + 1)
  if (close < 0 || close - start > 300 || text[close + 1] === '(') return null
  const items = text.slice(start + 1, close).split(';')
  const out: string[] = []
  for (const item of items) {
    const m = ITEM.exec(item)
    if (!m || quartoPrefix(m[3]) === null) return null
    out.push(reference(m[3], m[2], m[1] ?? ''))
  }
  return { text: out.join(', '), end: close + 1 }
}

function reference(key: string, dash: string, prefix: string): string {
  const kind = quartoPrefix(key)
  const lower = key.charAt(0).toLowerCase() + key.slice(1)
  if ((kind === 'eq' || kind === 'sec') && !dash && !prefix) return placeholder('quarto-ref', lower)
  // `[Fig @fig-x]`: the author's word and the number alone, which `-@` asks for.
  return prefix ? `${prefix} -@${lower}` : `${dash}@${key}`
}
