import { closingDisplayLine } from '../../syntax/display-math.js'

/**
 * Blank lines inside a `$$` display, which Jupyter Book's parser (mdit-py-plugins' dollarmath,
 * before its `allow_blank_lines` option) reads as part of the formula and the mystmd parser's
 * port does not: QuantEcon writes `$$`, a blank line, then the formula (greek_square.md). The
 * blank lines of such a display go before the parser sees it; the formula is the same TeX.
 *
 * Only a `$$` alone on its line, outside code and directive fences, whose lines after the
 * blank still read as TeX and end at a `$$` (syntax/display-math.ts, as for other essays).
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
    const j = closingDisplayLine(lines, i + 1, true)
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
