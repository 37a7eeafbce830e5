import { LabelRegistry } from '../../syntax/labels.js'
import { rewriteTex, tagDisplay } from '../../syntax/tex.js'
import { TheoremCounter, theoremWord } from '../blocks.js'
import { field, textOf, type MystNode } from './myst-node.js'
import { figurePictures, isPictures, subfigureLetter } from './subfigures.js'
import { termKey } from './glossary.js'

/** What a label names, for references to say: "(3)", "Figure 2", "Lemma 1", a section's title. */
export interface MystTarget {
  kind: 'equation' | 'section' | 'figure' | 'table' | 'theorem' | 'anchor'
  /** What a reference shows. */
  text: string
  /** The running number alone, where the target has one. */
  number?: string
}

/**
 * Numbers what a MyST document labels, in document order, before any reference is resolved (a
 * reference may come before its target). Equations share the LabelRegistry the rest of the
 * renderer uses, so `\label`/`\eqref` inside formulas and MyST's `:label:` count as one
 * sequence; figures and tables are numbered only when labelled, as elsewhere in Scholia;
 * theorem-like blocks each kind on its own, as sphinx-proof does.
 */
export class MystNumbering {
  readonly labels = new LabelRegistry()
  private readonly theorems = new TheoremCounter()
  private readonly targets = new Map<string, MystTarget>()
  /** `(other)=` before a block that has its own label: both names lead to it. */
  private readonly aliases = new Map<string, string>()

  /** Walks the tree once: `(label)=` targets attached, display formulas tagged, blocks numbered. */
  number(root: MystNode): void {
    this.walk(root)
  }

  /** The label a key stands for: itself, or the block's own label when `(key)=` named it a second time. */
  canonical(key: string): string {
    return this.aliases.get(key) ?? key
  }

  target(key: string): MystTarget | undefined {
    const alias = this.aliases.get(key)
    if (alias !== undefined) return this.target(alias)
    const eq = this.labels.equation(key)
    if (eq) return { kind: 'equation', text: `(${eq})`, number: eq }
    return this.targets.get(key)
  }

  private walk(parent: MystNode): void {
    const kids = parent.children
    if (!kids) return
    for (let i = 0; i < kids.length; i++) {
      const node = kids[i]
      if (node.type === 'mystTarget' && field(node, 'label')) attachTarget(kids, i)
      this.visit(node)
      this.walk(node)
    }
  }

  /** A figure's subfigures are "Figure 1a", "Figure 1b", labelled `{key}-a`, `{key}-b` unless labelled. */
  private numberSubfigures(figure: MystNode, key: string, n: string): void {
    // `(label)=` over a line's picture names that subfigure.
    const kids = figure.children ?? []
    kids.forEach((kid, i) => {
      const images =
        kids[i + 1] && isPictures(kids[i + 1]) ? (kids[i + 1].children ?? []).filter((c) => c.type === 'image') : []
      const label = kid.type === 'mystTarget' ? labelOf(kid) : undefined
      if (!label || images.length !== 1 || labelOf(images[0])) return
      images[0].label = label
      kid.attached = true
    })
    const pictures = figurePictures(figure)
    if (pictures.length < 2) return
    pictures.forEach((picture, i) => {
      const number = `${n}${subfigureLetter(i)}`
      const sub = labelOf(picture) ?? `${key}-${subfigureLetter(i)}`
      this.labels.addNumberedAnchor(sub, 'figure', number, field(picture, 'alt'))
      this.targets.set(sub, { kind: 'figure', text: `Figure ${number}`, number })
    })
  }

