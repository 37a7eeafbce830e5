import { isTexDefinitionLine } from '../markdown/syntax/tex.js'
import { texttt } from './latex-text.js'
import { neutraliseTex } from './tex-safety.js'

/**
 * Formulas as LaTeX. The TeX is kept as the author wrote it; only what MathJax and KaTeX
 * accept but LaTeX rejects is adjusted, so that the document compiles:
 * - a display with `\label` becomes an `equation` (LaTeX numbers only those), rows (`\\`, `&`)
 *   outside any environment go into `gathered`/`aligned`;
 * - a display that is already an `align`/`equation`/… environment is written as it is;
 * - `$`, `#` and, in running text, `%` and `&` that would break the paragraph are escaped;
 * - TeX with unbalanced braces or environments is shown as source, as the site does.
 */

/** Environments that are a whole display formula (they cannot go inside `\[…\]`). */
const DISPLAY_ENVIRONMENTS = new Set(['equation', 'align', 'gather', 'multline', 'flalign', 'alignat', 'eqnarray'])
/** What each becomes inside another display: the amsmath building block with the same layout. */
const INNER: Record<string, string> = {
  equation: '',
  align: 'aligned',
  flalign: 'aligned',
  eqnarray: 'aligned',
  alignat: 'alignedat',
  gather: 'gathered',
  multline: 'gathered',
}
const LABEL = /\\label\s*\{[^{}]*\}/g
const TAG = /\\tag\*?\s*\{[^{}]*\}/
const NO_NUMBER = /\\(?:nonumber|notag)(?![A-Za-z])/g

/**
 * Display math (a `$$` block, `\[…\]` or an environment) as a LaTeX display; `latex` is null
 * when the TeX is unbalanced and must be shown as source (the writer knows where code can go).
 */
export function displayMath(tex: string): { latex: string | null; macros: string[] } {
  // No file or shell access from the essay's TeX (issue 21): see tex-safety.ts.
  const t = neutraliseTex(tex).trim()
  if (t === '') return { latex: '', macros: [] }
  const lines = t.split('\n').map((l) => l.trim())
  // `$$\newcommand{\R}{\mathbb{R}}$$`: definitions for the whole page, as MathJax reads them.
  if (lines.every((l) => l === '' || isTexDefinitionLine(l))) return { latex: '', macros: lines.filter(Boolean) }
  if (!balanced(t)) return { latex: null, macros: [] }
  const safe = escapeStray(t, false)
  if (onlyDisplayEnvironments(safe)) return { latex: safe, macros: [] }

  const labels = safe.match(LABEL) ?? []
  let body = innerEnvironments(safe.replace(LABEL, '')).trim()
  const scan = scanTopLevel(body)
  let tag = ''
  if (scan.rows || scan.columns) {
    // \tag, \notag cannot go inside aligned/gathered: the tag moves out, the rest goes.
    tag = TAG.exec(body)?.[0] ?? ''
    body = body.replace(new RegExp(TAG.source, 'g'), '').replace(NO_NUMBER, '').trim()
    body = scan.columns ? `\\begin{aligned}\n${body}\n\\end{aligned}` : `\\begin{gathered}\n${body}\n\\end{gathered}`
  }
  if (tag) body += ` ${tag}`
  if (labels.length === 0) return { latex: `\\[\n${body}\n\\]`, macros: [] }
  // One number per display: further labels on the same formula have nothing to name in LaTeX.
  const extra = labels
    .slice(1)
    .map((l) => `\n% also labelled ${l.replace(/^\\label\s*/, '')} in the essay`)
    .join('')
  return { latex: `\\begin{equation}${labels[0]}\n${body}\n\\end{equation}${extra}`, macros: [] }
}

/**
 * Inline math as `$…$` (`$\displaystyle …$` for the `$$…$$` the essays write mid-sentence).
 * In a table cell, rows (`\\`) are stacked in `gathered`: a bare `\\` would end the table row.
 */
