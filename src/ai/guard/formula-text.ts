import katex from 'katex'
import { withoutColour } from '../../markdown/tex-to-text.js'
import { readableTexOrNull } from '../../text/readable.js'
import { hasTexInProse } from './tex-in-prose.js'
import { expandMacros, type MacroTable } from './tex-macros.js'

/**
 * Commands that change only how a formula is set, not what it says: read as text they become
 * words ("displaystyle f"), so they go before reading. `\mathop{…}`, the old font switches and
 * colours keep their content.
 */
function withoutStyle(tex: string): string {
  return withoutColour(tex)
    .replace(
      /\\(?:displaystyle|textstyle|scriptstyle|scriptscriptstyle|limits|nolimits|nonumber|notag)(?![A-Za-z])/g,
      '',
    )
    .replace(/\\(?:rm|bf|it|sf|tt|cal)(?![A-Za-z])\s*/g, '')
    .replace(/\\mathop\s*\{([^{}]*)\}/g, '\\operatorname{$1}')
    .replace(/\\(?:lbrace)(?![A-Za-z])/g, '\\{')
    .replace(/\\(?:rbrace)(?![A-Za-z])/g, '\\}')
}

/** The formula with the author's macros expanded and style commands gone: what the page typesets. */
export function expandedTex(tex: string, macros: MacroTable): string {
  return withoutStyle(expandMacros(tex, macros))
}

/**
 * A formula as plain text for an aid's prose, read as the page typesets it (KaTeX with the
 * essay's own macros); null when KaTeX cannot typeset it or plain text cannot show it (a
 * subscript with no Unicode form, a command the reading does not know): then the aid leaves
 * the formula out rather than show TeX.
 */
export function formulaText(tex: string, macros: MacroTable): string | null {
  // A trailing shape ("… \in \mathbb{R}^{n \times v}") says what kind of value it is, not what the formula states.
  const expanded = expandedTex(tex, macros).replace(/\s*\\in\s*\\mathbb\s*\{?R\}?\s*\^\s*\{[^{}]*\}\s*[.,]?\s*$/, '')
  // As a display: an aligned block (`split`, `aligned`) typesets only there, and every caller reads displays.
  try {
    katex.renderToString(expanded, { throwOnError: true, strict: 'ignore', output: 'mathml', displayMode: true })
  } catch {
    return null
  }
  // A display's own trailing comma belongs to the sentence it stood in, not to the formula.
  const text = (readableTexOrNull(expanded) ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[,;]$/, '')
  // A script with no Unicode form ("min_D", "^(2j/d)") would be ASCII-math: ℝᵈ and x₁ read, those do not.
  return text === '' || hasTexInProse(text) || /[_^]/.test(text) ? null : text
}

/** A formula's text up to this length reads in a note; a longer one is given by its first row. */
const NOTE_FORMULA = 200

/**
 * A display formula as a note shows it: whole when its text is short enough, else its first row
 * (an aligned derivation's first step, "p(y, β, τ) = … …") with an ellipsis for the rest; null when
 * neither reads as text.
 */
export function formulaForNote(tex: string, macros: MacroTable): string | null {
  const whole = formulaText(tex, macros)
  if (whole !== null && whole.length <= NOTE_FORMULA) return whole
  const rows = expandedTex(tex, macros)
    .replace(/\\(?:begin|end)\s*\{(?:split|aligned|align\*?|gathered|eqnarray\*?|multline\*?)\}/g, '')
    .split(/\\\\(?:\[[^\]]*\])?/)
  if (rows.length < 2) return null
  const first = formulaText(rows[0].replace(/&/g, '').replace(/\\(?:cdot|times|quad|qquad|;|,)\s*$/, ''), new Map())
  return first !== null && first.length >= 5 && first.length <= NOTE_FORMULA ? `${first} …` : null
}
