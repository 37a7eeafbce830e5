import type { Emphasis, Image, Nodes, Paragraph, Parent, PhrasingContent, Root, RootContent, Table } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { propertiesOf, readTag, type Attributes } from './attributes.js'

/**
 * kramdown (Jekyll's markdown) as the page should show it, read from the tree remark made of it:
 * block attribute lists on a line of their own (`{: style="width: 65%;" class="center"}`), span
 * attribute lists right after an element (`![a](b.png){: width="50%"}`), attribute list
 * definitions (`{:name: .cls}`), `{::options …/}`, `{::comment}…{:/comment}` and
 * `{::nomarkdown}…{:/}`. To CommonMark these are text, so they sit in paragraphs: a tag line is
 * cut out of its paragraph, which splits there as kramdown ends a block at it, and its
 * attributes go to the block it follows (or the one it precedes, when it stands above one).
 * The `* TOC` + `{:toc}` list, kramdown's contents marker, is dropped: the page has its own.
 *
 * Runs before remark-figures (an image alone above its tag line becomes a lone-image paragraph,
 * hence a figure) and before the typography pass (which would curl the quotes of `"65%"`).
 */
export default function remarkKramdown() {
  return (tree: Root): undefined => {
    if (!mentionsTag(tree)) return
    rewriteFlow(tree)
  }
}

/** A standalone tag line, between the blocks it came from; resolved against its neighbours. */
interface Marker {
  type: 'kramdownMarker'
  attributes: Attributes
  line: number
}

type Item = RootContent | Marker

/** Whether any text in the tree could hold a kramdown tag: most essays have none. */
function mentionsTag(node: Nodes): boolean {
  if (node.type === 'text') return node.value.includes('{:')
  return 'children' in node && node.children.some(mentionsTag)
}

function rewriteFlow(parent: Parent): void {
  for (const child of parent.children) {
    // Before its own paragraph is split, while `{:toc}` still ends it.
    if (!('children' in child) || isTocList(child as RootContent)) continue
    if (child.type === 'paragraph' || child.type === 'heading' || child.type === 'tableCell') spanAttributes(child)
    else rewriteFlow(child)
  }
  if (!parent.children.some((c) => c.type === 'paragraph' || c.type === 'list')) return
  const items: Item[] = []
  const state: CommentState = { open: false }
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'paragraph') items.push(...splitParagraph(child, state))
    else if (state.open) continue
    else if (child.type === 'list' && isTocList(child)) continue
    else if (child.type === 'table') items.push(...tableTagRow(child))
    else items.push(child)
  }
  parent.children = resolveMarkers(items) as typeof parent.children
}

/** kramdown's `* TOC` list with `{:toc}` after it (read before its paragraph is split). */
function isTocList(node: RootContent): boolean {
  return node.type === 'list' && node.children.length === 1 && /\{:\s*toc\s*\}\s*$/.test(toString(node))
}

/**
 * A tag line right under a table is taken by GFM for a last row (`| {:.info} | | |`): that row
 * goes, and its marker follows the table, which the marker then applies to.
 */
function tableTagRow(table: Table): Item[] {
  const last = table.children[table.children.length - 1]
  if (table.children.length < 2 || !last) return [table]
  const [first, ...others] = last.children
  const tag = first ? wholeLineTag(toString(first)) : null
  if (!tag || others.some((cell) => toString(cell).trim() !== '')) return [table]
  table.children.pop()
  const line = last.position?.start.line ?? 0
  if (table.position) table.position = { ...table.position, end: { ...table.position.end, line: line - 1 } }
  return tag.kind === 'ial' ? [table, { type: 'kramdownMarker', attributes: tag.attributes, line }] : [table]
}

interface CommentState {
  /** Inside `{::comment}`: blocks are dropped until its end tag. */
  open: boolean
}

/**
 * A paragraph cut at its tag lines: the pieces of text between them as paragraphs of their
 * own, and a marker for each attribute list. Other tags (definitions, options, the ends of
 * `nomarkdown`) are dropped; `{::comment}` drops everything up to its end.
 */
function splitParagraph(paragraph: Paragraph, state: CommentState): Item[] {
  if (!state.open && !paragraph.children.some((c) => c.type === 'text' && c.value.includes('{:'))) return [paragraph]
  const out: Item[] = []
  let line = paragraph.position?.start.line ?? 0
  let segment: PhrasingContent[] = []
  let segmentStart = line
  let atLineStart = true
  const flush = (endLine: number): void => {
    const children = trimmed(segment)
    if (children.length > 0 && !state.open)
      out.push({ type: 'paragraph', children, position: span(paragraph, segmentStart, endLine) } as Paragraph)
    segment = []
  }
  const children = paragraph.children
  for (let k = 0; k < children.length; k++) {
    const child = children[k]
    if (child.type !== 'text') {
      if (!state.open) segment.push(child)
      line = child.position?.end.line ?? line
      atLineStart = child.type === 'break'
      continue
    }
    const lines = child.value.split('\n')
    for (let j = 0; j < lines.length; j++) {
      if (j > 0) {
        line++
        atLineStart = true
      }
      const text = lines[j]
      const whole = atLineStart && (j < lines.length - 1 || k === children.length - 1)
      const tag = whole ? wholeLineTag(text) : null
      if (tag) {
        flush(line - 1)
        segmentStart = line + 1
        if (tag.kind === 'extension' && tag.name === 'comment' && !tag.selfClosing) state.open = true
        else if (tag.kind === 'end' && (tag.name === 'comment' || tag.name === '')) state.open = false
        else if (tag.kind === 'ial' && !state.open)
          out.push({ type: 'kramdownMarker', attributes: tag.attributes, line })
        continue
      }
      if (!state.open) pushText(segment, j < lines.length - 1 ? text + '\n' : text)
      if (text !== '') atLineStart = false
    }
  }
  flush(line)
  return out
}

