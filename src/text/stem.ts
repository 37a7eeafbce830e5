/**
 * A word's key: lower case, without a possessive, plural folded ("models" and "model" are one
 * term). Light on purpose: a real stemmer would merge "learning" and "learn", which readers
 * see as different terms.
 */
export function normaliseWord(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '')
  if (w.length > 4) {
    if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`
    else if (w.endsWith('sses')) w = w.slice(0, -2)
    else if (w.endsWith('s') && !/(?:ss|us|is|ys)$/.test(w)) w = w.slice(0, -1)
  }
  return w
}
