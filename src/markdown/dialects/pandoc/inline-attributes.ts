import type { Heading, Image, Nodes, Parent, PhrasingContent, Root } from 'mdast'
import { looksLikeAttributes, parseAttributes, type PandocAttributes } from './attributes.js'

/**
 * Pandoc's attributes written after inline content — `## Title {#sec-x .unnumbered}`,
 * `![cap](x.png){#fig-x width=50%}`, `[text]{.smallcaps}` — read off the text they were left
 * in by the parser, so that no `{…}` reaches the page.
 */

/** Attributes written after an image, for the figure transform (figures.ts). */
export const imageAttributes = new WeakMap<Image, PandocAttributes>()

/** Headings marked `{-}` or `.unnumbered`: a book numbering its sections passes over them. */
export const unnumberedHeadings = new WeakSet<Heading>()

/** `## Title {#id .class}`: the id kept (unless the heading has one), `.unnumbered` noted, the rest dropped. */
export function headingAttributes(heading: Heading): void {
  const tail = heading.children[heading.children.length - 1]
  if (tail?.type !== 'text') return
  const value = tail.value.trimEnd()
  if (!value.endsWith('}')) return
  const open = value.lastIndexOf('{')
  if (open < 0 || !looksLikeAttributes(value.slice(open + 1, -1))) return
  const { id, classes } = parseAttributes(value.slice(open + 1, -1))
  if (classes.includes('unnumbered')) unnumberedHeadings.add(heading)
  tail.value = value.slice(0, open).trimEnd()
  if (tail.value === '') heading.children.pop()
  if (id && heading.data?.hProperties?.id === undefined)
    heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } }
}

/**
 * In one paragraph (or heading, link, …): image attributes taken off the text after the image,
 * and bracketed spans `[text]{attrs}` made spans, their brackets and braces gone.
 */
export function inlineAttributes(parent: Parent): void {
  const kids = parent.children as PhrasingContent[]
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type === 'image' || node.type === 'link') {
      joinQuotedCode(kids, i + 1)
      const next = kids[i + 1]
      if (next?.type === 'text') {
        const read = leadingAttributes(next.value)
        if (read) {
          if (node.type === 'image') {
            imageAttributes.set(node, read.attributes)
            keepWidth(node, read.attributes)
            keepAltText(node, read.attributes)
          }
          next.value = next.value.slice(read.length)
          if (next.value === '') kids.splice(i + 1, 1)
        }
      }
    } else if (node.type === 'text' && node.value.includes(']{')) {
      i = bracketedSpan(kids, i)
    }
  }
}

/**
 * `{fig-alt="plots of the `cars` data"}`: markdown read the backticks in the quoted value as
 * code, splitting the braces over several nodes. Pandoc reads the value as written; the nodes
 * from `{` to the text with the closing `}` are joined back into one text, backticks and all,
 * when that text reads as attributes.
 */
function joinQuotedCode(kids: PhrasingContent[], at: number): void {
  const first = kids[at]
  if (first?.type !== 'text' || first.value[0] !== '{' || first.value.includes('}')) return
  let joined = first.value
  for (let k = at + 1; k < kids.length && k - at < 50; k++) {
    const kid = kids[k]
    if (kid.type === 'inlineCode') joined += `\`${kid.value}\``
    else if (kid.type === 'text') {
      joined += kid.value
      if (!kid.value.includes('}')) continue
      if (leadingAttributes(joined)) kids.splice(at, k - at + 1, { type: 'text', value: joined })
      return
    } else return
  }
}

/** `{…}` at the start of `text`, if it reads as attributes. */
function leadingAttributes(text: string): { attributes: PandocAttributes; length: number } | null {
  if (text[0] !== '{') return null
  const close = text.indexOf('}', 1)
  if (close < 0 || close > 2_000 || !looksLikeAttributes(text.slice(1, close))) return null
  return { attributes: parseAttributes(text.slice(1, close)), length: close + 1 }
}

/** A pixel width survives as the image's `width` (the sanitizer allows it); a percentage means nothing there. */
function keepWidth(image: Image, attributes: PandocAttributes): void {
  const width = /^(\d{1,5})(?:px)?$/.exec(attributes.values.get('width') ?? '')
  if (width) image.data = { ...image.data, hProperties: { ...image.data?.hProperties, width: width[1] } }
}

