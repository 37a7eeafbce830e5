import type { Sentence } from '../../../text/essay-doc.js'
import { lower, termPattern } from '../term-patterns.js'

/**
 * Words after which only a noun phrase follows: articles, possessives, "each", "every", "of". Not
 * "this", "that" or "which": they stand for a noun as well ("this operates", "which allocates").
 */
const DETERMINER = /(?:^|[^\p{L}\p{N}'’])(?:the|a|an|its|their|our|your|each|every|whose|of)\s+$/u

/**
 * A single lower-case word the essay uses as a noun: somewhere it stands after an article or a
 * possessive ("the norm", "a selector", "its aggregation"). A verb, adjective or adverb never does
 * ("to operate", "we allocate", "ensure", "definitely"), whatever its suffix; a word that is both
 * ("the transforms", "transforms a sequence") counts as a noun. Phrases, capitalised names and
 * abbreviations are not judged here: a tagger's guess on technical prose is no better (compromise
 * tagged "convergence rates", "weight tying" and "CLAP head" as verbs).
 */
export function usedAsNoun(key: string, surface: string, sentences: readonly Sentence[]): boolean {
  if (/\s/.test(surface.trim()) || !/^\p{Ll}/u.test(surface)) return true
  const pattern = new RegExp(termPattern(key).source, 'g')
  return sentences.some((s) => {
    const text = lower(s)
    for (const m of text.matchAll(pattern))
      if (DETERMINER.test(text.slice(Math.max(0, m.index - 12), m.index))) return true
    return false
  })
}
