/**
 * Where a `key = value` entry ends in TOML or a Franklin `@def`: at the first line break that
 * is outside every string and bracket. Lets one bad value be skipped without losing the rest.
 */

/**
 * How far one value may reach. Real multi-line values are a few lines long; the bound keeps a
 * block full of unclosed brackets from being rescanned to its end once per line.
 */
const MAX_VALUE_LINES = 500
const MAX_VALUE_CHARS = 64 * 1024

/**
 * Index just past the value that starts at `start` (its ending newline is not included), or
 * -1 when a multi-line string or a bracket opened by the value is not closed within
 * MAX_VALUE_LINES lines and MAX_VALUE_CHARS characters.
 */
export function findValueEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + MAX_VALUE_CHARS)
  let depth = 0
  let lines = 0
  let i = start
  while (i < limit) {
    const ch = text[i]
    if (ch === '\n') {
      if (depth === 0) return i
      if (++lines > MAX_VALUE_LINES) return -1
      i++
      continue
    }
    if ((ch === '"' || ch === "'") && text[i + 1] === ch && text[i + 2] === ch) {
      const close = text.indexOf(ch.repeat(3), i + 3)
      if (close < 0 || close >= limit || countLines(text, i, close) > MAX_VALUE_LINES) return -1
      lines += countLines(text, i, close)
      i = close + 3
      // TOML allows up to two more quotes right before the closing three.
      while (text[i] === ch) i++
      continue
    }
    if (ch === '"' || ch === "'") {
      i = skipLineString(text, i, ch)
      continue
    }
    if (ch === '#') {
      const eol = text.indexOf('\n', i)
      i = eol < 0 ? text.length : eol
      continue
    }
    if (ch === '[' || ch === '(' || ch === '{') depth++
    else if ((ch === ']' || ch === ')' || ch === '}') && depth > 0) depth--
    i++
  }
  return depth === 0 && limit === text.length ? text.length : -1
}

function countLines(text: string, from: number, to: number): number {
  let count = 0
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++
  return count
}

/** A one-line string ends at its closing quote or, if unclosed, at the end of the line. */
function skipLineString(text: string, open: number, quote: string): number {
  let i = open + 1
  while (i < text.length) {
    const ch = text[i]
    if (ch === '\n') return i
    if (ch === '\\' && quote === '"') {
      i += 2
      continue
    }
    i++
    if (ch === quote) return i
  }
  return i
}
