import type { EssayDoc, Sentence } from '../../text/essay-doc.js'

/** "Task migration: A task can …", "**Dropout** — randomly zeroes …": a label, a colon or dash, then its explanation. */
const LABELLED = /^\s*(?:[*_]{1,2})?([^:—–*_]{2,60}?)(?:[*_]{1,2})?\s*[:—–]\s+(\S.{15,})$/u

/**
 * The explanation of a list item (or footnote, or paragraph) whose label is the term, as a
 * glossary or a list of kinds writes it ("1. Task migration: A task can observe …"). Only the
 * text after the label is returned: what the item says the term is, without the term, so the
 * note does not repeat the sentence it stands in. An author labels few phrases so, which keeps
 * the rule off words no reader needs explained. `term` matches the term in lower-case text.
 */
export function labelledItem(doc: EssayDoc, term: RegExp, uses: readonly Sentence[]): string | null {
  for (const s of uses) {
    // The label opens its block (a list item, a footnote, a paragraph): not a colon mid-paragraph.
    if (doc.sentences[s.index - 1]?.paragraph === s.paragraph) continue
    const m = LABELLED.exec(s.text)
    if (!m) continue
    // The label is the term itself (with at most an article), not a label that only mentions it.
    const label = m[1]
      .trim()
      .toLowerCase()
      .replace(/^(?:the|an?)\s+/, '')
    const hit = term.exec(label)
    if (!hit || hit[0].length !== label.length) continue
    const rest = m[2].trim()
    // What follows must be a whole sentence of prose ("Score vs Episodes", "4% of respondents …" say nothing of a term).
    if (term.test(rest.toLowerCase()) || !/^\p{Lu}/u.test(rest) || !/[.!?]["”’)]*$/u.test(rest)) continue
    if (rest.split(/\s+/).length < 5) continue
    return rest
  }
  return null
}
