import type { ReadingLength } from './word-count.js'

/** Words a minute in a script with spaces (English prose read for understanding). */
export const WORDS_PER_MINUTE = 200

/**
 * Characters a minute in Chinese, Japanese and Korean, at the same pace as the words above. The
 * corpus's five essays translated into Chinese use 1.46–1.83 characters (1.6 on average) for
 * each word of the English: 200 × 1.6. Counted as words, the translations read 1.6× as long
 * (issue 23: 28 minutes against 18).
 */
export const CJK_CHARACTERS_PER_MINUTE = 320

/** Minutes to read `length` (words and CJK characters at their own speeds), rounded up, at least one. */
export function readTimeFor(length: ReadingLength): number {
  return Math.max(1, Math.ceil(length.words / WORDS_PER_MINUTE + length.cjkCharacters / CJK_CHARACTERS_PER_MINUTE))
}
