import type { Element, ElementContent } from 'hast'
import type { CslEntry } from '../../shared/schemas/index.js'
import type { Citation, CitationItem } from '../syntax/citations.js'
import type { CitationStyle } from '../types.js'
import { formatEntry } from './csl-engine.js'
import { referenceId } from './reference-id.js'

/** How one citation's keys resolve: the entry and its number, or null for a key the bibliography lacks. */
export type Resolved = { entry: CslEntry; number: number } | null

/**
 * The marks of one citation, as the reader sees them. Each known key is a link to its entry in
 * the references list (`<a class="citation" href="#ref-KEY" role="doc-biblioref" data-cite="KEY">`,
 * which the web UI turns into a hover/focus card); a parenthetical citation is one
 * `<span class="citation-group">` around its links; an unknown key stays visible as `[?key]`.
 */
export function citationMarks(
  citation: Citation,
  resolve: (key: string) => Resolved,
  style: CitationStyle,
): ElementContent[] {
  const parts = citation.items.map((item) => ({ item, resolved: resolve(item.key) }))
  if (parts.every((p) => p.resolved === null && doiOf(p.item.key) === null))
    return joinWith(
      parts.map((p) => [unknownMark(p.item.key, citation.mode === 'narrative')]),
      ' ',
    )
  if (citation.mode === 'narrative')
    return joinWith(
      parts.map((p) => narrativeItem(p.item, p.resolved, style)),
      ', ',
    )
  const numeric = style === 'numeric'
  const items = parts.map((p) => parentheticalItem(p.item, p.resolved, numeric))
  const group: Element = {
    type: 'element',
    tagName: 'span',
    properties: { className: ['citation-group'] },
    children: [text(numeric ? '[' : '('), ...joinWith(items, numeric ? ', ' : '; '), text(numeric ? ']' : ')')],
  }
  return [group]
}

/** The citation as plain text, for places where no markup can go (an image's alt text, a title). */
export function citationText(citation: Citation, resolve: (key: string) => Resolved, style: CitationStyle): string {
  return citationMarks(citation, resolve, style).map(textOf).join('')
}

function parentheticalItem(item: CitationItem, resolved: Resolved, numeric: boolean): ElementContent[] {
  if (!resolved) return [unknownMark(item.key)]
  const parts = formatEntry(resolved.entry)
  const label = numeric ? String(resolved.number) : item.suppressAuthor ? parts.year : parts.label
  const out: ElementContent[] = []
  if (item.prefix) out.push(text(`${item.prefix} `))
  out.push(citationLink(item.key, label))
  if (item.suffix) out.push(text(item.suffix))
  return out
}

function narrativeItem(item: CitationItem, resolved: Resolved, style: CitationStyle): ElementContent[] {
  if (!resolved) return [unknownMark(item.key, true)]
  const parts = formatEntry(resolved.entry)
  const suffix = item.suffix ?? ''
  const label =
    style === 'numeric' ? `${parts.author} [${resolved.number}${suffix}]` : `${parts.author} (${parts.year}${suffix})`
  return [...(item.prefix ? [text(`${item.prefix} `)] : []), citationLink(item.key, label)]
}

function citationLink(key: string, label: string): Element {
  return {
    type: 'element',
    tagName: 'a',
    properties: { className: ['citation'], href: `#${referenceId(key)}`, role: 'doc-biblioref', dataCite: key },
    children: [text(label)],
  }
}

/**
 * A work cited by its DOI (MyST's `[@https://doi.org/10.…]`, `{cite}`10.…``), which no
 * bibliography entry describes: mystmd fetches its metadata, which an import here cannot, so it
 * reads as a link to the work rather than as an unknown key.
 */
export function doiOf(key: string): string | null {
  return /^(?:doi:|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/i.exec(key)?.[1] ?? null
}

/** A narrative one is marked so, for readers of the essay's text ("as shown by [?key]" names someone). */
function unknownMark(key: string, narrative = false): Element {
  const doi = doiOf(key)
  if (doi)
    return {
      type: 'element',
      tagName: 'a',
      properties: { className: ['citation-doi'], href: `https://doi.org/${doi}` },
      children: [text(`doi:${doi}`)],
    }
  const className = narrative
    ? ['citation', 'citation-unknown', 'citation-narrative']
    : ['citation', 'citation-unknown']
  return { type: 'element', tagName: 'span', properties: { className, dataCite: key }, children: [text(`[?${key}]`)] }
}

function joinWith(groups: ElementContent[][], separator: string): ElementContent[] {
  return groups.flatMap((g, i) => (i === 0 ? g : [text(separator), ...g]))
}

function text(value: string): ElementContent {
  return { type: 'text', value }
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}
