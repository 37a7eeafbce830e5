import type { Element, ElementContent, Root } from 'hast'
import type { VFile } from 'vfile'

/** The class of the "Figure 2:" a numbered caption starts with (the arXiv export leaves that to LaTeX). */
export const CAPTION_NUMBER_CLASS = 'caption-number'

/**
 * How a paragraph that captions the table beside it starts: d2l writes `:Dataset vs. memory`
 * (then its `:label:`) before the table, pandoc and Quarto `Table: …` or `: …` after it.
 * Not `::`, which opens a directive or a definition in other dialects.
 */
const CAPTION_MARKER = /^[ \t]*(?:Table)?:(?!:)[ \t]*/

type Kids = (Root | Element)['children']

/**
 * A caption paragraph right before or after a table becomes that table's `<caption>`, which is
 * what its author wrote it as: left a paragraph, it read ":Dataset vs. memory…" above the
 * table, colon and all. Runs before the text summary, so the caption is read as the table's.
 */
export function rehypeTableCaptions() {
  return (tree: Root): undefined => {
    captionTables(tree)
  }
}

function captionTables(parent: Root | Element): void {
  const kids = parent.children
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type !== 'element') continue
    if (node.tagName !== 'table') {
      captionTables(node)
      continue
    }
    if (node.children.some((c) => c.type === 'element' && c.tagName === 'caption')) continue
    const before = neighbour(kids, i, -1)
    const after = neighbour(kids, i, 1)
    const from = isCaptionParagraph(kids[before]) ? before : isCaptionParagraph(kids[after]) ? after : -1
    if (from < 0) continue
    const paragraph = kids[from] as Element
    node.children.unshift({ type: 'element', tagName: 'caption', properties: {}, children: withoutMarker(paragraph) })
    kids.splice(from, 1)
    if (from < i) i--
  }
}

/** The index of the nearest element in `step`'s direction, past blank text; -1 if none. */
function neighbour(kids: Kids, index: number, step: 1 | -1): number {
  for (let j = index + step; j >= 0 && j < kids.length; j += step) {
    const kid = kids[j]
    if (kid.type === 'text' && kid.value.trim() === '') continue
    return kid.type === 'element' ? j : -1
  }
  return -1
}

function isCaptionParagraph(node: Kids[number] | undefined): boolean {
  if (node?.type !== 'element' || node.tagName !== 'p') return false
  const first = node.children[0]
  if (first?.type !== 'text' || !CAPTION_MARKER.test(first.value)) return false
  // `:smile: …` is an emoji shortcode, `:label:` a directive left as text: neither is a caption
  // (both lower case; ":Results: accuracy by model" is one).
  if (/^[ \t]*:[a-z0-9_+-]+:/.test(first.value)) return false
  // Something must be left to read once the marker goes (an anchor alone is no caption).
  const rest = first.value.replace(CAPTION_MARKER, '').trim()
  return rest !== '' || node.children.slice(1).some((c) => c.type === 'element' && c.tagName !== 'a')
}

function withoutMarker(paragraph: Element): ElementContent[] {
  const [first, ...rest] = paragraph.children
  if (first?.type !== 'text') return paragraph.children
  const text = first.value.replace(CAPTION_MARKER, '')
  return text ? [{ ...first, value: text }, ...rest] : rest
}

declare module 'vfile' {
  interface DataMap {
    /** "Figure 2", "Table 1": what each numbered figure's and table's label anchor (its id) is called. */
    captionNumbers: ReadonlyMap<string, string>
  }
}

/**
 * A numbered figure or table says its number where references to it point: "Figure 2: The
 * house price prediction competition page." The text said "see Figure 2" and the figure said
 * nothing. The number belongs to the label in the figure (d2l `:label:`, Quarto `{#fig-…}`),
 * which is what the references resolve; unlabelled figures are referred to by no number, and
 * get none. Runs after the essay reading, which keeps captions as written.
 */
export function rehypeCaptionNumbers() {
  return (tree: Root, file: VFile): undefined => {
    const numbers = file.data.captionNumbers
    if (!numbers || numbers.size === 0) return
    numberCaptions(tree, numbers)
  }
}

function numberCaptions(parent: Root | Element, numbers: ReadonlyMap<string, string>): void {
  for (const node of parent.children) {
    if (node.type !== 'element') continue
    const caption =
      node.tagName === 'figure'
        ? node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'figcaption')
        : node.tagName === 'table'
          ? node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'caption')
          : undefined
    // A numbered figure's subfigures say their letter ("(a) …"), not a number of their own.
    if (node.tagName === 'figure' && !caption && ownNumber(node, numbers)) continue
    const name = caption ? numberOf(node, numbers) : undefined
    if (caption && name) {
      caption.children.unshift(
        {
          type: 'element',
          tagName: 'span',
          properties: { className: [CAPTION_NUMBER_CLASS] },
          children: [{ type: 'text', value: `${name}:` }],
        },
        { type: 'text', value: ' ' },
      )
      continue
    }
    numberCaptions(node, numbers)
  }
}

function ownNumber(node: Element, numbers: ReadonlyMap<string, string>): boolean {
  return typeof node.properties.id === 'string' && numbers.has(node.properties.id)
}

/** The number of the first label anchor inside `node` (the figure's own anchor, or its caption's). */
function numberOf(node: Element, numbers: ReadonlyMap<string, string>): string | undefined {
  const id = node.properties.id
  if (typeof id === 'string' && numbers.has(id)) return numbers.get(id)
  for (const child of node.children) {
    if (child.type !== 'element') continue
    const found = numberOf(child, numbers)
    if (found) return found
  }
  return undefined
}
