import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import { displayMath, inlineMath } from '../html-blocks/math-in-html.js'

/**
 * MathJax's TeX left in the text once markdown's escapes are read, which MathJax typesets on the
 * page: a LaTeX math environment standing in a paragraph's text, `\begin{array}…\end{array}`
 * (its `processEnvironments`, on by default), and the `\[…\]` display and `\(…\)` inline
 * delimiters. The environment is a display. A site whose markdown processor escapes backslashes writes it `\\begin{array}` so
 * that the page holds `\begin{array}` (a Hugo post's table of decibel values, adblog); the
 * line-level pass only knows environments that open a line as written (syntax/bare-environments.ts).
 * Read from the tree, after markdown's escapes: the paragraph is split around the display, as
 * MathJax's display breaks it.
 *
 * The delimiters the same way: a kramdown (Jekyll) blog writes `\\(\nabla\_{W} \log p\\)` so
 * that the page holds `\(\nabla_{W} \log p\)` (karpathy.github.io), which CommonMark reads
 * alike; a `\(` written with one backslash never gets here (the pre-pass takes it as math,
 * syntax/inline.ts), so a `\(` in text is one the page shows MathJax. `\[…\]` is a display
 * splitting its paragraph; `\(…\)` is inline math wherever text stands, headings included.
 *
 * Only the environments MathJax's TeX input knows as math; an environment or a delimited formula
 * is read within one text node (markup inside it, such as emphasis from `_`, leaves it as text,
 * as MathJax then finds no closing delimiter), to its matching `\end` or closing delimiter, at
 * most MAX_ENVIRONMENT characters on.
 */
export default function remarkEnvironmentsInText() {
  return (tree: Root): undefined => {
    rewrite(tree)
    inlineFormulas(tree)
  }
}

const MATH_ENVIRONMENTS = new Set(
  (
    'equation align gather multline flalign alignat eqnarray array matrix pmatrix bmatrix Bmatrix ' +
    'vmatrix Vmatrix smallmatrix cases aligned gathered split alignedat subarray CD'
  ).split(' '),
)
const BEGIN = /\\begin\{([A-Za-z]+)(\*?)\}|\\\[/g
const MAX_ENVIRONMENT = 5000

function rewrite(parent: Parent): void {
  let changed = false
  const out: RootContent[] = []
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'paragraph' && child.children.some(holdsEnvironment)) {
      const pieces = splitParagraph(child)
      changed ||= pieces.length !== 1 || pieces[0] !== child
      out.push(...pieces)
      continue
    }
    if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading') rewrite(child)
    out.push(child)
  }
  if (changed) parent.children = out as typeof parent.children
}

function holdsEnvironment(node: PhrasingContent): boolean {
  if (node.type !== 'text') return false
  const v = node.value
  return (v.includes('\\begin{') && v.includes('\\end{')) || (v.includes('\\[') && v.includes('\\]'))
}

/** The paragraph cut around each environment in its text: paragraphs and displays in turn. */
function splitParagraph(paragraph: Paragraph): RootContent[] {
  const out: RootContent[] = []
  let inline: PhrasingContent[] = []
  const flush = (): void => {
    if (inline.some((n) => n.type !== 'text' || n.value.trim() !== ''))
      out.push({ type: 'paragraph', children: trimmed(inline), position: paragraph.position })
    inline = []
  }
  for (const child of paragraph.children) {
    if (!holdsEnvironment(child)) {
      inline.push(child)
      continue
    }
    const text = child as Text
    let pos = 0
    for (const found of environments(text.value)) {
      if (found.start > pos) inline.push({ ...text, value: text.value.slice(pos, found.start) })
      flush()
      out.push(displayMath(found.tex, paragraph))
      pos = found.end
    }
    if (pos < text.value.length) inline.push(pos === 0 ? text : { ...text, value: text.value.slice(pos) })
  }
  flush()
  return out
}

interface Display {
  start: number
  end: number
  tex: string
}

/**
 * Where each math environment (its `\end{…}` included) or `\[…\]` display in `text` begins and
 * ends, with its TeX.
 */
