/** Han ideographs, kana and Hangul: scripts read (and counted) character by character. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu
const TOKEN = /\S+/g
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * Words a reader reads in `text`: runs of non-space characters with at least one letter or
 * digit (a lone dash is not a word), and each CJK character as one word.
 */
export function countWords(text: string): number {
  let cjk = 0
  const rest = text.replace(CJK, () => {
    cjk++
    return ' '
  })
  let words = 0
  TOKEN.lastIndex = 0
  for (let m = TOKEN.exec(rest); m !== null; m = TOKEN.exec(rest)) {
    if (HAS_LETTER_OR_DIGIT.test(m[0])) words++
  }
  return cjk + words
}
