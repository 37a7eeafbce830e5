import { FontMetrics } from './font-metrics.js'
import type { FontFace } from './fonts.js'

/** Text as it may appear inside SVG: no characters XML forbids, no TeX or markdown delimiters, one line. */
export function cleanText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/\\[()[\]]|[$`*_]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** Coordinates with two decimals: shorter SVG, same picture. */
export const n = (v: number): string => String(Math.round(v * 100) / 100)

export interface FittedText {
  lines: string[]
  size: number
}

/**
 * The largest size from `maxSize` down to `minSize` at which `text` wraps into at most
 * `maxLines` lines of `width` px; at the smallest size the last line ends in an ellipsis.
 */
export function fitText(
  text: string,
  face: FontFace,
  opts: { width: number; maxLines: number; maxSize: number; minSize: number; step?: number },
): FittedText {
  const metrics = FontMetrics.forFace(face)
  for (let size = opts.maxSize; size >= opts.minSize; size -= opts.step ?? 2) {
    const lines = wrap(text, metrics, size, opts.width)
    if (lines.length <= opts.maxLines) return { lines, size }
  }
  const size = opts.minSize
  const lines = wrap(text, metrics, size, opts.width)
  const kept = lines.slice(0, opts.maxLines)
  kept[kept.length - 1] = ellipsis(`${kept[kept.length - 1]} ${lines[opts.maxLines] ?? ''}`, metrics, size, opts.width)
  return { lines: kept, size }
}

/**
 * As many of `items` as fit `width` whole, joined by `separator`: a list of concepts reads
 * "likelihood function · log-likelihood", never "… · maximum · dis…". Only a first item too
 * long on its own is cut, with an ellipsis. The items shown are returned with the line.
 */
export function fitList(
  items: readonly string[],
  separator: string,
  face: FontFace,
  size: number,
  width: number,
): { line: string; shown: string[] } {
  const metrics = FontMetrics.forFace(face)
  for (let k = items.length; k > 1; k--) {
    const line = items.slice(0, k).join(separator)
    if (metrics.width(line, size) <= width) return { line, shown: items.slice(0, k) }
  }
  return { line: items.length ? fitLine(items[0], face, size, width) : '', shown: items.slice(0, 1) }
}

/** `text` cut to fit `width`, with an ellipsis when something was cut. */
export function fitLine(text: string, face: FontFace, size: number, width: number, letterSpacing = 0): string {
  const metrics = FontMetrics.forFace(face)
  return metrics.width(text, size, letterSpacing) <= width ? text : ellipsis(text, metrics, size, width, letterSpacing)
}

function ellipsis(text: string, metrics: FontMetrics, size: number, width: number, letterSpacing = 0): string {
  const chars = [...text.trim()]
  while (chars.length && metrics.width(`${chars.join('').trimEnd()}…`, size, letterSpacing) > width) chars.pop()
  return `${chars
    .join('')
    .trimEnd()
    .replace(/[\s,;:–—-]+$/, '')}…`
}

function wrap(text: string, metrics: FontMetrics, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (metrics.width(candidate, size) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    line = word
    // A word wider than the line (a URL, a long compound) is broken by characters.
    while (metrics.width(line, size) > width) {
      const chars = [...line]
      let cut = chars.length - 1
      while (cut > 1 && metrics.width(chars.slice(0, cut).join(''), size) > width) cut -= 1
      lines.push(chars.slice(0, cut).join(''))
      line = chars.slice(cut).join('')
    }
  }
  if (line) lines.push(line)
  return lines
}
