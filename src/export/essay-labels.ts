import type { Element, Root } from 'hast'
import type { EssayAnchor } from '../shared/schemas/index.js'
import { attribute } from './html-tree.js'
import { latexKey } from './latex-text.js'

/** What the sanitizer prefixes every id an author chose with (and the footnotes' ids). */
const ID_PREFIX = 'user-content-'
/** Before a labelled display (rehype-equation-anchors): `user-content-eq-KEY`. */
const EQUATION_PREFIX = `${ID_PREFIX}eq-`
/** Characters a `\label` key can hold whatever the encoding (an id in Chinese cannot). */
const SAFE_KEY = /^[A-Za-z0-9:._/+-]+$/

/** What a link inside the essay points at, in LaTeX terms. */
export type InternalTarget =
  | { kind: 'equation'; key: string }
  | { kind: 'numbered'; key: string }
  | { kind: 'label'; key: string }
  | { kind: 'footnote'; id: string }
  | { kind: 'none' }

/**
 * The essay's labels as the stored HTML and document name them, as LaTeX keys: the author's own
 * (`sec_intro`, `eq:bvn`) where they are safe in `\label`, made-up ones otherwise. Made once per
 * document, before writing, so that a reference written before its target still finds it.
 */
export class EssayLabels {
  private readonly keys = new Map<string, string>()
  private readonly kinds = new Map<string, EssayAnchor['kind']>()
  private readonly equationNumbers = new Map<string, string>()

  constructor(tree: Root, anchors: readonly EssayAnchor[]) {
    for (const a of anchors) {
      this.kinds.set(a.id, a.kind)
      if (a.kind === 'equation' && a.number) this.equationNumbers.set(a.key, a.number)
    }
    for (const id of idsIn(tree)) this.register(id)
  }

  private register(id: string): void {
    // Only ids an author chose (the sanitizer prefixes them): heading slugs were never labels.
    if (this.keys.has(id) || isChromeId(id) || !id.startsWith(ID_PREFIX)) return
    const author = latexKey(
      id.startsWith(EQUATION_PREFIX)
        ? id.slice(EQUATION_PREFIX.length)
        : id.startsWith(ID_PREFIX)
          ? id.slice(ID_PREFIX.length)
          : id,
    )
    const taken = new Set(this.keys.values())
    let key = SAFE_KEY.test(author) ? author : `label:${this.keys.size + 1}`
    while (taken.has(key)) key += '+'
    this.keys.set(id, key)
  }

  /** The `\label` key of an element id, or null when the essay defines no such id. */
  keyOf(id: string): string | null {
    return this.keys.get(id) ?? null
  }

  /** The labels a display formula's anchors (`span.equation-anchor`) give it, with the numbers the site shows. */
  equationLabel(anchor: Element): { key: string; number: string | null } | null {
    const id = attribute(anchor, 'id')
    if (!id?.startsWith(EQUATION_PREFIX)) return null
    const key = this.keyOf(id)
    return key ? { key, number: this.equationNumbers.get(id.slice(EQUATION_PREFIX.length)) ?? null } : null
  }

  /** Where an in-page link (`#…`) leads. */
  target(href: string): InternalTarget {
    const id = decodeSafely(href.slice(1))
    if (id.startsWith(`${ID_PREFIX}fn-`)) return { kind: 'footnote', id: id.slice(`${ID_PREFIX}fn-`.length) }
    const key = this.keyOf(id)
    if (!key) return { kind: 'none' }
    if (id.startsWith(EQUATION_PREFIX)) return { kind: 'equation', key }
    const kind = this.kinds.get(id)
    return kind === 'figure' || kind === 'table' ? { kind: 'numbered', key } : { kind: 'label', key }
  }
}

/** Footnote numbers and back-links, the references list: ids the export does not label. */
function isChromeId(id: string): boolean {
  return (
    id.startsWith(`${ID_PREFIX}fn`) ||
    id.startsWith('ref-') ||
    id === 'references' ||
    id === 'references-heading' ||
    id === `${ID_PREFIX}footnote-label`
  )
}

/** Every element id, in document order. */
function idsIn(node: Root | Element, out: string[] = []): string[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    const id = attribute(child, 'id')
    if (id !== undefined) out.push(id)
    idsIn(child, out)
  }
  return out
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
