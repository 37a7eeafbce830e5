import type { MathematicalModel } from '../../../shared/schemas/index.js'
import type { DisplayFormula, EssayDoc } from '../essay/types.js'
import { clip } from '../text/format.js'

type Equation = MathematicalModel['equations'][number]

export const MAX_EQUATIONS = 20

/**
 * The essay's display formulas as equations, in order: named by their place (the heading or
 * "Theorem"/"Proof" lead-in above, and the author's label), described by the sentence that
 * introduces them, the TeX as written (labels and numbering aside).
 */
export function equationsOf(doc: EssayDoc): Equation[] {
  const perContext = new Map<string, number>()
  return doc.displays.slice(0, MAX_EQUATIONS).map((d) => {
    const where = d.context ?? 'Equation'
    const k = (perContext.get(where) ?? 0) + 1
    perContext.set(where, k)
    const name = d.label ? `${where} (${d.label})` : d.context ? `${where}, equation ${k}` : `Equation ${d.index + 1}`
    return { name, equation: d.tex, description: describe(d) }
  })
}

function describe(d: DisplayFormula): string {
  if (d.before && d.before.text.length >= 8) return clip(d.before.text, 300)
  if (d.after && /^(?:where|here|with|in which)\b/i.test(d.after.text)) return clip(d.after.text, 300)
  return `Display formula ${d.index + 1} of the essay; the text does not introduce it.`
}

const RECURRENCE = /_\{?\s*[tkn]\s*[+-]\s*1\s*\}?/
const UPDATE = /\\leftarrow|\\gets|:=/
const RATE = /\\frac\s*\{\s*(?:\\mathrm\{d\}|d|\\partial)\s*[^{}]*\}\s*\{\s*(?:\\mathrm\{d\}|d|\\partial)\s*t\s*\}|\\dot\s*\{|\\dot\s*[A-Za-z]/

/**
 * Formulas that say how something changes: recurrences (`x_{t+1} = …`), update rules
 * (`w \leftarrow …`) and rates (`dx/dt`, `\dot{x}`); at most three, in the essay's order.
 */
export function dynamicsOf(doc: EssayDoc): string[] {
  const all = [...doc.displays.map((d) => d.tex), ...doc.inline.map((f) => f.tex)]
  const found: string[] = []
  for (const tex of all) {
    if (found.length >= 3) break
    const changes = RATE.test(tex) || UPDATE.test(tex) || (RECURRENCE.test(tex) && /=|\\approx/.test(tex))
    if (changes && !found.includes(tex.trim())) found.push(tex.trim())
  }
  return found
}

/** One math block for the panel: several formulas stacked, unless one is itself laid out in rows. */
export function dynamicsText(formulas: string[], formulaCount: number): string {
  if (formulas.length === 0) {
    return formulaCount === 0
      ? 'The essay states no formulas, so nothing about how its quantities change can be read from it.'
      : `None of the essay's ${formulaCount} formulas is a recurrence, an update rule or a rate of change: the relations it states are static.`
  }
  const simple = formulas.filter((f) => !/\\begin|&|\\\\/.test(f))
  if (simple.length === 0) return formulas[0]
  return simple.length === 1 ? simple[0] : `\\begin{gathered}\n${simple.join(' \\\\\n')}\n\\end{gathered}`
}
