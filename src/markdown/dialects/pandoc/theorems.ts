import type { PhrasingContent } from 'mdast'
import { proofBlock, theoremBlock, theoremWord } from '../blocks.js'
import type { PandocDiv } from './mdast-fenced-div.js'
import { takeTitle, type Flow } from './div-content.js'
import { quartoPrefix, THEOREM_PREFIXES, type QuartoLabels } from './labels.js'

/** Classes that make a theorem-like block without a Quarto label (pandoc-amsthm writes them so). */
const THEOREM_CLASSES = new Set(Object.values(THEOREM_PREFIXES).filter((k) => k !== 'solution' && k !== 'remark'))

/**
 * Unnumbered proof-like classes: Quarto typesets `.proof`, `.solution` and `.remark` like a
 * proof, with no number (they cannot be referred to); `#sol-`/`#rem-` labels are numbered.
 */
const PROOF_WORDS: Readonly<Record<string, string>> = { proof: 'Proof', solution: 'Solution', remark: 'Remark' }

/** The theorem kind (and Quarto prefix) a div asks for, or null. */
export function theoremKindOf(div: PandocDiv): { kind: string; prefix: string } | null {
  const { id, classes } = div.attributes
  const prefix = id ? quartoPrefix(id) : null
  if (prefix && prefix in THEOREM_PREFIXES) return { kind: THEOREM_PREFIXES[prefix], prefix }
  for (const c of classes) {
    if (THEOREM_CLASSES.has(c)) {
      const entry = Object.entries(THEOREM_PREFIXES).find(([, kind]) => kind === c)
      if (entry) return { kind: c, prefix: entry[0] }
    }
  }
  return null
}

/** `.proof`, `.solution`, `.remark` without a theorem label: the word they show, or null. */
export function proofWordOf(div: PandocDiv): string | null {
  for (const c of div.attributes.classes) if (c in PROOF_WORDS) return PROOF_WORDS[c]
  return null
}

/** A numbered theorem-like block, "Theorem 2 (Name).", its name from `name="…"` or a first heading. */
export function theoremFromDiv(div: PandocDiv, kind: string, prefix: string, children: Flow, labels: QuartoLabels) {
  const { name, rest } = nameOf(div, children)
  const number = labels.next(prefix, div.attributes.id)
  return theoremBlock(kind, `${theoremWord(kind)} ${number}`, name, div.attributes.id, rest)
}

/** An unnumbered proof-like block: "Proof.", "Proof (Name).", "Solution." */
export function proofFromDiv(div: PandocDiv, word: string, children: Flow) {
  const { name, rest } = nameOf(div, children)
  const title: PhrasingContent[] =
    name && name.length > 0
      ? [{ type: 'text', value: `${word} (` }, ...name, { type: 'text', value: ')' }]
      : [{ type: 'text', value: word }]
  return proofBlock(rest, title)
}

function nameOf(div: PandocDiv, children: Flow): { name: PhrasingContent[] | null; rest: Flow } {
  const written = div.attributes.values.get('name')
  if (written) return { name: [{ type: 'text', value: written }], rest: children }
  const { title, rest } = takeTitle(children)
  return { name: title, rest }
}
