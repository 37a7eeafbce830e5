import type { MathematicalModel } from '../../../shared/schemas/index.js'
import type { DisplayFormula, EssayDoc } from '../../../text/essay-doc.js'
import { clip } from '../../../text/format.js'
import { definitionalEquals } from './formula-head.js'

type Equation = MathematicalModel['equations'][number]

export const MAX_EQUATIONS = 30
/** Inline equations listed besides the displays (never in their place). */
const MAX_INLINE = 15

/**
 * The essay's defining equations, in order: its display formulas (named by their place, the
 * heading or "Theorem"/"Proof" lead-in above, and the author's label; described by the sentence
 * that introduces them; the TeX as written, labels and numbering aside), without a proof's
 * intermediate steps: of a proof only what it defines ("… is defined as") and the result it ends
 * on. Inline equations join them when they state a rate or recurrence (`y'(x) = ML(x)`) or the
 * sentence says what they are ("$f(x) = …$ is a three-layer network").
 */
export function equationsOf(doc: EssayDoc): Equation[] {
  const perContext = new Map<string, number>()
  const kept = doc.displays.filter((d, i) => {
    if (!isProof(d.context)) return true
    const next = doc.displays[i + 1]
    const last =
      !next || next.context !== d.context || (next.before && d.after && next.before.index > d.after.index + 3)
    return last || DEFINES.test(d.before?.text ?? '')
  })
  const placed: Array<{ at: number; equation: Equation }> = kept.slice(0, MAX_EQUATIONS).map((d) => {
    const where = d.context ?? 'Equation'
    const k = (perContext.get(where) ?? 0) + 1
    perContext.set(where, k)
    const name = d.label ? `${where} (${d.label})` : d.context ? `${where}, equation ${k}` : `Equation ${d.index + 1}`
    const at = d.before ? d.before.index + 0.5 : d.after ? d.after.index - 0.5 : d.index
    return { at, equation: { name, equation: d.tex, description: describe(d) } }
  })
  let inline = 0
  for (const f of doc.inline) {
    if (inline >= MAX_INLINE) break
    if (!/=/.test(f.tex) || placed.some((p) => p.equation.equation.trim() === f.tex.trim())) continue
    const k = f.sentence.segments.findIndex((seg) => seg.kind === 'math' && seg.tex === f.tex)
    const next = f.sentence.segments[k + 1]
    const stated =
      next?.kind === 'text' &&
      /^\s*(?:is|are|defines|gives)\s+(?:a|an|the|our)\s/i.test(next.text) &&
      f.tex.length >= 15
    if (!stated && !relates(f.tex) && !changes(f.tex, `${f.sentence.heading ?? ''} ${f.sentence.text}`)) continue
    inline++
    placed.push({
      at: f.sentence.index,
      equation: {
        name: `${f.sentence.heading ?? 'Text'}, inline equation`,
        equation: f.tex.trim(),
        description: clip(f.sentence.text, 300),
      },
    })
  }
  return placed
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_EQUATIONS + MAX_INLINE)
    .map((p) => p.equation)
}

/**
 * An inline formula that states a relation between quantities, as an essay written with few
 * displays states its model (`R_t = \sum_k \gamma^k r_{t+k}`, `L_{total} = L_1 + L_2`): an equals
 * sign outside any index, between two sides that hold symbols, at least twenty characters in all
 * (not `P(heads) = 0.5`, `\{x_n\}_{n=1}^N`, `a_{ij}`).
 */
function relates(tex: string): boolean {
  const t = definitionalEquals(tex).replace(/\s+/g, '')
  if (t.length < 20) return false
  let depth = 0
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]
    if (ch === '\\') {
      i++
      continue
    }
    if (ch === '{' || ch === '(' || ch === '[') depth++
    else if (ch === '}' || ch === ')' || ch === ']') depth--
    else if (ch === '=' && depth === 0 && !/[<>!]/.test(t[i - 1] ?? '')) {
      const [left, right] = [t.slice(0, i), t.slice(i + 1)]
      const symbol = /[A-Za-z]|\\(?!(?:top|ldots|cdots|dots|quad|qquad)(?![A-Za-z]))[A-Za-z]+/
      return symbol.test(left) && symbol.test(right.replace(/\\(?:top|ldots|cdots|dots|quad|qquad)(?![A-Za-z])/g, ''))
    }
  }
  return false
}