  private visit(node: MystNode): void {
    const key = labelOf(node)
    switch (node.type) {
      case 'glossary':
        // Each term a target `{term}` names (`term-myst`), on this page and from the book's others.
        for (const list of node.children ?? [])
          for (const term of list.type === 'definitionList' ? (list.children ?? []) : []) {
            const text = textOf(term).trim()
            const termId = term.type === 'definitionTerm' && text ? termKey(text) : undefined
            if (!termId || this.targets.has(termId)) continue
            this.labels.addAnchor(termId, 'anchor', text)
            this.targets.set(termId, { kind: 'anchor', text })
            term.termKey = termId
          }
        return
      case 'heading':
        if (key) {
          this.labels.addAnchor(key, 'section', textOf(node))
          this.targets.set(key, { kind: 'section', text: textOf(node) || key })
        }
        return
      case 'math': {
        let tex = rewriteTex(node.value ?? '', true, this.labels)
        if (key) tex = tagDisplay(tex, key, this.labels)
        node.value = tex
        return
      }
      case 'container': {
        const kind = field(node, 'kind') === 'table' ? 'table' : 'figure'
        if (!key) return
        this.labels.addAnchor(key, kind, captionText(node))
        const n = this.labels.list().find((a) => a.key === key)?.number
        if (n) this.targets.set(key, { kind, text: `${kind === 'table' ? 'Table' : 'Figure'} ${n}`, number: n })
        node.numberedAs = n
        if (n && kind === 'figure') this.numberSubfigures(node, key, n)
        return
      }
      case 'proof':
      case 'exercise': {
        const kind = node.type === 'exercise' ? 'exercise' : (field(node, 'kind') ?? 'theorem')
        if (kind === 'proof' || field(node, 'gate') === 'end') return
        const label = node.enumerated === false ? theoremWord(kind) : this.theorems.next(kind)
        node.shownAs = label
        if (key) {
          this.labels.addAnchor(key, 'anchor', label)
          this.targets.set(key, { kind: 'theorem', text: label })
        }
        return
      }
      case 'solution': {
        // "Solution to Exercise 2", as the block itself says, for a reference to its `:label:`.
        if (!key) return
        const title = node.children?.find((k) => k.type === 'admonitionTitle')
        const ref = title?.children?.find((c) => c.type === 'crossReference')
        const exercise = ref ? this.target(labelOf(ref) ?? '') : undefined
        const text = exercise ? `Solution to ${exercise.text}` : 'Solution'
        this.labels.addAnchor(key, 'anchor', text)
        this.targets.set(key, { kind: 'theorem', text })
        return
      }
      case 'mystDirective': {
        // A code cell whose plot Jupyter Book captions and labels (`mystnb: figure: name:`).
        const figure = cellFigure(node)
        if (!figure) return
        this.labels.addAnchor(figure.name, 'figure', figure.caption)
        const n = this.labels.list().find((a) => a.key === figure.name)?.number
        if (n) this.targets.set(figure.name, { kind: 'figure', text: `Figure ${n}`, number: n })
        node.numberedAs = n
        return
      }
      case 'admonition': {
        // A note with a name (`:name: x`) is referred to by its title, or its kind's word.
        if (!key) return
        const title = node.children?.find((c) => c.type === 'admonitionTitle')
        const text = (title ? textOf(title) : '') || theoremWord(field(node, 'kind') ?? 'note')
        this.labels.addAnchor(key, 'anchor', text)
        this.targets.set(key, { kind: 'anchor', text })
        return
      }
      case 'mystTarget':
        if (key && typeof node.aliasOf === 'string') {
          this.aliases.set(key, node.aliasOf)
          // Another page's `{ref}` finds the block by this second name too (to-mdast anchors it).
          this.labels.addAnchor(key, 'anchor')
          return
        }
        if (key && !node.attached) {
          this.labels.addAnchor(key, 'anchor')
          this.targets.set(key, { kind: 'anchor', text: key })
        }
        return
    }
  }
}

/** The author's label of a node (MyST keeps it as `label`, its normalised form as `identifier`). */
export function labelOf(node: MystNode): string | undefined {
  const label = field(node, 'label') ?? field(node, 'identifier')
  return label && /^[^\s{}`<>"']+$/.test(label) ? label : undefined
}

/** `(label)=` names the block after it: the label moves onto that block, the target stays as a marker. */
function attachTarget(kids: MystNode[], index: number): void {
  const next = kids.slice(index + 1).find((k) => k.type !== 'mystTarget' && k.type !== 'mystComment')
  if (!next) return
  const label = field(kids[index], 'label') as string
  const block = next.type === 'mystDirective' && next.children?.length === 1 ? next.children[0] : next
  if (
    block.type === 'heading' ||
    block.type === 'container' ||
    block.type === 'math' ||
    block.type === 'proof' ||
    block.type === 'admonition'
  ) {
    const own = labelOf(block)
    if (own) kids[index].aliasOf = own
    else {
      block.label = label
      block.identifier = label
    }
    kids[index].attached = true
  }
}

function captionText(container: MystNode): string {
  const caption = container.children?.find((c) => c.type === 'caption' || c.type === 'paragraph')
  return caption ? textOf(caption).trim() : ''
}

/** The figure a code cell's output makes, as its `mystnb` options name and caption it. */
export function cellFigure(node: MystNode): { name: string; caption: string } | null {
  if (field(node, 'name') !== 'code-cell') return null
  const options = node.options as { mystnb?: { figure?: { name?: unknown; caption?: unknown } } } | undefined
  const figure = options?.mystnb?.figure
  const name = typeof figure?.name === 'string' ? figure.name.trim() : ''
  if (!/^[\w:.-]+$/.test(name)) return null
  return { name, caption: typeof figure?.caption === 'string' ? figure.caption.trim() : '' }
}
