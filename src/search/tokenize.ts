import { normaliseWord } from '../ai/local/text/terms.js'
import { STOP_WORDS } from '../ai/local/text/stop-words.js'

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
/** A run of CJK characters, or a word of any other script (letters, marks, digits, inner apostrophes). */
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu

export const isCjk = (term: string): boolean => CJK_CHAR.test(term)

/** Lower case, accents folded ("Émile" is "emile"), plurals and possessives folded like the AI terms. */
export function foldWord(word: string): string {
  // Most words are plain ASCII: skip the costly normalisation for them (a third of indexing time).
  const plain = /^[A-Za-z0-9'’]*$/.test(word) ? word : word.normalize('NFKD').replace(/\p{M}+/gu, '')
  return normaliseWord(plain).replace(/['’]/g, '')
}

/**
 * The terms of a text as index and queries both see them. Chinese and Japanese have no spaces:
 * a run becomes its overlapping character pairs (a lone character stays itself), so "多线程"
 * is found in "支持多线程编程" without a dictionary. English function words are dropped: they
 * match nearly every post and would make every AND query depend on them.
 */
export function searchTerms(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0]
    if (isCjk(token)) {
      const chars = [...token]
      if (chars.length === 1) out.push(token)
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1])
      continue
    }
    const lower = token.toLowerCase()
    if (STOP_WORDS.has(lower)) continue
    const term = foldWord(token)
    if (term.length > 0 && !STOP_WORDS.has(term)) out.push(term)
  }
  return out
}

/** The words of a query as typed (for prefix completion of the last one), lower case. */
export function queryWords(query: string): string[] {
  return [...query.matchAll(TOKEN)].map((m) => m[0].toLowerCase())
}
