/**
 * Blank lines inside a `$$` display, which Jupyter Book's parser (mdit-py-plugins' dollarmath,
 * before its `allow_blank_lines` option) reads as part of the formula and the mystmd parser's
 * port does not: QuantEcon writes `$$`, a blank line, then the formula (greek_square.md). The
 * blank lines of such a display go before the parser sees it; the formula is the same TeX.
 *
 * Only a `$$` alone on its line, outside code and directive fences, up to the next line that
 * ends with `$$` (or `$$ (label)`), as dollarmath reads it: every line between is the formula's,
 * a row that is `\qquad` alone or starts `- \frac` or `+ \tilde` included. Within 100 lines and
 * before any fence, else the `$$` is left to the parser.
 */
export function joinDisplayLines(body: string): string {
  if (!body.includes('$$')) return body
  const lines = body.split('\n')
  let fence: string | null = null
  let changed = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const marker = /^\s*(`{3,}|~{3,}|:{3,})/.exec(line)?.[1]
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null
      continue
    }
    if (marker) {
      fence = marker
      continue
    }
    if (line.trim() !== '$$') continue
    const j = closingDollarLine(lines, i + 1)
    if (j < 0) continue
    for (let k = i + 1; k < j; k++)
      if (lines[k].trim() === '') {
        lines[k] = '\u0000'
        changed = true
      }
    i = j
  }
  return changed ? lines.filter((l) => l !== '\u0000').join('\n') : body
}

/** How far a display may reach: farther, a stray `$$` would swallow the page. */
const MAX_FORMULA_LINES = 100
const CLOSING = /\$\$[ \t]*(?:\([\w:.-]+\))?[ \t]*$/

/** The line that closes a `$$` display opened above `from`, or -1. */
function closingDollarLine(lines: readonly string[], from: number): number {
  const end = Math.min(lines.length, from + MAX_FORMULA_LINES)
  for (let j = from; j < end; j++) {
    const line = lines[j]
    if (/^\s*(`{3,}|~{3,}|:{3,})/.test(line)) return -1
    if (line.includes('$$') && CLOSING.test(line)) return j
  }
  return -1
}
