import { texToReadableText, texToText } from '../markdown/tex-to-text.js'

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}'
const SPACE_BETWEEN_CJK = new RegExp(`(?<=[${CJK}])\\s+(?=[${CJK}])`, 'gu')

/**
 * A formula as readable text for sentences the enhancers quote: `\hat{y}` reads "ŷ" (see
 * texToText), and bold, italic or sans letters read as the letter, braced or not (`\bm x`).
 */
export function readableTex(tex: string): string {
  return texToText(withoutLetterFonts(tex))
}

/** As readableTex, or null when a command has no reading (its name would stand as a word: "σ odot ε"). */
export function readableTexOrNull(tex: string): string | null {
  return texToReadableText(withoutLetterFonts(tex))
}

const withoutLetterFonts = (tex: string) =>
  tex.replace(/\\(?:mathbf|boldsymbol|bm|pmb|mathit|mathsf|mathbfit)(?![A-Za-z])\s*/g, '')

/**
 * Text as compared for "occurs in the essay": whitespace runs as one space, none between two
 * CJK characters. HTML collapses whitespace, and the essays break lines inside phrases.
 */
export function normaliseForMatch(text: string): string {
  return text.replace(/\s+/g, ' ').replace(SPACE_BETWEEN_CJK, '')
}
