import type { Element, ElementContent, Nodes, Root } from 'hast'
import { raw } from 'hast-util-raw'
import { sanitize, type Schema } from 'hast-util-sanitize'
import type { CslEntry } from '../../shared/schemas/index.js'
import type { CitationStyle } from '../types.js'
import { formatEntry, type FormattedEntry } from './csl-engine.js'
import { referenceId } from './reference-id.js'

/** What a formatted entry may contain: citeproc's inline markup and links to DOIs and URLs, nothing else. */
const ENTRY_SCHEMA: Schema = {
  tagNames: ['div', 'span', 'i', 'b', 'em', 'strong', 'sup', 'sub', 'a'],
  attributes: { a: ['href'] },
  protocols: { href: ['http', 'https'] },
  clobber: [],
  strip: ['script', 'style'],
}

/** By formatted entry: entries of the same content share one (see formatEntry). */
const entryNodes = new WeakMap<FormattedEntry, ElementContent[]>()
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/**
 * The references list: `<section class="references" id="references" role="doc-bibliography">`
 * with an `<h2 id="references-heading">` and one `<li id="ref-KEY">` per cited entry, in the
 * order of the style (numbered: order of first citation; author–year: alphabetical, as APA sorts).
 */
export function referenceList(cited: ReadonlyArray<{ key: string; entry: CslEntry }>, style: CitationStyle): Element {
  const items = cited.map(({ key, entry }) => ({
    key,
    entry,
    sortText: style === 'numeric' ? '' : textOf(entryContent(entry)),
  }))
  if (style !== 'numeric') items.sort((a, b) => collator.compare(a.sortText, b.sortText))
  return {
    type: 'element',
    tagName: 'section',
    properties: {
      className: ['references'],
      id: 'references',
      role: 'doc-bibliography',
      ariaLabelledBy: ['references-heading'],
    },
    children: [
      {
        type: 'element',
        tagName: 'h2',
        properties: { id: 'references-heading' },
        children: [{ type: 'text', value: 'References' }],
      },
      {
        type: 'element',
        tagName: 'ol',
        properties: { className: ['references-list', `references-${style}`] },
        children: items.map(({ key, entry }) => ({
          type: 'element',
          tagName: 'li',
          properties: { id: referenceId(key) },
          children: structuredClone(entryContent(entry)),
        })),
      },
    ],
  }
}

/** The entry as CSL formats it, parsed and sanitised once per formatted entry (citeproc escapes text, but a URL is a URL). */
function entryContent(entry: CslEntry): ElementContent[] {
  const formatted = formatEntry(entry)
  let nodes = entryNodes.get(formatted)
  if (nodes) return nodes
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: formatted.html }] }) as Root
  const clean = sanitize(tree, ENTRY_SCHEMA) as Root
  nodes = unwrapDivs(clean.children as ElementContent[])
  for (const node of nodes) markExternalLinks(node)
  entryNodes.set(formatted, nodes)
  return nodes
}

function unwrapDivs(nodes: ElementContent[]): ElementContent[] {
  return nodes.flatMap((n) => (n.type === 'element' && n.tagName === 'div' ? unwrapDivs(n.children) : [n]))
}

function markExternalLinks(node: Nodes): void {
  if (node.type === 'element' && node.tagName === 'a') node.properties.rel = ['noopener', 'noreferrer']
  if ('children' in node) for (const child of node.children) markExternalLinks(child)
}

function textOf(nodes: ElementContent[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? textOf(n.children) : '')).join('')
}
