import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import { displayMath } from '../html-blocks/math-in-html.js'

/**
 * A LaTeX math environment standing in a paragraph's text, `\begin{array}…\end{array}`, which
 * MathJax typesets wherever it finds one (its `processEnvironments`, on by default), as a
 * display. A site whose markdown processor escapes backslashes writes it `\\begin{array}` so
 * that the page holds `\begin{array}` (a Hugo post's table of decibel values, adblog); the
 * line-level pass only knows environments that open a line as written (syntax/bare-environments.ts).
 * Read from the tree, after markdown's escapes: the paragraph is split around the display, as
 * MathJax's display breaks it.
 *
 * Only the environments MathJax's TeX input knows as math; an environment is read within one
 * text node (markup inside it, such as emphasis from `_`, leaves it as text), to its matching
 * `\end`, at most MAX_ENVIRONMENT characters on.
 */
export default function remarkEnvironmentsInText() {
  return (tree: Root): undefined => {
    rewrite(tree)
  }
}

const MATH_ENVIRONMENTS = new Set(
  (
    'equation align gather multline flalign alignat eqnarray array matrix pmatrix bmatrix Bmatrix ' +
    'vmatrix Vmatrix smallmatrix cases aligned gathered split alignedat subarray CD'
  ).split(' '),
)
const BEGIN = /\\begin\{([A-Za-z]+)(\*?)\}/g
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
  return node.type === 'text' && node.value.includes('\\begin{') && node.value.includes('\\end{')
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
      out.push(displayMath(text.value.slice(found.start, found.end), paragraph))
      pos = found.end
    }
    if (pos < text.value.length) inline.push(pos === 0 ? text : { ...text, value: text.value.slice(pos) })
  }
  flush()
  return out
}

/** Where each math environment in `text` begins and ends (its `\end{…}` included). */
function environments(text: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = []
  const find = memoIndexOf(text)
  BEGIN.lastIndex = 0
  for (let m = BEGIN.exec(text); m !== null; m = BEGIN.exec(text)) {
    if (!MATH_ENVIRONMENTS.has(m[1])) continue
    const end = matchingEnd(find, m.index + m[0].length, `${m[1]}${m[2]}`)
    if (end < 0) continue
    found.push({ start: m.index, end })
    BEGIN.lastIndex = end
  }
  return found
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
