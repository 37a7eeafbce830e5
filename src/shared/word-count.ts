/** Han ideographs, kana and Hangul: scripts read (and counted) character by character. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu
const TOKEN = /\S+/g
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/** How much a reader reads: words of spaced scripts, and CJK characters, which are read at their own speed. */
export interface ReadingLength {
  words: number
  cjkCharacters: number
}

/**
 * What a reader reads in `text`: runs of non-space characters with at least one letter or
 * digit (a lone dash is not a word), and CJK characters one by one.
 */
export function countReading(text: string): ReadingLength {
  let cjkCharacters = 0
  const rest = text.replace(CJK, () => {
    cjkCharacters++
    return ' '
  })
  let words = 0
  TOKEN.lastIndex = 0
  for (let m = TOKEN.exec(rest); m !== null; m = TOKEN.exec(rest)) {
    if (HAS_LETTER_OR_DIGIT.test(m[0])) words++
  }
  return { words, cjkCharacters }
}

/** Words a reader reads in `text`, each CJK character counting as one (schema.org's wordCount). */
export function countWords(text: string): number {
  const { words, cjkCharacters } = countReading(text)
  return words + cjkCharacters
}
