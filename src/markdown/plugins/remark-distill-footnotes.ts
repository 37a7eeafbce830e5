import type { FootnoteDefinition, Html, Parent, Root, RootContent } from 'mdast'
import type { VFile } from 'vfile'
import { warn } from '../essay-file-data.js'

const OPEN = /<d-footnote(?:\s[^<>]*)?>/gi
const CLOSE = /<\/d-footnote\s*>/gi
const ANY = /<\/?d-footnote\b/i

/**
 * Distill's `<d-footnote>text</d-footnote>` as a real footnote: a GFM footnote reference where
 * the tag was, its text a footnote definition, so remark-rehype numbers it together with the
 * essay's `[^n]` notes (in order of reference) and writes the markup remark-gfm's notes get.
 * Without this, the sanitizer unwraps the unknown element and the note's text runs on in the
 * sentence it annotates.
 *
 * Works on the mdast, where inline HTML tags are `html` nodes between the phrasing they enclose:
 * code spans are `inlineCode` and never match, and the note keeps its markdown (emphasis, math,
 * `<d-cite>`). A tag pair inside one raw HTML block (an `l-gutter` div) is split out of that
 * block's HTML the same way, its text kept as raw HTML.
 */
export default function remarkDistillFootnotes() {
  return (tree: Root, file: VFile): undefined => {
    if (!mentionsFootnote(tree)) return
    const notes = new Notes(tree)
    rewriteParent(tree, notes, file)
    tree.children.push(...notes.definitions)
  }
}

class Notes {
  readonly definitions: FootnoteDefinition[] = []
  private readonly taken = new Set<string>()
  private count = 0

  constructor(tree: Root) {
    visitParents(tree, (node) => {
      if (node.type === 'footnoteDefinition') this.taken.add(node.identifier.toLowerCase())
    })
  }

  /** Adds a note with `children` as its content; returns the reference that stands for it. */
  add(children: RootContent[]): RootContent {
    let identifier: string
    do identifier = `distill-${++this.count}`
    while (this.taken.has(identifier))
    const blocks = children.every(isPhrasing) ? [{ type: 'paragraph', children } as RootContent] : children
    this.definitions.push({
      type: 'footnoteDefinition',
      identifier,
      label: identifier,
      children: blocks,
    } as FootnoteDefinition)
    return { type: 'footnoteReference', identifier, label: identifier }
  }
}

function rewriteParent(parent: Parent, notes: Notes, file: VFile): void {
  for (const child of parent.children) if ('children' in child) rewriteParent(child, notes, file)
  if (!parent.children.some((child) => child.type === 'html' && ANY.test(child.value))) return
  parent.children = rewriteSiblings(parent.children as RootContent[], notes, file)
}

/**
 * One left-to-right pass over siblings: outside a note, nodes are copied (an HTML node is split
 * at each opening tag); inside one, they are collected until the matching closing tag, nested
 * notes counted so that the outermost pair wins.
 */
function rewriteSiblings(children: RootContent[], notes: Notes, file: VFile): RootContent[] {
  const out: RootContent[] = []
  let open: RootContent[] | null = null
  let depth = 0
  for (const node of children) {
    if (node.type !== 'html' || !ANY.test(node.value)) {
      ;(open ?? out).push(node)
      continue
    }
    for (const piece of splitTags(node.value)) {
      if (piece.kind === 'open') {
        if (open === null) {
          open = []
          depth = 1
        } else {
          depth++
          open.push(html(piece.text))
        }
      } else if (piece.kind === 'close') {
        if (open === null) continue
        if (--depth > 0) {
          open.push(html(piece.text))
          continue
        }
        // the reference goes where the opening tag was: nothing reached `out` while the note was open
        out.push(notes.add(trimEdges(open)))
        open = null
      } else if (piece.text) {
        ;(open ?? out).push(html(piece.text))
      }
    }
  }
  if (open !== null) {
    // Unclosed: the note's text stays where it was, as the author wrote it, and the report says so.
    warn(file, 'distill-footnote', 'a <d-footnote> is never closed; its text is left in the prose')
    out.push(...open)
  }
  return out
}

interface Piece {
  kind: 'open' | 'close' | 'text'
  text: string
}

function splitTags(value: string): Piece[] {
  const tags: Array<{ index: number; end: number; kind: 'open' | 'close' }> = []
  for (const m of value.matchAll(OPEN)) tags.push({ index: m.index, end: m.index + m[0].length, kind: 'open' })
  for (const m of value.matchAll(CLOSE)) tags.push({ index: m.index, end: m.index + m[0].length, kind: 'close' })
  tags.sort((a, b) => a.index - b.index)
  const pieces: Piece[] = []
  let from = 0
  for (const tag of tags) {
    pieces.push({ kind: 'text', text: value.slice(from, tag.index) })
    pieces.push({ kind: tag.kind, text: value.slice(tag.index, tag.end) })
    from = tag.end
  }
  pieces.push({ kind: 'text', text: value.slice(from) })
  return pieces
}

/** The whitespace just inside the tags is the author's layout, not the note's text. */
function trimEdges(nodes: RootContent[]): RootContent[] {
  const first = nodes[0]
  if (first && (first.type === 'text' || first.type === 'html')) first.value = first.value.replace(/^\s+/, '')
  const last = nodes[nodes.length - 1]
  if (last && (last.type === 'text' || last.type === 'html')) last.value = last.value.replace(/\s+$/, '')
  return nodes.filter((node) => !((node.type === 'text' || node.type === 'html') && node.value === ''))
}

const html = (value: string): Html => ({ type: 'html', value })

const BLOCKS = new Set([
  'paragraph',
  'heading',
  'list',
  'listItem',
  'blockquote',
  'code',
  'math',
  'table',
  'thematicBreak',
  'footnoteDefinition',
  'definition',
])

function isPhrasing(node: RootContent): boolean {
  return !BLOCKS.has(node.type)
}

function mentionsFootnote(tree: Root): boolean {
  let found = false
  visitParents(tree, (node) => {
    if (node.type === 'html' && ANY.test(node.value)) found = true
  })
  return found
}

function visitParents(node: Root | RootContent, fn: (node: Root | RootContent) => void): void {
  fn(node)
  if ('children' in node) for (const child of node.children) visitParents(child, fn)
}
