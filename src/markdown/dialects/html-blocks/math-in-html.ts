import type { Html, RootContent } from 'mdast'
import { escapeHtml } from '../../../shared/escape-html.js'
import { unstash } from '../../syntax/stash.js'

/**
 * Formulas inside a raw HTML block, which a Jekyll site's MathJax typesets wherever they stand
 * (`<p class="framed">… \(x_0\) … \begin{equation}…</p>`, al-folio's and distill's boxes). The
 * preprocessor has already set their TeX aside (syntax/stash.ts), leaving `$marker$` or
 * `$$marker$$` in the block; those become the math nodes a formula in markdown becomes, between
 * the pieces of the block's HTML, which rehype-raw joins back into one element.
 *
 * A hidden block holding only formulas (`<div style="display: none">$$\def\xx{…}$$</div>`) is
 * how such sites define their macros for the page: its TeX goes before the page's formulas, and
 * the block, which showed nothing, goes.
 */
const MATH = /\$\$[ \t]*\n?[ \t]*(\uE003\d+\uE004)[ \t]*\n?[ \t]*\$\$|\$(\uE003\d+\uE004)\$/g
/** What MathJax leaves alone, and so does this: comments, code and scripts. */
const NOT_READ = /<!--|<(?:pre|code|script|style|textarea)\b/i
const HIDDEN = /^\s*<[A-Za-z][\w-]*\b[^>]*\bstyle\s*=\s*(["'])[^"']*display\s*:\s*none[^"']*\1[^>]*>/i

/** What an HTML block holding formulas becomes, or null when it holds none. */
export function mathInHtml(node: Html, stash: readonly string[], preamble: string[]): RootContent[] | null {
  const value = node.value
  if (!value.includes('\uE003') || NOT_READ.test(value)) return null
  const found = [...value.matchAll(MATH)]
  if (found.length === 0) return null
  if (
    HIDDEN.test(value) &&
    value
      .replace(MATH, '')
      .replace(/<[^>]*>/g, '')
      .trim() === ''
  ) {
    for (const m of found) preamble.push(unstash(m[1] ?? m[2], stash))
    return []
  }
  // An inline formula stays inside the block's HTML, as the element that holds a formula (see
  // inlineMath): as a node of its own, the page would get line breaks around it ("at time t )").
  const out: RootContent[] = []
  let pending = ''
  let last = 0
  for (const m of found) {
    pending += value.slice(last, m.index)
    last = m.index + m[0].length
    if (m[1] === undefined) {
      pending += `<code class="language-math math-inline">${escapeHtml(unstash(m[2], stash))}</code>`
      continue
    }
    if (pending) out.push({ type: 'html', value: pending, position: node.position })
    pending = ''
    out.push(displayMath(m[1], node))
  }
  pending += value.slice(last)
  if (pending) out.push({ type: 'html', value: pending, position: node.position })
  return out
}

/** The nodes mdast-util-math makes of `$$…$$` and `$…$`, with the hast they stand for. */
export function displayMath(value: string, node: { position?: Html['position'] }): RootContent {
  const code = {
    type: 'element' as const,
    tagName: 'code',
    properties: { className: ['language-math', 'math-display'] },
    children: [{ type: 'text' as const, value }],
  }
  return { type: 'math', value, position: node.position, data: { hName: 'pre', hChildren: [code] } }
}

export function inlineMath(value: string, node: { position?: Html['position'] }): RootContent {
  return {
    type: 'inlineMath',
    value,
    position: node.position,
    data: {
      hName: 'code',
      hProperties: { className: ['language-math', 'math-inline'] },
      hChildren: [{ type: 'text', value }],
    },
  } as unknown as RootContent
}
