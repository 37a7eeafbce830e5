import type { EssayDoc, Sentence } from '../../text/essay-doc.js'
import { clip } from '../../text/format.js'
import { STOP_WORDS } from '../../text/stop-words.js'

/**
 * Where an essay explains a term in its own words, beyond the sentence a reader meets it in
 * (issue 39): the opening of a section whose heading names it, or a passage where the term is
 * what a sentence is about and the next sentence goes on about it. Many essays (blog posts,
 * tutorials) never write "X is defined as", yet say what X is in a passage like these.
 */
export interface TermPassage {
  text: string
  /** The heading the passage opens, when it is the start of a section about the term. */
  heading: string | null
  /** True when it is what follows the sentence the reader meets the term in. */
  continues: boolean
}

/** Sentences that carry on about what the sentence before said: a pronoun or a connective opens them. */
const GOES_ON =
  /^(?:it|its|this|these|they|their|that|those|such|here|there|thus|hence|so|in other words|that is|i\.e\.|for example|for instance|e\.g\.|in particular|in short|put differently|specifically|instead|as a result|to do so|to this end|the idea|the key|the trick|the point)\b/i
/** Words that may open a sentence before its subject ("The X …", "In X, …"). */
const LEAD = new Set('the a an our this each every in with for by using both such'.split(' '))
const MAX_PASSAGE = 320
const REFERENCE_HEADING = /^(?:references?|bibliography|citations?|works\s+cited|further\s+reading|sources?)\b/i
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/** Prose worth quoting: a sentence of some length, not mostly formula, no table cell, no code or question. */
export function quotable(s: Sentence | undefined): s is Sentence {
  if (!s || s.block === 'table' || s.block === 'html' || s.text.length < 25 || s.text.length > 260) return false
  if (/\?\s*$/.test(s.text) || /[`{}<>]|\b(?:def|import|return)\s/.test(s.text)) return false
  const math = s.segments.reduce((n, seg) => n + (seg.kind === 'math' ? seg.tex.length : 0), 0)
  return math < s.text.length * 0.3
}

/**
 * The essay's passage about a term (`term` matches it in lower-case text), none of it the
 * sentence `first` where the reader meets the term: a section under a heading that names it,
 * else a sentence about the term (as its subject) with the sentence that goes on about it.
 */
export function termPassage(
  doc: EssayDoc,
  term: RegExp,
  uses: readonly Sentence[],
  first: Sentence | undefined,
): TermPassage | null {
  return sectionOpening(doc, term, first) ?? subjectPassage(doc, term, uses, first)
}

/**
 * The opening of a section whose heading is the term ("## Yogi", "## Positional Encoding"): what
 * the section says first. A heading that only mentions it among other words is about something else.
 */
function sectionOpening(doc: EssayDoc, term: RegExp, first: Sentence | undefined): TermPassage | null {
  for (const h of doc.headings) {
    const heading = h.text.trim()
    const lower = heading.toLowerCase()
    const m = term.exec(lower)
    const rest = lower.replace(m?.[0] ?? '', ' ')
    // Besides the term, at most one word (a Chinese heading has no spaces: its letters count).
    const letters = rest.replace(/[^\p{L}]/gu, '')
    if (!m || contentWords(rest).length > 1 || letters.length > (CJK.test(letters) ? 2 : 12)) continue
    const section = doc.sentences.filter((s) => s.heading === h.text && s !== first && quotable(s))
    // Sentences that do not name the term say what the reader has not read beside it.
    const opening = section.slice(0, 4).filter((s) => s.block !== 'footnote')
    if (opening.length === 0) continue
    const lead = opening[0]
    const next = opening[1]
    const both = next && next.paragraph === lead.paragraph && !term.test(next.text.toLowerCase())
    return { text: joinQuoted(both ? [lead, next] : [lead]), heading, continues: false }
  }
  return null
}

/**
 * A sentence whose subject is the term, followed in its paragraph by one that goes on about it
 * ("Adam uses bias correction … It …"). The first use is left out, as the reader is reading it:
 * there only what goes on after it is quoted.
 */
function subjectPassage(
  doc: EssayDoc,
  term: RegExp,
  uses: readonly Sentence[],
  first: Sentence | undefined,
): TermPassage | null {
  for (const s of uses.slice(0, 40)) {
    if (!quotable(s) || !aboutTerm(s, term)) continue
    const next = doc.sentences[s.index + 1]
    if (s !== first && next && next.paragraph === s.paragraph && quotable(next) && GOES_ON.test(next.text))
      return { text: joinQuoted([s, next]), heading: null, continues: false }
    // Defined where first used: what the next sentence says of it is new to the reader.
    if (s === first && next && next.paragraph === s.paragraph && quotable(next) && GOES_ON.test(next.text)) {
      const after = doc.sentences[s.index + 2]
      const more = after && after.paragraph === s.paragraph && quotable(after) && GOES_ON.test(after.text)
      return { text: joinQuoted(more ? [next, after] : [next]), heading: null, continues: true }
    }
  }
  return null
}

/** The term is the sentence's subject: it comes first, after at most an article or a preposition. */
function aboutTerm(s: Sentence, term: RegExp): boolean {
  const at = s.text.toLowerCase().search(term)
  if (at < 0) return false
  const before = s.text.slice(0, at).trim().toLowerCase().split(/\s+/).filter(Boolean)
  return before.length <= 1 && before.every((w) => LEAD.has(w))
}

function joinQuoted(sentences: Sentence[]): string {
  const text = sentences.map((s) => s.text.trim()).join(' ')
  const clipped = clip(text, MAX_PASSAGE)
  return /[.!:。！…]["'”’)]*$/u.test(clipped) ? clipped : `${clipped} …`
}

/** Content words of a text: lower case, three letters or more, not a function word. */
function contentWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
}

/**
 * Whether a note tells the reader something no sentence holding its target already says: at
 * least a quarter of its words (the term's own aside) are missing from each such sentence.
 * A note that only repeats where the term stands is "circular" (issue 39) and is not made.
 */
export function addsBeyond(note: string, target: string, sentences: readonly string[]): boolean {
  const own = new Set(contentWords(target))
  const words = contentWords(note).filter((w) => !own.has(w))
  if (words.length === 0) return false
  const phrase = ` ${contentWordsSpaced(target)} `
  return sentences.every((s) => {
    if (!` ${contentWordsSpaced(s)} `.includes(phrase)) return true
    const around = new Set(contentWords(s))
    return words.filter((w) => !around.has(w)).length / words.length >= 0.25
  })
}

const contentWordsSpaced = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** A sentence in quotation marks; one that opens with a quotation of its own keeps its marks. */
const quoted = (text: string) => (/^[“"]/u.test(text) && /[”"][.!]?$/u.test(text) ? text : `“${text}”`)

/**
 * What the essay says of the term where it comes back to it, in other paragraphs than the one
 * the reader meets it in: two statements about it ("the self-attention has a O(n²d) computational
 * complexity", "the computational complexity of the recurrent layer is O(nd²)"). One alone is a
 * sentence like the reader's; two gather what the essay says of it across its length. A term the
 * essay marks (bold, "called …") where the reader meets it is one already: one more statement adds.
 */
export function laterStatements(
  doc: EssayDoc,
  term: RegExp,
  uses: readonly Sentence[],
  first: Sentence | undefined,
  /** How many statements make a note: two, or one for a term the essay itself marks as one. */
  need: 1 | 2 = 2,
): string | null {
  const seen = new Set<number>(first ? [first.paragraph] : [])
  const picked: Sentence[] = []
  for (const s of uses.slice(0, 40)) {
    // Where it comes back to it: after the sentence the reader meets it in.
    if ((first && s.index <= first.index) || seen.has(s.paragraph) || !quotable(s) || s.block === 'footnote') continue
    // A reference list's entries are titles of other works, not what the essay says.
    if (s.heading !== null && REFERENCE_HEADING.test(s.heading)) continue
    if (!/^[\p{Lu}\p{N}"“‘(]/u.test(s.text) || !/[.!]["”’)]*$/u.test(s.text)) continue
    seen.add(s.paragraph)
    picked.push(s)
    if (picked.length === 2) break
  }
  return picked.length >= need ? picked.map((s) => quoted(s.text.trim())).join(' ') : null
}
