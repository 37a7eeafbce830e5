/** A line that opens a display formula: `$$`, then the formula's first line, if any. */
export const DISPLAY_OPEN = /^(\s*)\$\$(.*)$/
/** Quarto's label after a display's closing `$$`. */
export const QUARTO_EQUATION_LABEL = /\$\$\s*\{#(eq-[\w-]+)\}\s*$/
/** A formula's line, not prose or a block of markdown: TeX's marks, no list or heading marker. */
const TEX_LINE = /^(?!\s*(?:#|[-*+>]\s|\d+[.)]\s|<))\s*\S.*[\\^_=&{}]/
/** How far a formula with blank lines may reach: farther, an unclosed `$$` would swallow the essay. */
const MAX_FORMULA_LINES = 100

/**
 * The line that closes a display formula opened above `from` (it ends with `$$`), or -1 when
 * another formula's opening comes first, or a blank line, except in a formula opened by `$$`
 * alone (`bare`), whose lines after a blank still read as TeX: kramdown and MathJax allow
 * blank lines there, and Jekyll blogs write rows of a display apart.
 */
export function closingDisplayLine(lines: readonly string[], from: number, bare: boolean): number {
  let blank = false
  for (let j = from; j < lines.length; j++) {
    if (blank && j >= from + MAX_FORMULA_LINES) return -1
    const line = lines[j].trimEnd()
    if (line.endsWith('$$') && !(blank && line.slice(0, -2).includes('$'))) return j
    if (line.endsWith('}') && line.includes('{#eq-') && QUARTO_EQUATION_LABEL.test(line)) return j
    if (line.trim() === '' && bare) blank = true
    else if (line.trim() === '' || DISPLAY_OPEN.test(line) || (blank && !TEX_LINE.test(line))) return -1
  }
  return -1
}
