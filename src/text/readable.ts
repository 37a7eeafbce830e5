import { texToText } from '../markdown/tex-to-text.js'

const ACCENTS: Record<string, string> = {
  hat: '\u0302',
  widehat: '\u0302',
  bar: '\u0304',
  overline: '\u0304',
  tilde: '\u0303',
  widetilde: '\u0303',
  dot: '\u0307',
  ddot: '\u0308',
  vec: '\u20d7',
}
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}'
const SPACE_BETWEEN_CJK = new RegExp(`(?<=[${CJK}])\\s+(?=[${CJK}])`, 'gu')

/**
 * A formula as readable text for sentences the enhancers quote: `\hat{y}` reads "ŷ" and bold
 * or blackboard letters read as the letter, before the site's own TeX-to-text conversion.
 */
export function readableTex(tex: string): string {
  const accented = tex
    // Bold, italic and sans letters read as the letter (texToText would spell the command).
    .replace(/\\(?:mathbf|boldsymbol|bm|mathit|mathsf)(?![A-Za-z])\s*/g, '')
    .replace(
      /\\(hat|widehat|bar|overline|tilde|widetilde|dot|ddot|vec)\s*\{\s*(\\?[A-Za-z]+|[A-Za-z0-9])\s*\}|\\(hat|bar|tilde|dot|vec)\s+([A-Za-z])/g,
      (whole, a1: string, b1: string, a2: string, b2: string) => {
        const accent = ACCENTS[a1 ?? a2]
        const base = texToText(b1 ?? b2)
        return [...base].length === 1 ? base + accent : whole
      },
    )
  return texToText(accented)
}

/**
 * Text as compared for "occurs in the essay": whitespace runs as one space, none between two
 * CJK characters. HTML collapses whitespace, and the essays break lines inside phrases.
 */
export function normaliseForMatch(text: string): string {
  return text.replace(/\s+/g, ' ').replace(SPACE_BETWEEN_CJK, '')
}
