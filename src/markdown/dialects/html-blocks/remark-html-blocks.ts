import type { Html, Parent, Root, RootContent } from 'mdast'
import type { Processor } from 'unified'
import type { VFile } from 'vfile'
import { INCLUDED_FIGURE, includedFigureHtml } from '../../syntax/liquid/include.js'
import { readTag } from '../kramdown/attributes.js'
import { BLOCK_TAGS } from './block-tags.js'
import { elementsAndRest } from './element-ends.js'
import { mathInHtml } from './math-in-html.js'

/**
 * Raw HTML blocks as Jekyll sites meant them. CommonMark ends an HTML block only at a blank
 * line and reads nothing inside it; Jekyll expands Liquid first and kramdown reads more, so:
 *
 * - a figure include inside a block (al-folio's `<div class="row"><div class="col-sm">{% include
 *   figure.html … %}</div></div>` grids) stands as the theme's HTML figure, not as markdown
 *   nobody reads (the Liquid tag itself was rendered before parsing: syntax/liquid/include.ts);
 * - `markdown="1"` (kramdown) on the block's opening tag: what it holds is read as markdown;
 * - the block ends with the line closing its first element, as kramdown's does: what follows
 *   is markdown again (element-ends.ts);
 * - a line holding one inline element's tag (`<a name="x" />`, an anchor above a figure) starts
 *   a paragraph in kramdown, not a block that swallows the image and caption under it;
 * - kramdown's tag lines (`{: .center}`) under HTML are its attributes, not text;
 * - formulas inside a block are typeset as MathJax typeset them there (math-in-html.ts).
 *
 * Runs first among the transforms, so that what it parses goes through all the others.
 */
export default function remarkHtmlBlocks(this: Processor) {
  const parse = (text: string): Root => this.parse(text) as Root
  return (tree: Root, file: VFile): undefined => {
    const reading: Reading = { parse, stash: file.data.stash ?? [], preamble: [] }
    rewrite(tree, reading, 0)
    if (reading.preamble.length > 0) file.data.mathPreamble = [...(file.data.mathPreamble ?? []), ...reading.preamble]
  }
}

interface Reading {
  parse: (text: string) => Root
  /** The preprocessor's stash, where the blocks' formulas are (syntax/stash.ts). */
  stash: readonly string[]
  /** Macro definitions found in hidden blocks, for the page's formulas. */
  preamble: string[]
}

