import { evaluateSubstitution } from './substitution-expression.js'
import { textOf, type MystNode } from './myst-node.js'

/** `{{ key }}`, `{{key}}`, `{{ key | filter }}`: the inside is captured. */
const REFERENCE = /\{\{([^{}]*)\}\}/g
/** A reference alone in its paragraph: myst-parser's block substitution. */
const LONE = /^\s*\{\{([^{}]*)\}\}\s*$/
/** Values may use other values (Jupyter Book's docs nest a note in one); deeper than this is a loop. */
const MAX_NESTING = 8
/** Marks block content a reference brought into a line, for the paragraph around it to split at. */
const BLOCKS = 'substitutionBlocks'

/** What expanding a tree needs: the values in reach, a MyST reader for them, and where problems go. */
export interface SubstitutionScope {
  values: ReadonlyMap<string, string>
  /** Reads a value as MyST (its directives and includes made readable), as the page is. */
  read: (markdown: string) => MystNode
  warn: (rule: string, message: string) => void
}

/**
 * MyST substitutions (myst-parser's `substitution` extension, Jupyter Book's and mystmd's
 * `substitutions`): each `{{ key }}` in the page's text becomes its value read as MyST, inline
 * where it stands in a line, as blocks where it stands alone (a figure, a note). Done on the
 * parsed tree, so code, inline code and formulas, which hold no text nodes, keep their braces as
 * written. A key with no value is left out with a warning: myst-parser shows nothing for it either.
 * A page with no values in reach is left as written: its braces are then prose (a Jinja
 * example), as they are to a MyST parser without the substitution extension.
 */
export function expandSubstitutions(tree: MystNode, scope: SubstitutionScope): void {
  if (scope.values.size > 0) expand(tree, scope, [])
}

function expand(node: MystNode, scope: SubstitutionScope, chain: readonly string[]): void {
  if (!node.children) return
  const kids = withoutSplitReferences(node.children, scope)
  const out: MystNode[] = []
  for (const kid of kids) {
    if (kid.type === 'text' && kid.value?.includes('{{')) out.push(...inline(kid.value, scope, chain))
    else if (kid.type === 'paragraph' && loneReference(kid) !== null)
      out.push(...substituted(loneReference(kid) as string, scope, chain))
    else {
      expand(kid, scope, chain)
      out.push(...(kid.type === 'paragraph' ? splitAtBlocks(kid) : [kid]))
    }
  }
  // A paragraph's parent splits it at the blocks; anywhere else (a table cell, emphasis) they join the line.
  node.children = node.type === 'paragraph' ? out : out.flatMap((k) => (k.type === BLOCKS ? inlined(k) : [k]))
}

/** A text with its references replaced: inline content, or a marker holding blocks. */
function inline(text: string, scope: SubstitutionScope, chain: readonly string[]): MystNode[] {
  const out: MystNode[] = []
  let last = 0
  for (const m of text.matchAll(REFERENCE)) {
    if (m.index > last) out.push({ type: 'text', value: text.slice(last, m.index) })
    const blocks = substituted(m[1], scope, chain)
    if (blocks.length === 1 && blocks[0].type === 'paragraph') out.push(...(blocks[0].children ?? []))
    else if (blocks.length > 0) out.push({ type: BLOCKS, children: blocks })
    last = m.index + m[0].length
  }
  if (last < text.length) out.push({ type: 'text', value: text.slice(last) })
  return out
}

/**
 * A reference the parser cut in pieces, because markdown stands inside it (Jupyter Book's
 * `{{ '[repo](…/{repo})'.format(repo=name) }}`): a Python expression, so it is left out with a
 * warning rather than shown as half-read syntax.
 */
function withoutSplitReferences(kids: MystNode[], scope: SubstitutionScope): MystNode[] {
  const out = [...kids]
  for (let i = 0; i < out.length; i++) {
    const first = out[i].type === 'text' ? (out[i].value ?? '') : ''
    const open = first.lastIndexOf('{{')
    if (open < 0 || first.includes('}}', open)) continue
    const j = out.findIndex((k, n) => n > i && k.type === 'text' && (k.value ?? '').includes('}}'))
    if (j < 0) continue
    const last = out[j].value ?? ''
    const close = last.indexOf('}}')
    const inside = [{ type: 'text', value: first.slice(open + 2) }, ...out.slice(i + 1, j)]
    const expression = textOf({ type: 'x', children: [...inside, { type: 'text', value: last.slice(0, close) }] })
    warnUnsupported(scope, `{{ ${expression.trim()} }}`)
    out.splice(
      i,
      j - i + 1,
      { type: 'text', value: first.slice(0, open) },
      { type: 'text', value: last.slice(close + 2) },
    )
  }
  return out
}

/** The blocks a reference stands for, read as MyST and expanded in turn; none when it has no value. */
function substituted(expression: string, scope: SubstitutionScope, chain: readonly string[]): MystNode[] {
  const shown = `{{ ${expression.trim()} }}`
  const value = evaluateSubstitution(expression, scope.values)
  if ('unknown' in value) {
    scope.warn('myst-substitution', `MyST substitution ${shown}: no value is defined for it, so it is left out`)
    return []
  }
  if ('unsupported' in value) {
    warnUnsupported(scope, shown)
    return []
  }
  const key = expression.split('|')[0].trim()
  if (chain.includes(key) || chain.length >= MAX_NESTING) {
    scope.warn('myst-substitution', `MyST substitution ${shown} refers to itself: it is left out`)
    return []
  }
  const tree = scope.read(value.text)
  expand(tree, scope, [...chain, key])
  return tree.children ?? []
}

/** A paragraph cut where references brought blocks into it: the text before, the blocks, the text after. */
function splitAtBlocks(paragraph: MystNode): MystNode[] {
  const kids = paragraph.children ?? []
  if (!kids.some((k) => k.type === BLOCKS)) return [paragraph]
  const out: MystNode[] = []
  let run: MystNode[] = []
  const flush = (): void => {
    if (run.some((k) => k.type !== 'text' || (k.value ?? '').trim() !== '')) out.push({ ...paragraph, children: run })
    run = []
  }
  for (const kid of kids) {
    if (kid.type !== BLOCKS) run.push(kid)
    else {
      flush()
      out.push(...(kid.children ?? []))
    }
  }
  flush()
  return out
}

/** Blocks brought into a line that cannot be split (a table cell): paragraphs give their text. */
function inlined(marker: MystNode): MystNode[] {
  return (marker.children ?? []).flatMap((k) => (k.type === 'paragraph' ? (k.children ?? []) : [k]))
}

/** The expression of a paragraph that is one reference and nothing else, or null. */
function loneReference(paragraph: MystNode): string | null {
  const kids = paragraph.children ?? []
  if (kids.length === 0 || kids.some((k) => k.type !== 'text')) return null
  const m = LONE.exec(kids.map((k) => k.value ?? '').join(''))
  return m ? m[1] : null
}

function warnUnsupported(scope: SubstitutionScope, shown: string): void {
  scope.warn('myst-substitution', `MyST substitution ${shown} uses Jinja beyond keys and text filters: it is left out`)
}