export function inlineMath(tex: string, displayStyle = false, inCell = false): string {
  let t = neutraliseTex(tex).trim()
  if (t === '') return ''
  if (!balanced(t, false)) return texttt(`$${tex}$`)
  t = innerEnvironments(escapeStray(t, true)).replace(new RegExp(TAG.source, 'g'), '').trim()
  if (inCell && scanTopLevel(t).rows) t = `\\begin{gathered}${t}\\end{gathered}`
  // A trailing backslash would escape the closing dollar.
  if (/(?:^|[^\\])(?:\\\\)*\\$/.test(t)) t += ' '
  return displayStyle ? `$\\displaystyle ${t}$` : `$${t}$`
}

/**
 * Characters that end or break a formula in LaTeX but not on the web: an unescaped `$`, a `#`
 * that is no macro parameter; inline, a `%` (a comment would swallow the closing `$`) and a `&`
 * outside any environment.
 */
function escapeStray(tex: string, inline: boolean): string {
  let out = ''
  let envDepth = 0
  for (let i = 0; i < tex.length; i++) {
    const ch = tex[i]
    if (ch === '\\') {
      const name = /^\\([A-Za-z]+|.)/s.exec(tex.slice(i, i + 40))?.[1] ?? ''
      if (name === 'begin') envDepth++
      else if (name === 'end') envDepth = Math.max(0, envDepth - 1)
      out += '\\' + name
      i += name.length
      continue
    }
    if (
      ch === '$' ||
      (ch === '#' && !/[1-9]/.test(tex[i + 1] ?? '')) ||
      (inline && (ch === '%' || (ch === '&' && envDepth === 0)))
    ) {
      out += '\\' + ch
      continue
    }
    out += ch
  }
  return out
}

/** Whether the formula is only whole-display environments (`\begin{align}…\end{align}`), one after another. */
function onlyDisplayEnvironments(tex: string): boolean {
  let rest = tex.trim()
  if (!rest.startsWith('\\begin')) return false
  while (rest !== '') {
    const m = /^\\begin\s*\{([a-z]+)\*?\}/.exec(rest)
    if (!m || !DISPLAY_ENVIRONMENTS.has(m[1])) return false
    const end = matchingEnd(rest)
    if (end < 0) return false
    rest = rest.slice(end).trim()
  }
  return true
}

/** Index just after the `\end{…}` closing the environment `tex` starts with, or -1. */
function matchingEnd(tex: string): number {
  const re = /\\(begin|end)\s*\{[^{}]*\}/g
  let depth = 0
  for (const m of tex.matchAll(re)) {
    depth += m[1] === 'begin' ? 1 : -1
    if (depth === 0) return m.index + m[0].length
  }
  return -1
}

/** Whole-display environments nested in a formula become their inner forms (`align` → `aligned`). */
function innerEnvironments(tex: string): string {
  return tex.replace(/\\(begin|end)\s*\{([a-z]+)\*?\}/g, (all, verb: string, env: string) => {
    if (!DISPLAY_ENVIRONMENTS.has(env)) return all
    const inner = INNER[env]
    return inner ? `\\${verb}{${inner}}` : ''
  })
}

/** Row breaks (`\\`) and column marks (`&`) outside any group or environment. */
function scanTopLevel(tex: string): { rows: boolean; columns: boolean } {
  let depth = 0
  let rows = false
  let columns = false
  for (let i = 0; i < tex.length; i++) {
    const ch = tex[i]
    if (ch === '\\') {
      const name = /^\\([A-Za-z]+|.)/s.exec(tex.slice(i, i + 40))?.[1] ?? ''
      if (name === '\\' && depth === 0) rows = true
      if (name === 'begin') depth++
      if (name === 'end') depth--
      i += name.length
    } else if (ch === '{') depth++
    else if (ch === '}') depth--
    else if (ch === '&' && depth === 0) columns = true
    else if (ch === '%') while (i < tex.length && tex[i] !== '\n') i++
  }
  return { rows, columns }
}

