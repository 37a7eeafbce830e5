import type { Accept, SearchIndex } from './search-index.js'
import { foldWord, isCjk, queryWords } from './tokenize.js'
import { STOP_WORDS } from '../ai/local/text/stop-words.js'

const MAX_SUGGESTIONS = 5
const COMPLETIONS = 3

/**
 * "Did you mean" from the site's own words: a query word no visible post holds is replaced by
 * the nearest word that posts do hold (fewest edits, a swapped pair of letters counting as
 * one, then the most common), so 'varaince' suggests 'variance'. When every word is known, the
 * last one, if still being typed, is completed instead ('vari' → 'variance', 'variational').
 */
export function suggestionsFor(index: SearchIndex, query: string, accept: Accept, complete: boolean): string[] {
  const words = queryWords(query)
  if (words.length === 0) return []
  const corrected = words.map((w) => correction(index, w, accept))
  if (corrected.some((c, i) => c !== null && c !== words[i])) {
    return [words.map((w, i) => corrected[i] ?? w).join(' ')]
  }
  if (complete) return []
  const last = words[words.length - 1]
  const key = foldWord(last)
  if (key.length < 2 || isCjk(key)) return []
  const head = words.slice(0, -1).join(' ')
  const completions = [...index.wordsNear(key, accept, { prefix: true })]
    .filter(([w]) => w.startsWith(key) && !isCjk(w))
    .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, COMPLETIONS)
  return completions.map(([w]) => (head ? `${head} ${w}` : w)).slice(0, MAX_SUGGESTIONS)
}

/** The word to suggest instead of `word`, or null when it is fine (known, a stop word, a number, too short). */
function correction(index: SearchIndex, word: string, accept: Accept): string | null {
  const key = foldWord(word)
  if (key.length < 4 || isCjk(key) || /\d/.test(key) || STOP_WORDS.has(word)) return null
  if (index.knows(key, accept)) return null
  const near = index.wordsNear(key, accept, { fuzzy: key.length < 7 ? 1 : 2 })
  let best: { word: string; distance: number; posts: number } | null = null
  for (const [candidate, posts] of near) {
    const distance = editDistance(key, candidate)
    if (!best || distance < best.distance || (distance === best.distance && posts > best.posts)) best = { word: candidate, distance, posts }
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
