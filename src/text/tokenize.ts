import { normaliseWord } from './stem.js'
import { STOP_WORDS } from './stop-words.js'

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
/** A run of CJK characters, or a word of any other script (letters, marks, digits, inner apostrophes). */
const TOKEN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu

export const isCjk = (term: string): boolean => CJK_CHAR.test(term)

/** Lower case, accents folded ("Émile" is "emile"), plurals and possessives folded as key terms fold them (stem.ts). */
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
    const cacheable = token.length < SHORT_TOKEN
    let term = cacheable ? folded.get(token) : undefined
    if (term === undefined) {
      term = isCjk(token) ? CJK_RUN : termOf(token)
      if (cacheable) {
        if (folded.size >= FOLDED_MAX) folded.clear()
        folded.set(token, term)
      }
    }
    if (term === CJK_RUN) {
      const chars = [...token]
      if (chars.length === 1) out.push(token)
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1])
    } else if (term) out.push(term)
  }
  return out
}

/** A non-CJK token's term, or '' for a function word. */
function termOf(token: string): string {
  if (STOP_WORDS.has(token.toLowerCase())) return ''
  const term = foldWord(token)
  return STOP_WORDS.has(term) ? '' : term
}

/**
 * Tokens already folded: words repeat (a few thousand make up most of any text), and folding
 * was a quarter of building the index. Bounded, so a long-running server's cache stays small.
 */
const folded = new Map<string, string>()
const FOLDED_MAX = 200_000
/** Longer matches are V8 slices of the whole text: kept as keys, they would keep every body alive. */
const SHORT_TOKEN = 13
/** Marks a CJK run in `folded`: its pairs are made from the token itself. */
const CJK_RUN = '\u0000cjk'

/** The words of a query as typed (for prefix completion of the last one), lower case. */
export function queryWords(query: string): string[] {
  return [...query.matchAll(TOKEN)].map((m) => m[0].toLowerCase())
}