/** Braces, `\left`/`\right` and environments pair up (escaped braces aside, and comments when `comments` is on). */
export function balanced(tex: string, comments = true): boolean {
  let braces = 0
  let delimiters = 0
  const envs: string[] = []
  for (let i = 0; i < tex.length; i++) {
    const ch = tex[i]
    if (ch === '\\') {
      const m = /^\\(?:(begin|end)\s*\{([^{}]*)\}|[A-Za-z]+|.)/s.exec(tex.slice(i, i + 60))
      if (m?.[1] === 'begin') envs.push(m[2])
      else if (m?.[1] === 'end' && envs.pop() !== m[2]) return false
      else if (m?.[0] === '\\left') delimiters++
      else if (m?.[0] === '\\right' && --delimiters < 0) return false
      i += (m?.[0].length ?? 1) - 1
      continue
    }
    if (ch === '%' && comments) {
      while (i < tex.length && tex[i] !== '\n') i++
      continue
    }
    if (ch === '{') braces++
    else if (ch === '}' && --braces < 0) return false
  }
  return braces === 0 && delimiters === 0 && envs.length === 0
}

/**
 * A display's TeX as the stored HTML holds it, with the author's labels back: the site numbers a
 * labelled display with `\tag{N}` (and stars its environment); LaTeX numbers it itself, from
 * `\label{KEY}`. A tag the author chose (`\tag{A}`) stays, with the label after it.
 */
export function labelledDisplay(tex: string, labels: ReadonlyArray<{ key: string; number: string | null }>): string {
  const remaining = [...labels]
  let labelled = false
  let out = tex.replace(/\\tag\*?\s*\{([^{}]*)\}/g, (all, n: string) => {
    const i = remaining.findIndex((l) => l.number === n.trim())
    if (i < 0) return all
    const [{ key }] = remaining.splice(i, 1)
    labelled = true
    return /^\d+$/.test(n.trim()) ? `\\label{${key}}` : `${all}\\label{${key}}`
  })
  if (!labelled) return tex
  // A starred environment would not number the rows the site numbered.
  out = out.replace(/\\(begin|end)\s*\{(equation|align|gather|multline|flalign|alignat|eqnarray)\*\}/g, '\\$1{$2}')
  // A label after the environment (the site tags a whole `align` once) goes inside its last row.
  const trailing = /(\\end\{[a-z]+\})\s*((?:\\label\{[^{}]*\}\s*)+)$/.exec(out)
  if (trailing) {
    const labels = trailing[2].trim()
    const start = /^\s*\\begin\{(equation|multline)\}/.exec(out)
    // One number for the whole display: the label goes where authors write it, after `\begin`.
    if (start && trailing[1] === `\\end{${start[1]}}`)
      out = `${start[0]}${labels}${out.slice(start[0].length, trailing.index).replace(/\s+$/, '')}\n${trailing[1]}`
    else out = `${out.slice(0, trailing.index)}${labels}\n${trailing[1]}`
  }
  return out.replace(
    /\\begin\{(align|gather|flalign|alignat|eqnarray)\}([\s\S]*?)\\end\{\1\}/g,
    (_all, env: string, body: string) => `\\begin{${env}}${unnumberedRows(body)}\\end{${env}}`,
  )
}

/** Rows of a numbered environment the site left without a number get `\nonumber`, as there. */
function unnumberedRows(body: string): string {
  const rows: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (ch === '\\') {
      const name = /^\\([A-Za-z]+|.)/s.exec(body.slice(i, i + 40))?.[1] ?? ''
      if (name === 'begin') depth++
      else if (name === 'end') depth--
      else if (name === '\\' && depth === 0) {
        rows.push(body.slice(start, i))
        start = i + 2
      }
      i += name.length
    } else if (ch === '{') depth++
    else if (ch === '}') depth--
  }
  rows.push(body.slice(start))
  const numbered = /\\(?:label|tag|nonumber|notag)(?![A-Za-z])/
  return rows
    .map((row) => (row.trim() === '' || numbered.test(row) ? row : row.replace(/(\s*)$/, ' \\nonumber$1')))
    .join('\\\\')
}
