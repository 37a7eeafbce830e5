import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { VFile } from 'vfile'
import type { CslEntry } from '../../shared/schemas/index.js'
import { citationMarks, citationText, doiOf, type Resolved } from '../citations/citation-marks.js'
import { formatEntries } from '../citations/csl-engine.js'
import { referenceList } from '../citations/reference-list.js'
import { contextOf, documentOf, warn } from '../essay-file-data.js'
import { CITATION_PLACEHOLDER, decodeCitation } from '../syntax/citations.js'
import type { CitationStyle } from '../types.js'

/** What the inline step found, for the list step. */
interface CitationState {
  /** Cited keys that resolved, in order of first citation, numbered from 1. */
  cited: Map<string, { entry: CslEntry; number: number }>
  /** Where `{% bibliography %}` / `<d-bibliography>` asked for the list, if anywhere. */
  slot: Element | null
  style: CitationStyle
}

declare module 'vfile' {
  interface DataMap {
    citations: CitationState
  }
}

const MARKER = '\uE000'

/**
 * Turns the citation placeholders the preprocessor left (syntax/citations.ts) into marks
 * (citations/citation-marks.ts), numbering entries in order of first citation. Runs right
 * after the sanitizer: its markup is generated, not authored, and the text summary that
 * follows reads "Vaswani et al., 2017" rather than a key. Unknown keys are warnings.
 */
export default function rehypeCitations() {
  return (tree: Root, file: VFile): undefined => {
    const context = contextOf(file)
    const state: CitationState = { cited: new Map(), slot: null, style: context.citationStyle ?? 'author-year' }
    file.data.citations = state
    const resolve = (key: string): Resolved => {
      const known = state.cited.get(key)
      if (known) return known
      const entry = context.bibliography?.get(key)
      if (!entry) {
        if (doiOf(key)) return null
        warn(
          file,
          'unknown-citation',
          context.bibliography
            ? `Citation key "${key}" is not in the essay's bibliography`
            : `Citation key "${key}": the essay has no bibliography file`,
        )
        return null
      }
      const resolved = { entry, number: state.cited.size + 1 }
      state.cited.set(key, resolved)
      return resolved
    }
    // Everything the essay cites is formatted at once, before its marks ask for it one by one.
    if (context.bibliography) formatEntries(citedEntries(tree, context.bibliography))
    rewrite(tree, null, state, resolve)
    documentOf(file).references = [...state.cited.values()].map((c) => c.entry)
  }
}

/**
 * Puts the references list where it was asked for, or at the end. Runs after the text summary,
 * so that the list counts neither in the reading time nor in the excerpt.
 */
export function rehypeReferenceList() {
  return (tree: Root, file: VFile): undefined => {
    const state = file.data.citations
    if (!state) return
    const cited = [...state.cited].map(([key, { entry }]) => ({ key, entry }))
    if (cited.length === 0) {
      if (state.slot) Object.assign(state.slot, { tagName: 'span', properties: {}, children: [] })
      return
    }
    const list = referenceList(cited, state.style)
    if (state.slot) Object.assign(state.slot, list)
    else tree.children.push({ type: 'text', value: '\n' }, list)
  }
}

/** The bibliography's entries the tree's citation placeholders name, in the order they are met. */
function citedEntries(tree: Root, bibliography: ReadonlyMap<string, CslEntry>): CslEntry[] {
  const found = new Set<CslEntry>()
  const read = (value: string) => {
    for (const m of value.matchAll(CITATION_PLACEHOLDER)) {
      for (const item of decodeCitation(m[1], m[2])?.items ?? []) {
        const entry = bibliography.get(item.key)
        if (entry) found.add(entry)
      }
    }
  }
  const walk = (node: Root | Element) => {
    if (node.type === 'element')
      for (const value of Object.values(node.properties))
        if (typeof value === 'string' && value.includes(MARKER)) read(value)
    for (const child of node.children) {
      if (child.type === 'text' && child.value.includes(MARKER)) read(child.value)
      else if (child.type === 'element') walk(child)
    }
  }
  walk(tree)
  return [...found]
}

function rewrite(
  node: Root | Element,
  parent: Root | Element | null,
  state: CitationState,
  resolve: (key: string) => Resolved,
): void {
  if (node.type === 'element') {
    for (const [name, value] of Object.entries(node.properties)) {
      // An image's alt text or a title cannot hold a link: the citation as text.
      if (typeof value === 'string' && value.includes(MARKER))
        node.properties[name] = replaceAsText(value, state, resolve)
    }
  }
  const children: Array<RootContent | ElementContent> = []
  let changed = false
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i]
    if (child.type === 'text' && child.value.includes(MARKER)) {
      changed = true
      children.push(...expand(child.value, state, resolve))
    } else {
      if (child.type === 'element') rewrite(child, node, state, resolve)
      // The child may have replaced itself (a paragraph that was only the list's marker).
      children.push(node.children[i])
    }
  }
  if (changed) node.children = children as typeof node.children
  // A paragraph holding only the list's marker is the list's place itself.
  if (parent && node.type === 'element' && node.tagName === 'p' && state.slot && node.children.includes(state.slot)) {
    const rest = node.children.filter((c) => c !== state.slot && !(c.type === 'text' && c.value.trim() === ''))
    if (rest.length === 0) parent.children[parent.children.indexOf(node)] = state.slot
  }
}

function expand(value: string, state: CitationState, resolve: (key: string) => Resolved): ElementContent[] {
  const out: ElementContent[] = []
  let last = 0
  for (const m of value.matchAll(CITATION_PLACEHOLDER)) {
    if (m.index > last) out.push({ type: 'text', value: value.slice(last, m.index) })
    last = m.index + m[0].length
    const citation = decodeCitation(m[1], m[2])
    if (citation) out.push(...citationMarks(citation, resolve, state.style))
    else if (m[1] === 'bibliography' && !state.slot) {
      state.slot = { type: 'element', tagName: 'section', properties: {}, children: [] }
      out.push(state.slot)
    }
  }
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) })
  return out
}

function replaceAsText(value: string, state: CitationState, resolve: (key: string) => Resolved): string {
  return value.replace(CITATION_PLACEHOLDER, (_all, kind: string, payload: string) => {
    const citation = decodeCitation(kind, payload)
    return citation ? citationText(citation, resolve, state.style) : ''
  })
}
