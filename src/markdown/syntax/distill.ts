/**
 * The block syntax of distill posts (al-folio's `layout: distill`) that must be read line by line,
 * before markdown parsing: a `<d-code block>` body may hold blank lines, which would end an HTML
 * block and turn the rest of the code into prose, and `{% details %}` wraps markdown. Notes
 * (`<d-footnote>`) are read on the syntax tree instead (plugins/remark-distill-footnotes.ts);
 * layout classes and `<aside>` pass the sanitizer and are styled by the reader.
 */

const D_CODE_OPEN = /^\s*<d-code\b([^<>]*)>(.*)$/i
const D_CODE_CLOSE = /<\/d-code\s*>\s*$/i
const LANGUAGE = /\blanguage\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i
const DETAILS_OPEN = /^\{%-?\s*details\s+([^]*?)\s*-?%\}$/
export const DETAILS_CLOSE = /^\{%-?\s*enddetails\s*-?%\}$/

export interface DistillCode {
  /** The highlight.js language name, '' when none is given. */
  language: string
  /** The code's lines, its common indentation removed and `&lt;`-style entities decoded. */
  body: string[]
  /** The index of the first line after the block. */
  next: number
}

/**
 * A `<d-code block language="…">…</d-code>` block starting at line `i`; null when the line opens
 * no such block (inline `<d-code>` stays in its paragraph) or the block is never closed.
 */
export function readDistillCode(lines: readonly string[], i: number): DistillCode | null {
  const open = D_CODE_OPEN.exec(lines[i])
  if (!open || !/(?:^|\s)block(?:[\s=]|$)/i.test(open[1])) return null
  const lang = LANGUAGE.exec(open[1])
  const language = (lang?.[1] ?? lang?.[2] ?? lang?.[3] ?? '').replace(/[^\w+#.-]/g, '')
  const first = open[2]
  const raw: string[] = []
  if (D_CODE_CLOSE.test(first)) return { language, body: clean([first.replace(D_CODE_CLOSE, '')]), next: i + 1 }
  if (first.trim()) raw.push(first)
  for (let j = i + 1; j < lines.length; j++) {
    if (D_CODE_CLOSE.test(lines[j])) {
      const rest = lines[j].replace(D_CODE_CLOSE, '')
      if (rest.trim()) raw.push(rest)
      return { language, body: clean(raw), next: j + 1 }
    }
    raw.push(lines[j])
  }
  return null
}

/** Leading and trailing blank lines dropped, the indentation the lines share removed, entities decoded. */
function clean(raw: string[]): string[] {
  let start = 0
  let end = raw.length
  while (start < end && raw[start].trim() === '') start++
  while (end > start && raw[end - 1].trim() === '') end--
  const lines = raw.slice(start, end).map((line) => line.replace(/\t/g, '    '))
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)?.[0].length ?? 0))
  // The browser reads a d-code body as HTML, so `&lt;` is what the author wrote for `<`.
  return lines.map((line) => decode(line.slice(Number.isFinite(indent) ? indent : 0)))
}

function decode(line: string): string {
  return line.replace(/&(lt|gt|quot|#39|apos|amp);/g, (_, name: string) => ENTITIES[name] ?? '')
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", amp: '&' }

/** The summary of a `{% details Summary %}` line, or null when the line is not one. */
export function detailsOpening(line: string): string | null {
  const m = DETAILS_OPEN.exec(line)
  return m ? m[1] : null
}

/**
 * The HTML lines that open a `<details>` box: the summary alone on its line as escaped text,
 * then a blank line so the box's content is read as markdown again.
 */
export function detailsOpeningHtml(summary: string): string[] {
  const text = summary.replace(/^(["'])([^]*)\1$/, '$2').trim() || 'Details'
  return ['<details>', `<summary>${escapeHtml(text)}</summary>`, '']
}

export const DETAILS_CLOSING_HTML = ['', '</details>', '']

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