const isProof = (context: string | null) => context !== null && /^proof\b/i.test(context)
/** A proof's line that defines something rather than derives it. */
const DEFINES = /\b(?:is|are)\s+(?:defined|given)\s+(?:as|by)\b|\bby\s+definition\b|\bdefined\s+(?:as|by)\b/i

function describe(d: DisplayFormula): string {
  if (d.before && d.before.text.length >= 8) return clip(d.before.text, 300)
  if (d.after && /^(?:where|here|with|in which)\b/i.test(d.after.text)) return clip(d.after.text, 300)
  return `Display formula ${d.index + 1} of the essay; the text does not introduce it.`
}

const RECURRENCE = /_\{?\s*[tknij]\s*[+-]\s*1\s*\}?/
/** `y'(x) = …` is a rate where the text speaks of a differential equation (not `L'(b)` in a proof). */
const PRIME_OF = /[A-Za-z}]'+\s*\(\s*[A-Za-z]\s*\)\s*=/
const DIFFERENTIAL = /\bdifferential\s+equations?\b|\bODEs?\b|\bdynamic|\bover\s+time\b|\bevolv|\brate\s+of\s+change\b/i
/** A derivative written with a prime: `y'(x) = …`, `x^\prime = …`, `x' = … x …`. */
const PRIME =
  /[A-Za-z}]'+\s*\(\s*t\s*\)\s*=|\^\s*\{?\s*\\prime\s*\}?[^=]*=|(?<![A-Za-z\\_])([A-Za-z])'\s*=.*(?<![A-Za-z\\_{])\1(?![A-Za-z])/
const UPDATE = /\\leftarrow|\\gets|:=/
const RATE =
  /\\frac\s*\{\s*(?:\\mathrm\{d\}|d|\\partial)\s*[^{}]*\}\s*\{\s*(?:\\mathrm\{d\}|d|\\partial)\s*t\s*\}|\\d{1,3}ot(?![A-Za-z])/

/**
 * Formulas that say how something changes: recurrences (`x_{t+1} = …`, `y_{i+1} = …`), update
 * rules (`w \leftarrow …`) and rates (`dx/dt`, `\dot{x}`, `\ddot{x}`, `y'(x)`, `x^\prime`); at most three, in
 * the essay's order.
 */
export function dynamicsOf(doc: EssayDoc): string[] {
  const all = [
    ...doc.displays.map((d) => ({
      tex: d.tex,
      around: `${d.context ?? ''} ${d.before?.heading ?? ''} ${d.before?.text ?? ''} ${d.after?.text ?? ''}`,
    })),
    ...doc.inline.map((f) => ({ tex: f.tex, around: `${f.sentence.heading ?? ''} ${f.sentence.text}` })),
  ]
  const found: string[] = []
  for (const { tex, around } of all) {
    if (found.length >= 3) break
    if (changes(tex, around) && !found.includes(tex.trim())) found.push(tex.trim())
  }
  return found
}

/** A recurrence (`x_{t+1} = …`), an update rule (`w \leftarrow …`) or a rate (`dx/dt`, `\dot{x}`, `x'(t)`). */
function changes(tex: string, around: string): boolean {
  return (
    RATE.test(tex) ||
    UPDATE.test(tex) ||
    PRIME.test(tex) ||
    (PRIME_OF.test(tex) && DIFFERENTIAL.test(around)) ||
    (RECURRENCE.test(tex) && /=|\\approx/.test(tex))
  )
}

/** One math block for the panel: several formulas stacked, unless one is itself laid out in rows. */
export function dynamicsText(
  formulas: string[],
  formulaCount: number,
  iterative: { quotes: string[] } | null = null,
): string {
  if (formulas.length === 0 && iterative) {
    const quoted = iterative.quotes.map((q) => `“${q}”`).join(' ')
    return `No formula in the essay states how anything changes, but its text describes a process repeated over iterations${quoted ? `: ${quoted}` : '.'}`
  }
  if (formulas.length === 0) {
    return formulaCount === 0
      ? 'The essay states no formulas, so there are no dynamics to read from it: nothing in it says how a quantity changes.'
      : `None of the essay's ${formulaCount} formulas is a recurrence, an update rule or a rate of change: the relations it states are static.`
  }
  const simple = formulas.filter((f) => !/\\begin|&|\\\\/.test(f))
  if (simple.length === 0) return formulas[0]
  return simple.length === 1 ? simple[0] : `\\begin{gathered}\n${simple.join(' \\\\\n')}\n\\end{gathered}`
}