function environments(text: string): Display[] {
  const found: Display[] = []
  const find = memoIndexOf(text)
  BEGIN.lastIndex = 0
  for (let m = BEGIN.exec(text); m !== null; m = BEGIN.exec(text)) {
    const from = m.index + m[0].length
    if (m[1] === undefined) {
      const close = find('\\]', from)
      if (close < 0 || close - from > MAX_ENVIRONMENT || text.slice(from, close).trim() === '') continue
      found.push({ start: m.index, end: close + 2, tex: text.slice(from, close).trim() })
      BEGIN.lastIndex = close + 2
      continue
    }
    if (!MATH_ENVIRONMENTS.has(m[1])) continue
    const end = matchingEnd(find, from, `${m[1]}${m[2]}`)
    if (end < 0) continue
    found.push({ start: m.index, end, tex: text.slice(m.index, end) })
    BEGIN.lastIndex = end
  }
  return found
}

/** Every `\(…\)` within one text node, anywhere in the tree, as inline math. */
function inlineFormulas(node: Parent): void {
  const children = node.children as RootContent[]
  for (let k = 0; k < children.length; k++) {
    const child = children[k]
    if ('children' in child) inlineFormulas(child)
    if (child.type !== 'text' || !child.value.includes('\\(')) continue
    const pieces = splitInline(child)
    if (pieces.length === 1) continue
    children.splice(k, 1, ...pieces)
    k += pieces.length - 1
  }
}

function splitInline(text: Text): RootContent[] {
  const value = text.value
  const out: RootContent[] = []
  let pos = 0
  // The next `\)` is searched again only once passed: many `\(` before one far `\)` stay linear.
  let close = -1
  for (let open = value.indexOf('\\('); open >= 0; open = value.indexOf('\\(', open + 2)) {
    if (open < pos) continue
    if (close < open + 2) close = value.indexOf('\\)', open + 2)
    if (close < 0) break
    const tex = value.slice(open + 2, close).trim()
    if (close - open > MAX_ENVIRONMENT || tex === '') continue
    if (open > pos) out.push({ ...text, value: value.slice(pos, open) })
    out.push(inlineMath(tex, text))
    pos = close + 2
  }
  if (out.length === 0) return [text]
  if (pos < value.length) out.push({ ...text, value: value.slice(pos) })
  return out
}

type IndexOf = (needle: string, from: number) => number

/**
 * `text.indexOf`, remembering each needle's last answer: many `\begin`s with their `\end` far
 * away (or missing) would otherwise search the same stretch again for each.
 */
function memoIndexOf(text: string): IndexOf {
  const last = new Map<string, { from: number; at: number }>()
  return (needle, from) => {
    const known = last.get(needle)
    if (known && known.from <= from && (known.at < 0 || known.at >= from)) return known.at
    const at = text.indexOf(needle, from)
    last.set(needle, { from, at })
    return at
  }
}

/** The end of the `\end{name}` that closes an environment opened before `from`, or -1. */
function matchingEnd(find: IndexOf, from: number, name: string): number {
  const open = `\\begin{${name}}`
  const close = `\\end{${name}}`
  const limit = from + MAX_ENVIRONMENT
  let depth = 1
  for (let p = from; p < limit;) {
    const nextClose = find(close, p)
    if (nextClose < 0 || nextClose >= limit) return -1
    const nextOpen = find(open, p)
    if (nextOpen >= 0 && nextOpen < nextClose) {
      depth++
      p = nextOpen + open.length
      continue
    }
    if (--depth === 0) return nextClose + close.length
    p = nextClose + close.length
  }
  return -1
}

/** A paragraph's pieces without the white space the cut left at their ends. */
function trimmed(nodes: PhrasingContent[]): PhrasingContent[] {
  const out = [...nodes]
  const first = out[0]
  if (first?.type === 'text') out[0] = { ...first, value: first.value.trimStart() }
  const last = out[out.length - 1]
  if (last?.type === 'text') out[out.length - 1] = { ...last, value: last.value.trimEnd() }
  return out.filter((n) => n.type !== 'text' || n.value !== '')
}
