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
 * blank lines there, and Jekyll blogs write rows of a display apart. Inside an environment
 * the formula opened and has not closed (`\begin{align}` … `\end{align}`), every line is the
 * formula's, even one a formatter gave a list marker (`- \frac{…}` after a blank line,
 * prettier's doing on al-folio posts): kramdown reads up to the closing `$$` whatever it holds.
 */
export function closingDisplayLine(lines: readonly string[], from: number, bare: boolean): number {
  let blank = false
  let open = 0
  for (let j = from; j < lines.length; j++) {
    if (blank && j >= from + MAX_FORMULA_LINES) return -1
    const line = lines[j].trimEnd()
    const closing = closingLine(line)
    if (closing.endsWith('$$') && !(blank && closing.slice(0, -2).includes('$'))) return j
    if (line.endsWith('}') && line.includes('{#eq-') && QUARTO_EQUATION_LABEL.test(line)) return j
    if (line.trim() === '' && bare) blank = true
    else if (line.trim() === '' || DISPLAY_OPEN.test(line) || (blank && open <= 0 && !TEX_LINE.test(line))) return -1
    if (line.includes('\\begin{') || line.includes('\\end{')) open += environmentDepth(line)
  }
  return -1
}

/** How many more environments `line` opens than it closes. */
function environmentDepth(line: string): number {
  return (line.match(/\\begin\{/g)?.length ?? 0) - (line.match(/\\end\{/g)?.length ?? 0)
}

/**
 * A formula's closing line without the HTML line breaks after its `$$` (`$$<br/>`, as kramdown
 * posts write a display inside a list item's text): a display breaks the line already. The
 * sentence's punctuation after it (`$$.`, as MathJax sites write it) moves inside the formula,
 * where a one-line display's goes too.
 */
export function closingLine(line: string): string {
  const trimmed = line.trimEnd()
  const punctuation = /\$\$([.,;:])$/.exec(trimmed)
  if (punctuation) return `${trimmed.slice(0, -3)}${punctuation[1]}$$`
  return trimmed.endsWith('>') ? trimmed.replace(/\$\$(?:\s*<br\s*\/?>)+$/i, '$$$$') : trimmed
}

/** A list item whose text opens a display: `- $$`, the formula on the lines below. */
const ITEM_OPENS_DISPLAY = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+\$\$[ \t]*$/

/**
 * A display that opens on a list item's line (`    - $$`, then `\begin{align*}`… and `$$` at
 * the item's own indentation, as lilianweng.github.io's kramdown posts write them): kramdown
 * reads the formula as the item's; here the item keeps its marker on a line of its own and the
 * formula moves under it, indented as its content, where the display reader finds it.
 */
export function listItemDisplays(text: string): string {
  if (!text.includes('$$')) return text
  const lines = text.split('\n')
  const out: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const m = ITEM_OPENS_DISPLAY.exec(lines[i])
    const j = m ? closingDisplayLine(lines, i + 1, true) : -1
    if (!m || j < 0 || lines[j].trim() !== '$$') {
      out.push(lines[i])
      continue
    }
    const content = ' '.repeat(m[1].replace(/\t/g, '    ').length + m[2].length + 1)
    out.push(`${m[1]}${m[2]}`, `${content}$$`)
    for (let k = i + 1; k <= j; k++) if (lines[k].trim() !== '') out.push(content + lines[k].trim())
    i = j
  }
  return out.join('\n')
}

/**
 * A `$$` line that closes a formula opened inside a paragraph's line (`5. Initialize $$R =
 * \begin{cases}`, its rows below, then `$$` alone, as lil-log's policy-gradient post writes it):
 * kramdown reads one formula in the paragraph; read alone, the line would open a display that
 * swallows the list after it. It joins the line above, where it closes the formula.
 */
export function inlineClosers(text: string): string {
  if (!text.includes('$$')) return text
  const lines = text.split('\n')
  const out: string[] = []
  // What the last unpaired `$$` opened: a formula within a paragraph's line, or a display
  // (`$$` first on its line, or alone after a list marker: listItemDisplays), which may cross
  // blank lines and is closed by its own `…$$`.
  let open: 'inline' | 'display' | null = null
  for (const line of lines) {
    const trimmed = line.trim()
    if (trimmed === '') {
      if (open === 'inline') open = null
    } else if (trimmed === '$$' && open === 'inline' && out.length > 0) {
      out[out.length - 1] = `${out[out.length - 1].trimEnd()}$$`
      open = null
      continue
    } else if (line.includes('$$')) {
      const prose = line.includes('`') ? line.replace(/`[^`]*`/g, '') : line
      const count = prose.match(/(?<!\\)\$\$/g)?.length ?? 0
      if (count % 2 === 1)
        open = open !== null ? null : trimmed.startsWith('$$') || ITEM_OPENS_DISPLAY.test(line) ? 'display' : 'inline'
    }
    out.push(line)
  }
  return out.join('\n')
}
