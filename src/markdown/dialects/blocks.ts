import type { BlockContent, Blockquote, DefinitionContent, Paragraph, PhrasingContent } from 'mdast'

/**
 * The few document kinds every dialect's blocks end in (DESIGN.md "one document"): an aside
 * (admonition, callout), a theorem-like block (theorem, lemma, definition, exercise, solution…)
 * and a proof. Each dialect's reader (MyST directives, pandoc fenced divs, …) builds these
 * mdast nodes, so the page, its styles, the reading aids and the arXiv export meet one markup:
 *
 *   <div class="callout callout-note"><p class="callout-title">Note</p>…</div>
 *   <div class="theorem theorem-lemma" id="lem-x"><p><strong class="theorem-label">Lemma 2</strong>
 *     <span class="theorem-name">(Name)</span>. First paragraph…</p>…</div>
 *   <div class="proof"><p><em class="proof-label">Proof.</em> …<span class="qed">∎</span></p></div>
 *
 * A container is an mdast blockquote renamed to `div` (remark-rehype honours `data.hName`), so
 * its children stay ordinary flow content that every later step already reads.
 */

type Flow = Array<BlockContent | DefinitionContent>

/** Aside kinds and the title each shows when the author gives none. */
export const CALLOUT_TITLES: Readonly<Record<string, string>> = {
  note: 'Note',
  tip: 'Tip',
  hint: 'Hint',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
  attention: 'Attention',
  danger: 'Danger',
  error: 'Error',
  seealso: 'See also',
  admonition: 'Note',
}

/** The kinds a callout may show as (others fall back to `note`, the neutral look). */
export function calloutKind(name: string): string {
  const kind = name.toLowerCase().replace(/^admonition-/, '')
  return kind in CALLOUT_TITLES ? kind : 'note'
}

/** An aside with a title: the author's, else the kind's own word. */
export function callout(kind: string, title: PhrasingContent[] | null, children: Flow): Blockquote {
  const shown = calloutKind(kind)
  const heading: Paragraph = {
    type: 'paragraph',
    data: { hProperties: { className: ['callout-title'] } },
    children: title && title.length > 0 ? title : [{ type: 'text', value: CALLOUT_TITLES[shown] ?? 'Note' }],
  }
  return container(['callout', `callout-${shown}`], [heading, ...children])
}

/** Theorem-like kinds, by the word their label starts with. */
export const THEOREM_WORDS: Readonly<Record<string, string>> = {
  theorem: 'Theorem',
  lemma: 'Lemma',
  corollary: 'Corollary',
  proposition: 'Proposition',
  conjecture: 'Conjecture',
  definition: 'Definition',
  example: 'Example',
  exercise: 'Exercise',
  solution: 'Solution',
  remark: 'Remark',
  algorithm: 'Algorithm',
  axiom: 'Axiom',
  criterion: 'Criterion',
  assumption: 'Assumption',
  observation: 'Observation',
  property: 'Property',
  notation: 'Notation',
}

/**
 * A theorem-like block. `label` is what it shows and what references to it say ("Theorem 2");
 * `name` the author's title in parentheses; `id` the author's label, if any (the sanitizer
 * prefixes it like every author-chosen id, and `#id` links are pointed at it).
 */
export function theoremBlock(
  kind: string,
  label: string,
  name: PhrasingContent[] | null,
  id: string | null,
  children: Flow,
): Blockquote {
  const head: PhrasingContent[] = [
    {
      type: 'strong',
      data: { hProperties: { className: ['theorem-label'] } },
      children: [{ type: 'text', value: label }],
    },
  ]
  if (name && name.length > 0)
    head.push(
      { type: 'text', value: ' ' },
      {
        type: 'emphasis',
        data: { hName: 'span', hProperties: { className: ['theorem-name'] } },
        children: [{ type: 'text', value: '(' }, ...name, { type: 'text', value: ')' }],
      },
    )
  head.push({ type: 'text', value: '. ' })
  const body = leadWith(head, children)
  const node = container(['theorem', `theorem-${kind}`], body)
  if (id) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } }
  return node
}

/** A proof: "Proof." before its first paragraph and a tombstone after its last. */
export function proofBlock(children: Flow, title: PhrasingContent[] | null = null): Blockquote {
  const label: PhrasingContent = {
    type: 'emphasis',
    data: { hProperties: { className: ['proof-label'] } },
    children:
      title && title.length > 0 ? [...title, { type: 'text', value: '.' }] : [{ type: 'text', value: 'Proof.' }],
  }
  const body = leadWith([label, { type: 'text', value: ' ' }], children)
  const qed: PhrasingContent = {
    type: 'emphasis',
    data: { hName: 'span', hProperties: { className: ['qed'], ariaHidden: 'true' } },
    children: [{ type: 'text', value: '∎' }],
  }
  const last = body[body.length - 1]
  if (last?.type === 'paragraph') last.children.push({ type: 'text', value: ' ' }, qed)
  else body.push({ type: 'paragraph', data: { hProperties: { className: ['qed-line'] } }, children: [qed] })
  return container(['proof'], body)
}

/**
 * Counts theorem-like blocks of one document, each kind on its own (Theorem 1, Lemma 1,
 * Theorem 2), as Quarto and sphinx-proof number them.
 */
export class TheoremCounter {
  private readonly counts = new Map<string, number>()

  /** The next label of `kind` ("Lemma 3"). */
  next(kind: string): string {
    const n = (this.counts.get(kind) ?? 0) + 1
    this.counts.set(kind, n)
    return `${theoremWord(kind)} ${n}`
  }
}

/** "Theorem" for `theorem`, and a capitalised word for a kind this table does not know. */
export function theoremWord(kind: string): string {
  return THEOREM_WORDS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1).replace(/[-_]+/g, ' ')
}

function container(className: string[], children: Flow): Blockquote {
  return { type: 'blockquote', data: { hName: 'div', hProperties: { className } }, children }
}

/** Puts `head` at the start of the first paragraph, or in a paragraph of its own before other content. */
function leadWith(head: PhrasingContent[], children: Flow): Flow {
  const first = children[0]
  if (first?.type === 'paragraph') return [{ ...first, children: [...head, ...first.children] }, ...children.slice(1)]
  const trimmed = head.slice()
  const tail = trimmed[trimmed.length - 1]
  if (tail?.type === 'text') trimmed[trimmed.length - 1] = { ...tail, value: tail.value.trimEnd() }
  return [{ type: 'paragraph', children: trimmed }, ...children]
}
