import type { EssayDoc } from '../../text/essay-doc.js'
import { readableTex } from '../../text/readable.js'
import { formulaText } from '../guard/formula-text.js'
import type { MacroTable } from '../guard/tex-macros.js'
import { symbolNames, type SymbolName } from './model/symbol-names.js'

/** Symbols whose names a term may match; a term names at most a couple ("x̄ and ȳ are the sample means"). */
const MAX_SYMBOLS = 2
const MAX_FORMULA = 200

const namesOf = new WeakMap<EssayDoc, Map<string, SymbolName>>()
function names(doc: EssayDoc): Map<string, SymbolName> {
  let found = namesOf.get(doc)
  if (!found) namesOf.set(doc, (found = symbolNames(doc.sentences, doc.displays)))
  return found
}

const wholes = new WeakMap<RegExp, RegExp>()
function whole(term: RegExp): RegExp {
  let re = wholes.get(term)
  if (!re) wholes.set(term, (re = new RegExp(`^(?:the\\s+)?(?:${term.source})(?:\\s+(?:of|between|for)\\b.*)?$`)))
  return re
}

const bare = (tex: string) => tex.replace(/[\s{}]/g, '')

/**
 * How the essay writes a term in its formulas, and a formula where it stands: "Written x̄ and ȳ
 * in the essay's formulas, as in (eq:slr-ols): β̂₀ = ȳ − β̂₁ x̄." A reader who meets "the sample
 * means" in prose learns where to find them in the mathematics, which that sentence does not say.
 * Null when the essay gives the term no symbol, or no display formula uses one.
 */
export function symbolNote(doc: EssayDoc, term: RegExp, macros: MacroTable): string | null {
  const symbols = [...names(doc)]
    // The symbol's whole name, or its name with a qualifier ("sample variance of x"): not a word of a longer name.
    .filter(([, n]) => whole(term).test(n.name.toLowerCase()))
    .map(([symbol]) => symbol)
    .slice(0, MAX_SYMBOLS)
  if (symbols.length === 0) return null
  const display = doc.displays
    .map((d) => ({ d, text: formulaText(d.tex, macros) }))
    .find(
      (x) =>
        x.text !== null &&
        x.text.length <= MAX_FORMULA &&
        symbols.some((s) => bare(x.d.tex).includes(bare(s))) &&
        // Where the formula only restates the symbol ("x̄ = …" with nothing else) it still shows its use.
        x.text.length >= 5,
    )
  if (!display?.text) return null
  const written = symbols.map((s) => readableTex(s)).join(' and ')
  const where = display.d.label ? `(${display.d.label})` : 'this formula'
  const end = /[.!?]$/.test(display.text) ? '' : '.'
  return `Written ${written} in the essay's formulas, as in ${where}: ${display.text}${end}`
}
