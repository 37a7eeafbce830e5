import type { Nodes, Parent, RootContent } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { calloutFromDiv, calloutKindOf } from './callouts.js'
import type { Flow } from './div-content.js'
import {
  figureFromDiv,
  labelAnchor,
  listingFromDiv,
  labelImageFigure,
  labelTableCaption,
  tableFromDiv,
  type NumberedFloat,
} from './figures.js'
import type { PandocDiv } from './mdast-fenced-div.js'
import { quartoPrefix, type QuartoLabels } from './labels.js'
import { listTable } from './list-tables.js'
import { proofFromDiv, proofWordOf, theoremFromDiv, theoremKindOf } from './theorems.js'

/** What reading the divs of one document collects. */
export interface DivReading {
  labels: QuartoLabels
  floats: NumberedFloat[]
  /** Theorem-like blocks with a label, for the document's anchors: key, "Theorem 2". */
  blocks: Array<{ key: string; title: string; number: string }>
  /** Section ids and their text, for `-@sec-x` references the preprocessor left. */
  sections: Map<string, string>
  /** Divs whose attributes asked for something not shown (kept as their content). */
  unknownClasses: Set<string>
}

/**
 * Every fenced div of the tree, in document order (numbers follow it, as in Quarto), becomes
 * what its attributes ask for: a callout, a theorem-like block, a proof, a figure or table, or
 * — for anything else — just its content, its classes dropped. Labelled pictures and table
 * captions outside divs are numbered in the same pass, so that figures share one sequence.
 */
export function readDivs(parent: Parent, reading: DivReading): void {
  const kids = parent.children as RootContent[]
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type === 'pandocDiv') {
      const replacement = readDiv(node, reading)
      kids.splice(i, 1, ...replacement)
      i += replacement.length - 1
      continue
    }
    if (node.type === 'paragraph') {
      labelImageFigure(node, reading.labels, reading.floats)
      if (kids[i - 1]?.type === 'table') labelTableCaption(node, reading.labels, reading.floats)
      continue
    }
    if (node.type === 'heading') {
      const id = node.data?.hProperties?.id
      if (typeof id === 'string' && !reading.sections.has(id)) reading.sections.set(id, toString(node))
      continue
    }
    if ('children' in node && isFlowParent(node)) readDivs(node, reading)
  }
}

/** Containers whose children are blocks (divs and figures live there, never in phrasing). */
function isFlowParent(node: Nodes): node is Parent & Nodes {
  return (
    node.type === 'blockquote' ||
    node.type === 'list' ||
    node.type === 'listItem' ||
    node.type === 'footnoteDefinition' ||
    node.type === 'root'
  )
}

/** Formats that are not a web page: content Quarto shows only there is left out. */
const OTHER_FORMATS = /^(?:pdf|latex|beamer|docx|odt|pptx|revealjs|typst|epub|markdown|gfm|ipynb)$/

function readDiv(div: PandocDiv, reading: DivReading): RootContent[] {
  const { id, classes, values } = div.attributes
  const prefix = id ? quartoPrefix(id) : null
  if (!shownOnTheWeb(classes, values)) return []
  if (prefix === 'fig') return figureFromDiv(div, reading.labels, reading.floats, (inner) => contentOf(inner, reading))
  const read = contentOf(div, reading)
  const children = classes.includes('list-table') ? listTable(read, values) : read
  if (prefix === 'tbl') return tableFromDiv(div, children, reading.labels, reading.floats)
  if (prefix === 'lst') return listingFromDiv(div, children, reading.labels, reading.floats)
  const callout = calloutKindOf(div)
  if (callout) {
    // `::: {#tip-x .callout-tip}`: a callout others refer to ("Tip 1").
    if (id && prefix && ['tip', 'nte', 'wrn', 'imp', 'cau'].includes(prefix)) reading.labels.next(prefix, id)
    return [calloutFromDiv(div, callout, children)]
  }
  const theorem = theoremKindOf(div)
  if (theorem) {
    const block = theoremFromDiv(div, theorem.kind, theorem.prefix, children, reading.labels)
    const target = id ? reading.labels.targets.get(id) : undefined
    if (id && target) reading.blocks.push({ key: id, title: `${target.word} ${target.number}`, number: target.number })
    return [block]
  }
  const proof = proofWordOf(div)
  if (proof) return [proofFromDiv(div, proof, children)]
  for (const c of classes) if (!KNOWN_LAYOUT.has(c)) reading.unknownClasses.add(c)
  // Any other div: its content, an anchor for its id (links may point at it), classes dropped.
  return id ? [labelAnchor(id), ...children] : children
}

/** Classes whose only meaning is layout on Quarto's own pages: their content is shown as it is. */
const KNOWN_LAYOUT = new Set([
  'column-margin',
  'column-page',
  'column-body',
  'column-screen',
  'column-page-inset',
  'column-body-outset',
  'panel-tabset',
  'panel-fill',
  'panel-sidebar',
  'panel-input',
  'content-visible',
  'center',
  'columns',
  'column',
  'cell',
  'cell-output',
  'cell-output-display',
  'nostretch',
  'incremental',
  'nonincremental',
  'fragment',
  'notes',
  'aside',
  'hidden',
  'content-hidden',
  'list-table',
])

/** `.content-visible when-format="pdf"`, `.content-hidden when-format="html"`, `.hidden`: not on a web page. */
function shownOnTheWeb(classes: readonly string[], values: ReadonlyMap<string, string>): boolean {
  if (classes.includes('hidden') || classes.includes('notes')) return false
  const format = values.get('when-format') ?? values.get('when-profile')
  const unless = values.get('unless-format')
  if (classes.includes('content-hidden'))
    return format !== undefined ? OTHER_FORMATS.test(format) : unless !== undefined && !OTHER_FORMATS.test(unless)
  if (classes.includes('content-visible')) {
    if (format !== undefined) return !OTHER_FORMATS.test(format)
    if (unless !== undefined) return OTHER_FORMATS.test(unless)
  }
  return true
}

function contentOf(div: PandocDiv, reading: DivReading): Flow {
  readDivs(div, reading)
  return div.children
}
