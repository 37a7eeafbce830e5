import type { EssayDoc, Sentence } from './essay-doc.js'
import { termPhrase } from './defined-terms.js'

export interface Abbreviation {
  /** The phrase as the essay spells it out ("masked language model"). */
  long: string
  /** The short form it introduces ("MLM"), as written. */
  short: string
  sentence: Sentence
}

/** "(MLM)", "(CNFs)", "(SBI)": two to six capitals, a plural "s" allowed, alone in brackets. */
const SHORT = /\(\s*(\p{Lu}(?:\p{Lu}|\d){1,5})(s?)\s*\)/gu
/** Words a spelled-out phrase may hold without giving a letter ("sum of squares" → SS). */
const SKIPPED = new Set(['of', 'and', 'the', 'for', 'a', 'an', 'to', 'in', 'on', 'with'])

/**
 * Phrases the essay spells out before the short form it will use: "masked language model (MLM)".
 * An author introduces an abbreviation for a term the essay keeps coming back to, so this is a
 * definitional cue that holds on any essay. The phrase must give the short form's letters, in
 * order, from its words' initials (a hyphenated word may give one or each part's), as in
 * Schwartz and Hearst's rule for biomedical text. A phrase written in capitals word by word is
 * left out: it is as often a name ("Technical University of Munich (TUM)") as a term, and names
 * are never annotated.
 */
export function abbreviations(doc: EssayDoc): Abbreviation[] {
  const out: Abbreviation[] = []
  const seen = new Set<string>()
  for (const s of doc.sentences) {
    // Only what the reader can have highlighted: no link text, code or formula.
    const text = s.prose.replace(/\n/g, ' ∎ ')
    for (const m of text.matchAll(SHORT)) {
      const short = m[1] + m[2]
      const letters = m[1].replace(/\d/g, '').toLowerCase()
      if (letters.length < 2 || seen.has(short.toLowerCase())) continue
      const long = spelledOut(text.slice(0, m.index).split(' ∎ ').pop()!, letters)
      if (!long) continue
      const words = long.split(/\s+/)
      if (words.every((w) => /^\p{Lu}/u.test(w) || SKIPPED.has(w))) continue
      if (termPhrase(long) !== long) continue
      seen.add(short.toLowerCase())
      out.push({ long, short, sentence: s })
    }
  }
  return out
}

/** The last words before the bracket whose initials give `letters` exactly; null when none do. */
function spelledOut(before: string, letters: string): string | null {
  const words = before.trimEnd().split(/\s+/).filter(Boolean)
  // Up to two words more than letters: "sum of squares", "the rate of change".
  for (let take = 1; take <= Math.min(words.length, letters.length + 2); take++) {
    const phrase = words.slice(words.length - take)
    if (!phrase.every((w) => /^\p{L}[\p{L}'’-]*\p{L}$/u.test(w))) return null
    if (SKIPPED.has(phrase[0].toLowerCase())) continue
    if (initialsGive(phrase, letters)) return phrase.join(' ')
  }
  return null
}

function initialsGive(words: readonly string[], letters: string): boolean {
  const match = (i: number, at: number): boolean => {
    if (i === words.length) return at === letters.length
    const w = words[i].toLowerCase()
    if (SKIPPED.has(w) && match(i + 1, at)) return true
    const parts = w.split('-').filter(Boolean)
    // A hyphenated word gives its first letter, or one letter for each part ("simulation-based" → S or SB).
    const options = parts.length > 1 ? [parts[0][0], parts.map((p) => p[0]).join('')] : [w[0]]
    return options.some((o) => letters.startsWith(o, at) && match(i + 1, at + o.length))
  }
  return match(0, 0)
}