/** Quarto's `fig-alt` is the picture's text for those who cannot see it; its caption stays the figure's. */
function keepAltText(image: Image, attributes: PandocAttributes): void {
  const alt = attributes.values.get('fig-alt')?.trim()
  if (alt) image.data = { ...image.data, hProperties: { ...image.data?.hProperties, alt } }
}

/** Elements a span class stands for; other classes are dropped (the sanitizer would drop them anyway). */
const SPAN_ELEMENTS: Readonly<Record<string, string>> = { mark: 'mark', underline: 'u' }

/**
 * Finds `]{attrs}` in the text node at `index` and its `[` before it (in this node or an
 * earlier text sibling), and replaces what lies between with one span. Returns the index to
 * go on from.
 */
function bracketedSpan(kids: PhrasingContent[], index: number): number {
  const closing = kids[index] as { type: 'text'; value: string }
  let at = closing.value.indexOf(']{')
  while (at >= 0) {
    const brace = closing.value.indexOf('}', at + 2)
    if (brace < 0 || brace - at > 2_000) return index
    const inner = closing.value.slice(at + 2, brace)
    if (looksLikeAttributes(inner)) {
      const opening = findOpening(kids, index, at)
      if (opening) return makeSpan(kids, opening, index, at, brace, parseAttributes(inner))
    }
    at = closing.value.indexOf(']{', at + 2)
  }
  return index
}

/** The nearest unmatched `[` before `limit` in text node `index`, or in an earlier text sibling. */
function findOpening(kids: PhrasingContent[], index: number, limit: number): { node: number; at: number } | null {
  for (let k = index; k >= 0 && index - k < 50; k--) {
    const kid = kids[k]
    if (kid.type !== 'text') continue
    const text = k === index ? kid.value.slice(0, limit) : kid.value
    let depth = 0
    for (let p = text.length - 1; p >= 0; p--) {
      if (text[p] === ']') depth++
      else if (text[p] === '[' && text[p - 1] !== '\\') {
        if (depth === 0) return { node: k, at: p }
        depth--
      }
    }
  }
  return null
}

function makeSpan(
  kids: PhrasingContent[],
  opening: { node: number; at: number },
  index: number,
  close: number,
  brace: number,
  attributes: PandocAttributes,
): number {
  const closing = kids[index] as { type: 'text'; value: string }
  const after = closing.value.slice(brace + 1)
  let inside: PhrasingContent[]
  let before: PhrasingContent[]
  if (opening.node === index) {
    const start = closing.value
    before = [{ type: 'text', value: start.slice(0, opening.at) }]
    inside = [{ type: 'text', value: start.slice(opening.at + 1, close) }]
  } else {
    const first = kids[opening.node] as { type: 'text'; value: string }
    before = [{ type: 'text', value: first.value.slice(0, opening.at) }]
    inside = [
      { type: 'text', value: first.value.slice(opening.at + 1) },
      ...kids.slice(opening.node + 1, index),
      { type: 'text', value: closing.value.slice(0, close) },
    ]
  }
  const span = spanFor(
    attributes,
    inside.filter((k) => k.type !== 'text' || k.value !== ''),
  )
  const replacement = [...before, ...span, { type: 'text', value: after } as const].filter(
    (k) => k.type !== 'text' || k.value !== '',
  )
  kids.splice(opening.node, index - opening.node + 1, ...replacement)
  // Go on from the text after the span: it may hold another one.
  const last = opening.node + replacement.length - 1
  return replacement[replacement.length - 1]?.type === 'text' && after !== '' ? last - 1 : last
}

function spanFor(attributes: PandocAttributes, children: PhrasingContent[]): PhrasingContent[] {
  const element = attributes.classes.map((c) => SPAN_ELEMENTS[c]).find(Boolean)
  if (!element && !attributes.id) return children
  const hProperties: Record<string, string> = {}
  if (attributes.id) hProperties.id = attributes.id
  return [{ type: 'emphasis', data: { hName: element ?? 'span', hProperties }, children }]
}

/** Every heading and phrasing parent of the tree, with the two readers above. */
export function readInlineAttributes(tree: Root): void {
  const walk = (node: Nodes): void => {
    if (node.type === 'heading') headingAttributes(node)
    if (!('children' in node)) return
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') inlineAttributes(node)
    for (const child of node.children) walk(child)
  }
  walk(tree)
}
