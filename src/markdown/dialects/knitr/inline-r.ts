/**
 * R Markdown's inline R code (`` `r expr` ``), as knitr leaves it for pandoc. knitr evaluates
 * each one over the whole text before markdown is read, code blocks included (outside R chunks),
 * which R Markdown authors rely on: `` `r ''` `` before a chunk's fence shows the chunk
 * literally (bookdown's own book does it 14 times), `'\x60r Sys.Date()\x60'` prints inline code.
 *
 * Scholia runs no R. What needs none is done as knitr does it: a string literal is its value,
 * and `if (knitr::is_html_output()) '…'` is the literal (this is HTML output; `is_latex_output()`
 * is not). Any other expression stays as written, inline code the reader sees as R (README,
 * "Behaviour notes").
 */

/** knitr's `all_patterns$md$inline.code`: not after a line's opening double backtick. */
const INLINE_R = /(?<!(?:^|\n)``)`r[ #]([^`]+)\s*`/g
/** An R chunk's opening fence, whose lines are R code and not scanned. */
const CHUNK_OPEN = /^[ \t>]*(`{3,})\s*\{r[\s,}]/
/** How long an inline expression may be (knitr's has no limit; a stray backtick's would be the essay). */
const MAX_EXPRESSION = 2000

/** `text` with each inline R expression knitr needs no R for replaced by its value. */
export function expandInlineR(text: string): string {
  if (!text.includes('`r ') && !text.includes('`r#')) return text
  const lines = text.split('\n')
  const out: string[] = []
  let prose: string[] = []
  let chunk: string | null = null
  for (const line of lines) {
    if (chunk !== null) {
      out.push(line)
      if (line.trim() === chunk) chunk = null
      continue
    }
    const opened = CHUNK_OPEN.exec(line)
    if (opened) {
      out.push(evaluate(prose.join('\n')), line)
      prose = []
      chunk = opened[1]
      continue
    }
    prose.push(line)
  }
  return [...out, ...(prose.length > 0 || out.length === 0 ? [evaluate(prose.join('\n'))] : [])].join('\n')
}

function evaluate(text: string): string {
  if (!text.includes('`r')) return text
  return text.replace(INLINE_R, (all, expression: string) => {
    if (expression.length > MAX_EXPRESSION) return all
    const value = literalValue(expression.trim())
    return value ?? all
  })
}

const HTML_ONLY = /^if\s*\(\s*knitr::is_html_output\(\s*\)\s*\)\s*([^]*)$/
const LATEX_ONLY = /^if\s*\(\s*knitr::is_latex_output\(\s*\)\s*\)\s*([^]*)$/

/** What an expression knitr would print evaluates to, when no R is needed; null otherwise. */
function literalValue(expression: string): string | null {
  const html = HTML_ONLY.exec(expression)
  if (html) return stringLiteral(html[1].trim())
  const latex = LATEX_ONLY.exec(expression)
  if (latex) return stringLiteral(latex[1].trim()) === null ? null : ''
  return stringLiteral(expression)
}

/** An R string literal's value (`'a\x60b'` is a`b), or null when `text` is not one. */
function stringLiteral(text: string): string | null {
  const m = /^(["'])((?:[^\\]|\\[^])*)\1$/.exec(text)
  if (!m || new RegExp(`(?<!\\\\)(?:\\\\\\\\)*${m[1]}`).test(m[2])) return null
  return m[2].replace(/\\(x[0-9a-fA-F]{1,2}|u\{?[0-9a-fA-F]{1,4}\}?|[^])/g, (_all, escape: string) => {
    if (escape[0] === 'x' || (escape[0] === 'u' && escape.length > 1))
      return String.fromCodePoint(parseInt(escape.replace(/[xu{}]/g, ''), 16))
    return ESCAPES[escape] ?? escape
  })
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '' }
