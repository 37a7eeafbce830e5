import { citationPlaceholder, type Citation } from '../../syntax/citations.js'
import { field, type MystNode } from './myst-node.js'

/** Small builders of the common mdast from MyST's leaves: formulas, code, citations, link texts. */

/** Roles whose citation names its authors in the sentence ("Smith (2020)"). */
const NARRATIVE_ROLES = /^(?:cite:t|cite:ts|cite:alt|cite:alts|citet|cite:author|cite:authors)$/
/** Notebook kernels' names for the languages highlight.js knows. */
const KERNEL_LANGUAGES: Record<string, string | null> = {
  ipython3: 'python',
  ipython: 'python',
  python3: 'python',
  ir: 'r',
  none: null,
  text: null,
  output: null,
}

/** An empty anchor for a label that names no block of its own (`key` is a simple id, see labelOf). */
export function anchor(key: string): MystNode {
  return { type: 'html', value: `<a id="${key}"></a>` }
}

export function displayMath(tex: string): MystNode {
  const code = {
    type: 'element',
    tagName: 'code',
    properties: { className: ['language-math', 'math-display'] },
    children: [{ type: 'text', value: tex }],
  }
  return { type: 'math', value: tex, data: { hName: 'pre', hChildren: [code] } }
}

export function inlineMath(tex: string): MystNode {
  return {
    type: 'inlineMath',
    value: tex,
    data: {
      hName: 'code',
      hProperties: { className: ['language-math', 'math-inline'] },
      hChildren: [{ type: 'text', value: tex }],
    },
  }
}

export function code(node: MystNode): MystNode {
  const lang = field(node, 'lang')
  const known = lang ? KERNEL_LANGUAGES[lang.toLowerCase()] : null
  return { type: 'code', lang: known === undefined ? lang : known, value: node.value ?? '' }
}

export function renamed(
  node: MystNode,
  hName: string,
  children: MystNode[],
  properties: Record<string, string | undefined> = {},
): MystNode {
  const hProperties = Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined))
  return { type: 'emphasis', data: { hName, hProperties }, children }
}

/** The keys of a citation role, group or single cite, in order. */
export function citeKeys(node: MystNode): string[] {
  if (node.type === 'cite') return [field(node, 'label') ?? field(node, 'identifier') ?? '']
  return (node.children ?? []).flatMap(citeKeys)
}

/**
 * A citation placeholder (syntax/citations.ts), which rehype-citations turns into its marks.
 * The role decides the mode, as sphinxcontrib-bibtex reads it: `{cite:t}` names the authors in
 * the sentence, `{cite}` and `{cite:p}` cite in parentheses.
 */
export function citation(role: string, keys: string[]): MystNode {
  const items = keys.filter((k) => k !== '').map((key) => ({ key }))
  if (items.length === 0) return { type: 'text', value: '' }
  const value: Citation = { mode: NARRATIVE_ROLES.test(role) ? 'narrative' : 'parenthetical', items }
  return { type: 'text', value: citationPlaceholder(value) }
}

/** Written link text may hold the number's place: `{numref}`Figure %s <fig-x>``, `{ref}`Eq. {number} <eq>``. */
export function fillNumber(children: MystNode[], target: { text: string; number?: string }): MystNode[] {
  return children.map((c) =>
    c.type === 'text' && typeof c.value === 'string'
      ? { ...c, value: c.value.replace(/%s|\{number\}/g, target.number ?? target.text) }
      : c,
  )
}

/** Notebook cell tags that hide a cell or its code (Jupyter Book's `remove-cell`, `remove-input`). */
export function withoutRemovedParts(block: MystNode): MystNode {
  const data = block.data as { tags?: unknown } | undefined
  const tags = Array.isArray(data?.tags) ? data.tags.filter((t): t is string => typeof t === 'string') : []
  if (tags.includes('remove-cell')) return { ...block, children: [] }
  if (tags.includes('remove-input') || tags.includes('remove_input'))
    return { ...block, children: (block.children ?? []).filter((c) => c.type !== 'code') }
  return block
}

/** `../intro/linear_models` → "linear models": a page's path read as words. */
export function readableName(url: string): string {
  const name =
    url
      .replace(/[#?].*$/, '')
      .split('/')
      .pop() ?? url
  return (
    name
      .replace(/\.[A-Za-z0-9]+$/, '')
      .replace(/[_-]+/g, ' ')
      .trim() || url
  )
}
