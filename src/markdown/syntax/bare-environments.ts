/**
 * LaTeX display environments written straight into prose, without `$$` around them, as
 * MathJax reads them (statproofbook and many Jekyll essays write `\begin{equation}` so). The
 * site's one reading (issue 20) takes them for the display formulas they are; before, only
 * the arXiv export knew them, and the site showed their TeX as text.
 */
import { opensHtmlBlock } from '../dialects/html-blocks/block-tags.js'
import { inlineClosers, listItemDisplays } from './display-math.js'

/** Environments that are a display formula on their own, also without `$$` around them (MathJax reads them so). */
const BARE_BEGIN = /^( {0,3})\\begin\{(equation|align|gather|multline|flalign|alignat|eqnarray)(\*?)\}/
/** The same inside a raw HTML block, where indentation means nothing (`<p class="framed">` boxes indent their lines). */
const BARE_BEGIN_IN_HTML = /^([ \t]*)\\begin\{(equation|align|gather|multline|flalign|alignat|eqnarray)(\*?)\}/
const FENCE_OPEN = /^(?:[ \t]*>[ \t]?|[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)*[ \t]*(`{3,}|~{3,})/
const CONTAINER = /^(?:[ \t]*>[ \t]?)*/
/** A bare environment longer than this is taken for a stray `\begin`. */
const MAX_ENVIRONMENT_LINES = 300

/**
 * `\begin{align}…\end{align}` standing in prose gets `$$` lines around it, so the preprocessor
 * takes it for the display formula it is. Code blocks and formulas already delimited are left alone.
 */
export function wrapBareEnvironments(source: string): string {
  // A formula a `$$` line closes, and a display opened on a list item's line, first: an
  // environment in either is then inside its `$$`.
  const closed = inlineClosers(source)
  if (!closed.includes('\\begin{')) return closed
  const text = listItemDisplays(closed)
  const lines = text.split('\n')
  const out: string[] = []
  let fence: string | null = null
  let inDollars = false
  let inBrackets = false
  // Inside a raw HTML block (to its blank line): MathJax typesets its environments too (issue 38).
  let inHtml = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line.trim() === '') inHtml = false
    else if (!inHtml && opensHtmlBlock(line)) inHtml = true
    if (fence !== null) {
      out.push(line)
      if (closesFence(line, fence)) fence = null
      continue
    }
    const opened = FENCE_OPEN.exec(line)
    if (opened) {
      fence = opened[1]
      out.push(line)
      continue
    }
    const begin = inDollars || inBrackets ? null : (inHtml ? BARE_BEGIN_IN_HTML : BARE_BEGIN).exec(line)
    if (begin) {
      const end = `\\end{${begin[2]}${begin[3]}}`
      let j = i
      while (j < lines.length && j - i < MAX_ENVIRONMENT_LINES && !lines[j].includes(end)) j++
      if (j < lines.length && lines[j].includes(end)) {
        // A formula has no blank lines (the preprocessor would end it there; TeX rejects them).
        // In HTML, unindented: an indented `$$` line reads as a formula within the line, not a display.
        const indent = inHtml ? '' : begin[1]
        out.push(`${indent}$$`, ...lines.slice(i, j + 1).filter((l) => l.trim() !== ''), `${indent}$$`)
        i = j
        continue
      }
    }
    // Code spans hold no formula: "use `$$` for display mode" opens nothing.
    const prose = line.includes('`') && line.includes('$$') ? line.replace(/`[^`]*`/g, '') : line
    if ((prose.match(/(?<!\\)\$\$/g)?.length ?? 0) % 2 === 1) inDollars = !inDollars
    if (!inDollars) {
      const open = prose.lastIndexOf('\\[')
      const close = prose.lastIndexOf('\\]')
      if (open > close) inBrackets = true
      else if (close >= 0) inBrackets = false
    }
    out.push(line)
  }
  return out.join('\n')
}

function closesFence(line: string, fence: string): boolean {
  const trimmed = line.replace(CONTAINER, '').trim()
  return trimmed.length >= fence.length && trimmed.split('').every((c) => c === fence[0])
}