function wholeLineTag(text: string) {
  const trimmedText = text.trim()
  if (!trimmedText.startsWith('{:')) return null
  const read = readTag(trimmedText)
  return read && read.end === trimmedText.length ? read.tag : null
}

function pushText(segment: PhrasingContent[], value: string): void {
  if (value === '') return
  const last = segment[segment.length - 1]
  if (last?.type === 'text') last.value += value
  else segment.push({ type: 'text', value })
}

/** Phrasing without the line breaks and blanks left where tag lines were cut out. */
function trimmed(children: PhrasingContent[]): PhrasingContent[] {
  const out = [...children]
  while (out.length > 0 && out[0].type === 'text' && out[0].value.trim() === '') out.shift()
  while (
    out.length > 0 &&
    out[out.length - 1].type === 'text' &&
    (out[out.length - 1] as { value: string }).value.trim() === ''
  )
    out.pop()
  if (out[0]?.type === 'text') out[0] = { ...out[0], value: out[0].value.replace(/^\s+/, '') }
  const last = out[out.length - 1]
  if (last?.type === 'text') out[out.length - 1] = { ...last, value: last.value.replace(/\s+$/, '') }
  return out
}

/** A piece's lines (what markers are matched by); offsets are the paragraph's, for tools that need numbers. */
function span(paragraph: Paragraph, start: number, end: number) {
  const from = paragraph.position?.start.offset ?? 0
  const to = paragraph.position?.end.offset ?? from
  return { start: { line: start, column: 1, offset: from }, end: { line: Math.max(start, end), column: 1, offset: to } }
}

/**
 * Each marker gives its attributes to the block right above it, or else to the block right
 * below it (no blank line between, as kramdown requires); an image above its tag and a line of
 * emphasis below it (`*Fig. 1. …*`, the caption such blogs write) make one figure.
 */
function resolveMarkers(items: Item[]): RootContent[] {
  const out: RootContent[] = []
  for (let k = 0; k < items.length; k++) {
    const item = items[k]
    if (item.type !== 'kramdownMarker') {
      out.push(item)
      continue
    }
    const before = out[out.length - 1]
    const after = items[k + 1]
    if (before && before.position?.end.line === item.line - 1) {
      apply(before, item.attributes)
      const caption = after && after.type !== 'kramdownMarker' ? captionOf(after, item.line) : null
      const image = caption ? loneImage(before) : null
      if (image && caption) {
        out[out.length - 1] = figure(before as Paragraph, image, caption)
        k++
      }
    } else if (after && after.type !== 'kramdownMarker' && after.position?.start.line === item.line + 1) {
      apply(after, item.attributes)
    }
  }
  return out
}

/** The emphasis a paragraph right under a tag line consists of, if that is all it is. */
function captionOf(node: RootContent, line: number): Emphasis | null {
  if (node.type !== 'paragraph' || node.position?.start.line !== line + 1) return null
  const meaningful = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''))
  return meaningful.length === 1 && meaningful[0].type === 'emphasis' ? meaningful[0] : null
}

/** The shape remark-figures gives a figure: the image, then its caption as a `figcaption`. */
function figure(paragraph: Paragraph, image: Image, caption: Emphasis): Paragraph {
  const figcaption: Emphasis = { ...caption, data: { ...caption.data, hName: 'figcaption' } }
  return { ...paragraph, data: { ...paragraph.data, hName: 'figure' }, children: [image, figcaption] }
}

function loneImage(node: RootContent): Image | null {
  if (node.type !== 'paragraph') return null
  const meaningful = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''))
  return meaningful.length === 1 && meaningful[0].type === 'image' ? meaningful[0] : null
}

/** An attribute list on a block: a lone image takes it itself (its width), any other block as a whole. */
function apply(node: RootContent, attributes: Attributes): void {
  const target = loneImage(node) ?? node
  const props = propertiesOf(attributes, target.type === 'image' ? 'img' : 'other')
  if (Object.keys(props).length === 0) return
  target.data = { ...target.data, hProperties: { ...target.data?.hProperties, ...props } }
}

/**
 * Span attribute lists: `{: …}` right after an element on the same line (an image, emphasis,
 * a link, code) belongs to it. Recurses into phrasing that holds phrasing (links, emphasis).
 */
function spanAttributes(parent: Parent): void {
  const children = parent.children as PhrasingContent[]
  for (let k = 0; k < children.length; k++) {
    const child = children[k]
    if ('children' in child) spanAttributes(child)
    if (k === 0 || child.type !== 'text' || !child.value.startsWith('{:')) continue
    const previous = children[k - 1]
    if (previous.type === 'text' || previous.type === 'break') continue
    const read = readTag(child.value)
    if (!read) continue
    if (read.tag.kind === 'ial') {
      const props = propertiesOf(read.tag.attributes, previous.type === 'image' ? 'img' : 'other')
      if (Object.keys(props).length > 0)
        previous.data = { ...previous.data, hProperties: { ...previous.data?.hProperties, ...props } }
    }
    child.value = child.value.slice(read.end)
  }
}
