import type { EssayDoc, Sentence } from './essay-doc.js'
import type { StructuralTerm } from './defined-terms.js'
import { STOP_WORDS, WEAK_WORDS } from './stop-words.js'

/** A word or up to three in quotes: how an author marks a word as a term ("singleton" dimensions, a "minimax" game). */
const QUOTED = /(?<![\p{L}\p{N}])["“‘]([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*){0,2})["”’](?![\p{L}\p{N}])/gu

/** A quote that gives a value: after "the sequence", "the string", "input is", "outputs" … */
const VALUE_BEFORE =
  /\b(?:sequence|string|input|output|prompt|token|value|character|letter)s?(?:\s+(?:is|was|equals|becomes))?\s*[:=]?\s*$/i

/**
 * Words the essay puts in quotes at their first use, as a term ("“singleton” dimensions",
 * a “minimax” game). The quoted words alone are the term: the page writes the quote between
 * them and the noun they qualify, so only they can be highlighted. Quoted speech (more than
 * three words), a manner ("“lazily”"), function words and a later quote (stress, irony) are none.
 */
export function quotedTerms(doc: EssayDoc): StructuralTerm[] {
  const out: StructuralTerm[] = []
  const seen = new Set<string>()
  for (const s of doc.sentences) {
    for (const m of s.prose.matchAll(QUOTED)) {
      const surface = m[1]
      const words = surface.split(/\s+/)
      if (words.some((w) => STOP_WORDS.has(w.toLowerCase())) || words.every((w) => WEAK_WORDS.has(w.toLowerCase())))
        continue
      if (/ly$/i.test(words[words.length - 1]) || surface.replace(/[^\p{L}]/gu, '').length < 4) continue
      // "the input is the sequence “hello”": a value the essay's example takes, not a term.
      if (VALUE_BEFORE.test(s.prose.slice(0, m.index))) continue
      const key = surface.toLowerCase()
      if (seen.has(key) || usedBefore(doc, s, key)) continue
      seen.add(key)
      out.push({ surface, source: 'emphasised', sentence: s })
    }
  }
  return out
}

/** A word the prose has used before its quote is stress or irony there, not a term introduced. */
function usedBefore(doc: EssayDoc, s: Sentence, key: string): boolean {
  const used = new RegExp(`(?<![\\p{L}\\p{N}])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u')
  return doc.sentences.slice(0, s.index).some((e) => used.test(e.text.toLowerCase()))
}