/** Nesting of `markdown="1"` blocks followed; deeper ones stay raw (hostile input must stay cheap). */
const MAX_DEPTH = 8
/** The opening tag a block starts with, its name and whether it asks for markdown inside. */
const OPENING = /^[ \t]*<([A-Za-z][\w-]*)((?:\s+[\w:-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/
const MARKDOWN_ATTRIBUTE = /\smarkdown\s*=\s*["']?(?:1|block|span)["']?/i
/** A line that is one inline element's tag and nothing else. */
const LONE_INLINE_TAG = /^ {0,3}(?:<([A-Za-z][\w-]*)(?:\s[^<>]*)?>|<\/([A-Za-z][\w-]*)\s*>)[ \t]*$/

function rewrite(parent: Parent, reading: Reading, depth: number): void {
  const out: RootContent[] = []
  let changed = false
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'html') {
      const replaced = rewriteBlock(child, reading, depth)
      if (replaced) {
        out.push(...replaced)
        changed = true
        continue
      }
    } else if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading') {
      rewrite(child, reading, depth)
    }
    out.push(child)
  }
  if (changed) parent.children = out as typeof parent.children
}

/** What one HTML block becomes, or null when it stays as it is. */
function rewriteBlock(node: Html, reading: Reading, depth: number): RootContent[] | null {
  let value = node.value
  let changed = false
  const pieces = depth < MAX_DEPTH ? elementsAndRest(value) : null
  if (pieces && (pieces.rest.trim() !== '' || pieces.elements.slice(1).some(asksForMarkdown)))
    return splitBlock(node, pieces.elements, pieces.rest, reading, depth)
  if (value.includes('](<')) {
    const figures = value.replace(INCLUDED_FIGURE, (_all, caption: string, url: string, title?: string) =>
      includedFigureHtml(caption, url, title),
    )
    changed = figures !== value
    value = figures
  }
  const newline = value.indexOf('\n')
  if (newline > 0 && depth < MAX_DEPTH) {
    const first = value.slice(0, newline)
    const rest = value.slice(newline + 1)
    const opening = OPENING.exec(first)
    if (opening && MARKDOWN_ATTRIBUTE.test(opening[2])) return markdownInside(node, value, opening, reading, depth)
    const lone = LONE_INLINE_TAG.exec(first)
    const name = lone?.[1] ?? lone?.[2]
    if (name && !BLOCK_TAGS.test(name) && rest.trim() !== '' && !rest.trimStart().startsWith('<'))
      return [html(node, selfClosedAnchor(first)), ...parsed(rest, node, 1, reading, depth)]
  }
  // Left as HTML: kramdown's tag lines under it are its attributes, not text (the parsed pieces above keep theirs).
  if (value.includes('{:')) {
    const kept = value
      .split('\n')
      .filter((line) => !isTagLine(line))
      .join('\n')
    changed ||= kept !== value
    value = kept
  }
  const math = mathInHtml(changed ? html(node, value) : node, reading.stash, reading.preamble)
  if (math) return math
  return changed ? [html(node, value)] : null
}

/** A block cut where kramdown ends it (element-ends.ts): each element on its own, then markdown. */
function splitBlock(node: Html, elements: string[], rest: string, reading: Reading, depth: number): RootContent[] {
  const out: RootContent[] = []
  let lines = 0
  for (const element of elements) {
    const piece = html(node, element)
    out.push(...(rewriteBlock(piece, reading, depth) ?? [piece]))
    lines += element.split('\n').length
  }
  if (rest.trim() !== '') out.push(...parsed(rest, node, lines, reading, depth))
  return out
}

function asksForMarkdown(element: string): boolean {
  const opening = OPENING.exec(element)
  return opening !== null && MARKDOWN_ATTRIBUTE.test(opening[2])
}

function isTagLine(line: string): boolean {
  const trimmed = line.trim()
  if (!trimmed.startsWith('{:')) return false
  return readTag(trimmed)?.end === trimmed.length
}

/**
 * `<div markdown="1">…</div>`: the opening tag (without the attribute, which means nothing to a
 * browser), its content read as markdown, then the closing tag when the same block holds it.
 */
function markdownInside(
  node: Html,
  value: string,
  opening: RegExpExecArray,
  reading: Reading,
  depth: number,
): RootContent[] {
  const tag = opening[0].replace(MARKDOWN_ATTRIBUTE, '')
  let inner = value.slice(opening[0].length)
  const closing = new RegExp(`</${opening[1]}\\s*>\\s*$`, 'i').exec(inner)
  if (closing) inner = inner.slice(0, closing.index)
  const lineOffset = value.slice(0, opening[0].length).split('\n').length - 1
  const out: RootContent[] = [html(node, tag), ...parsed(inner, node, lineOffset, reading, depth)]
  if (closing) out.push(html(node, closing[0].trim()))
  return out
}

/** `text` (from inside `node`, `lineOffset` lines down) read as markdown, its lines counted in the whole document. */
function parsed(text: string, node: Html, lineOffset: number, reading: Reading, depth: number): RootContent[] {
  const root = reading.parse(text)
  rewrite(root, reading, depth + 1)
  const lines = (node.position?.start.line ?? 1) - 1 + lineOffset
  // Near enough for offsets (the text may have lost its opening tag); lines are exact.
  const offset = (node.position?.start.offset ?? 0) + Math.max(0, node.value.length - text.length)
  shift(root, lines, offset)
  return root.children
}

/** Positions in the document, not in the piece of it that was parsed. */
function shift(node: Root | RootContent, lines: number, offset: number): void {
  if (node.position) {
    const { start, end } = node.position
    node.position = {
      start: { ...start, line: start.line + lines, offset: (start.offset ?? 0) + offset },
      end: { ...end, line: end.line + lines, offset: (end.offset ?? 0) + offset },
    }
  }
  if ('children' in node) for (const child of node.children) shift(child, lines, offset)
}

/** `<a name="x" />`: HTML has no self-closing `a`, and the open tag would swallow what follows. */
function selfClosedAnchor(line: string): string {
  return line.replace(/^(\s*<a\b[^<>]*?)\s*\/>/i, '$1></a>')
}

function html(node: Html, value: string): Html {
  return { type: 'html', value, position: node.position }
}
