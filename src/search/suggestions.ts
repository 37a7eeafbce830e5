import type { TermVectors } from './term-vectors.js'
import { foldWord, isCjk, queryWords } from '../text/tokenize.js'
import { STOP_WORDS } from '../text/stop-words.js'

const COMPLETIONS = 3
const MIN_COMPLETION = 3

/**
 * "Did you mean" from the site's own words: a query word no post the reader may see holds is
 * replaced by the nearest word that one does hold (fewest edits, a swapped pair of letters
 * counting as one, then the most common), so 'varaince' suggests 'variance'. When every word
 * is known, the last one, if still being typed, is completed instead ('vari' → 'variance').
 * Words only drafts hold are never offered to guests.
 */
export function suggestionsFor(vocabulary: TermVectors, query: string, drafts: boolean, complete: boolean): string[] {
  const words = queryWords(query)
  if (words.length === 0) return []
  const corrected = words.map((w) => correction(vocabulary, w, drafts))
  if (corrected.some((c) => c !== null)) return [words.map((w, i) => corrected[i] ?? w).join(' ')]
  if (complete) return []
  const key = foldWord(words[words.length - 1])
  if (key.length < MIN_COMPLETION || isCjk(key)) return []
  const head = words.slice(0, -1).join(' ')
  return vocabulary
    .startingWith(key)
    .filter((w) => w !== key && !isCjk(w))
    .map((w) => [w, vocabulary.postsWith(w, drafts)] as const)
    .filter(([, posts]) => posts > 0)
    .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, COMPLETIONS)
    .map(([w]) => (head ? `${head} ${w}` : w))
}

/** The word to suggest instead of `word`, or null when it is fine (known, a stop word, a number, too short) or nothing is near. */
function correction(vocabulary: TermVectors, word: string, drafts: boolean): string | null {
  const key = foldWord(word)
  if (key.length < 4 || isCjk(key) || /\d/.test(key) || STOP_WORDS.has(word)) return null
  if (vocabulary.postsWith(key, drafts) > 0) return null
  let best: { word: string; distance: number; posts: number } | null = null
  for (const [candidate] of vocabulary.spelledLike(key, key.length < 7 ? 1 : 2)) {
    const posts = vocabulary.postsWith(candidate, drafts)
    if (posts === 0 || candidate === key) continue
    const distance = editDistance(key, candidate)
    if (!best || distance < best.distance || (distance === best.distance && posts > best.posts))
      best = { word: candidate, distance, posts }
  }
  return best?.word ?? null
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) rows[0][j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1)
      rows[i][j] = d
    }
  }
  return rows[a.length][b.length]
}
