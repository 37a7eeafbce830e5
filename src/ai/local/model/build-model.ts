import type { MathematicalModel } from '../../../shared/schemas/index.js'
import type { EssayInput } from '../../provider.js'
import type { EssayDoc } from '../../../text/essay-doc.js'
import { clip, plural } from '../../../text/format.js'
import { readableTex } from '../../../text/readable.js'
import { dynamicsOf, dynamicsText, equationsOf, MAX_EQUATIONS } from './equations.js'
import { fieldOf } from './field.js'
import { iterativeProse } from './iterative-prose.js'
import { symbolNames, type SymbolName } from './symbol-names.js'
import { normalTex, symbolsIn } from './tex-symbols.js'

type Variable = MathematicalModel['variables'][number]

/** Unnamed symbols fill the list up to this many; the essay's named ones are all listed, up to MAX_NAMED. */
const MAX_VARIABLES = 15
/**
 * Each named symbol is listed, so that no name the essay gives is lost (issue 39): the long essays
 * of the public corpus name up to 42 (four name more than thirty).
 */
const MAX_NAMED = 45
/** A sentence that states a use: "is used to predict …", "applications include …", "popular applications of …", "useful for …". */
const APPLICATION =
  /\b(?:can|could|may)\s+be\s+(?:\w+ly\s+)?(?:used|applied|employed)\s+(?:to|for|in)\b|\b(?:is|are|has\s+been|have\s+been|was|were)\s+(?:widely|commonly|frequently|often|routinely|extensively|successfully)\s+(?:used|applied|employed)\b|\bapplications?\s+(?:include|includes|range)\b|\b(?:popular|common|practical|important|main|typical|real[- ]world|many)\s+applications?\s+(?:of|in|include|are)\b|\b(?:useful|helpful)\s+(?:for|in|when)\b|\buse\s+cases?\b|\bin\s+practice\b[^.]*\b(?:used|applied)\b/i

/**
 * A model made only of what the essay's formulas contain: their symbols (named from the text
 * where the essay names them), the display formulas as equations, any recurrence or rate as
 * the dynamics, and a validation section that says what was and was not found. An essay
 * without formulas gets an empty model that says so.
 */
export function localModel(input: EssayInput, doc: EssayDoc): MathematicalModel {
  const formulas = [...doc.displays.map((d) => d.tex), ...doc.inline.map((f) => f.tex)]
  const names = symbolNames(doc.sentences, doc.displays)
  const variables = variablesOf(formulas, names)
  const equations = equationsOf(doc)
  const dynamics = dynamicsOf(doc)
  const named = variables.filter((v) => names.has(v.symbol)).length
  const ranged = variables.filter((v) => v.range !== '').length
  const stats = {
    displays: doc.displays.length,
    inline: doc.inline.length,
    variables: variables.length,
    named,
    ranged,
    dynamics: dynamics.length,
    code: doc.codeBlocks,
  }
  return {
    field: fieldOf(input),
    abstract: abstractOf(input.post.title, stats, equations.length),
    variables,
    equations,
    systemDynamics: dynamicsText(dynamics, formulas.length, dynamics.length ? null : iterativeProse(doc)),
    validation: {
      reliability:
        stats.displays >= 5 && stats.variables >= 3 && named >= stats.variables / 2
          ? 'high'
          : formulas.length >= 3 && (named >= 1 || stats.displays >= 2)
            ? 'medium'
            : 'low',
      strengths: strengths(stats),
      limitations: limitations(stats),
      validationMethods: methods(stats, formulas.length),
    },
    practicalApplications: doc.sentences
      // Whole sentences only: not a fragment ("which, applied to …, yields") nor the lead into a formula.
      .filter(
        (s) =>
          s.block !== 'table' &&
          s.text.length >= 40 &&
          /^[\p{Lu}\d“"(]/u.test(s.text) &&
          !/:\s*$/.test(s.text) &&
          APPLICATION.test(s.text),
      )
      .slice(0, 3)
      .map((s) => clip(s.text, 250)),
  }
}

type Stats = {
  displays: number
  inline: number
  variables: number
  named: number
  ranged: number
  dynamics: number
  code: number
}

/**
 * The formulas' symbols, and the named ones as the essay writes them (`s_x^2`, `\mathrm{RSS}`,
 * `ML`); a letter that only occurs inside a named one (the `M` and `L` of `ML`) is not listed apart.
 */
function variablesOf(formulas: string[], names: Map<string, SymbolName>): Variable[] {
  const uses = new Map<string, { count: number; first: number }>()
  const use = (key: string, i: number) => {
    const u = uses.get(key)
    if (u) u.count++
    else uses.set(key, { count: 1, first: i })
  }
  const written = [...names.keys()].filter((key) => !(symbolsIn(key).length === 1 && symbolsIn(key)[0] === key))
  // `Z(x)` hides its function `Z`, not its argument `x`.
  const inside = new Set(
    written.flatMap((key) => symbolsIn(key.replace(/\s*(?:\\left)?\(.*$/s, ''))).filter((atom) => !names.has(atom)),
  )
  formulas.forEach((tex, i) => {
    const flat = normalTex(tex)
    for (const key of symbolsIn(tex)) if (!inside.has(key)) use(key, i)
    for (const key of written) if (flat.includes(normalTex(key))) use(key, i)
  })
  for (const key of names.keys()) if (!uses.has(key)) use(key, formulas.length)
  const ranked = [...uses].sort(
    ([a, x], [b, y]) =>
      Number(names.has(b)) - Number(names.has(a)) || y.count - x.count || x.first - y.first || (a < b ? -1 : 1),
  )
  const withName = ranked.filter(([key]) => names.has(key)).slice(0, MAX_NAMED)
  const without = ranked.filter(([key]) => !names.has(key)).slice(0, Math.max(0, MAX_VARIABLES - withName.length))
  return [...withName, ...without].map(([symbol, use]) => {
    const named = names.get(symbol)
    const times = `Appears in ${plural(use.count, 'formula')}.`
    return {
      symbol,
      // Unnamed when the essay names it nowhere: its own glyph would only repeat the symbol (issue 39).
      name: named ? named.name : '',
      description: named
        ? `${times} ${named.note ? `${named.note} ` : ''}The essay says: “${clip(named.sentence.text, 220)}”`
        : `${times} No sentence naming it was found in the essay.`,
      unit: named?.unit ?? '',
      range: rangeOf(symbol, formulas),
      measurability: measurability(symbol, named?.name ?? ''),
    }
  })
}

/** What the formulas state about a symbol's values: `x \in \mathbb{R}^d`, `p > 0`, `0 \le p \le 1`. */
function rangeOf(symbol: string, formulas: string[]): string {
  const forms = symbol.includes('_') ? [symbol, symbol.replace(/_([^{])$/, '_{$1}')] : [symbol]
  for (const form of forms) {
    const holding = formulas.filter((tex) => tex.includes(form))
    if (holding.length === 0) continue
    const s =
      (/^[A-Za-z]/.test(form) ? '(?<![A-Za-z\\\\])' : '') +
      form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') +
      (/[A-Za-z]$/.test(form) ? '(?![A-Za-z])' : '')
    // An interval first ("\in (0, 1)", its comma included), then any set up to the next separator.
    const within = new RegExp(
      String.raw`${s}\s*\\in\s*((?:\\left)?[[(]\s*[^[\]()]*?(?:\\right)?[\])]|.+?(?=\s*(?:,|;|\\quad|\\qquad|\\text|\\;|\\,|\\\\|\\end|$)))`,
    )
    const between = new RegExp(
      String.raw`(-?\d+(?:\.\d+)?)\s*(<|\\leq?|\\le)\s*${s}\s*(<|\\leq?|\\le)\s*(-?\d+(?:\.\d+)?)`,
    )
    const bound = new RegExp(String.raw`${s}\s*(>|<|\\geq?|\\leq?|\\ge|\\le|\\neq)\s*(-?\d+(?:\.\d+)?)(?![\d.])`)
    for (const tex of holding) {
      const w = within.exec(tex)
      if (w && w[1].length <= 60) return readableTex(w[1])
      const b = between.exec(tex)
      if (b) return readableTex(`${b[1]} ${b[2]} ${form} ${b[3]} ${b[4]}`)
      const o = bound.exec(tex)
      if (o) return readableTex(`${o[1]} ${o[2]}`)
    }
  }
  return ''
}

function measurability(symbol: string, name: string): Variable['measurability'] {
  const n = name.toLowerCase()
  if (/proxy|indicator|approximat|surrogate/.test(n)) return 'proxy'
  if (
    /\\(?:hat|widehat|tilde)/.test(symbol) ||
    /estimat|fitted|predict|residual|average|mean of|statistic|gradient|loss|error/.test(n)
  )
    return 'indirect'
  if (
    /data|observ|measur|sample|count|number of|input|label|image|pixel|time|length|size|price|temperature|response|feature|token|word|area|age/.test(
      n,
    )
  )
    return 'direct'
  return 'theoretical'
}

function abstractOf(title: string, s: Stats, equations: number): string {
  if (s.displays + s.inline === 0) {
    return `“${title}” contains no formulas, so no quantitative model can be extracted from it; this model is empty rather than invented.`
  }
  return (
    `A model read from the formulas of “${title}”: ${plural(s.displays, 'display formula')} and ${plural(s.inline, 'inline formula')}, ` +
    `with ${plural(s.variables, 'symbol')} (${s.named} named in the text) and ${plural(equations, 'equation')} listed. ` +
    'Nothing beyond what the essay writes has been added.'
  )
}

function strengths(s: Stats): string[] {
  const out: string[] = []
  if (s.displays > 0) out.push(`${plural(s.displays, 'display formula')} quoted as the essay writes them`)
  if (s.named > 0) out.push(`${s.named} of ${s.variables} symbols named in the essay's own words`)
  if (s.ranged > 0) out.push(`Value ranges stated in the formulas for ${plural(s.ranged, 'symbol')}`)
  if (s.dynamics > 0) out.push(`Dynamics read from ${plural(s.dynamics, 'recurrence or rate equation')}`)
  if (out.length === 0)
    out.push(
      s.inline > 0
        ? `${plural(s.inline, 'inline formula')} taken from the text`
        : 'Nothing is guessed: the essay states no formulas',
    )
  return out
}

function limitations(s: Stats): string[] {
  if (s.displays + s.inline === 0)
    return ['The essay contains no formulas, so there is no quantitative model to extract.']
  const out = ['Extracted automatically: no equation was derived, checked or solved.']
  if (s.variables > s.named)
    out.push(`${plural(s.variables - s.named, 'symbol')} not named in the text; their meaning is left open`)
  if (s.variables > 0) out.push('Units are not stated for the symbols unless the essay gives them')
  if (s.displays > MAX_EQUATIONS)
    out.push(`Only the first ${MAX_EQUATIONS} of ${s.displays} display formulas are listed`)
  if (s.displays === 0) out.push('The essay has no display formulas, so no equations are listed')
  if (s.dynamics === 0) out.push('No recurrence or rate of change was found')
  return out
}

function methods(s: Stats, formulas: number): string[] {
  if (formulas === 0) return ['Read the essay itself: it makes its case without formulas']
  const out = [
    'Re-derive each listed equation from the steps the essay gives',
    'Check the symbol names against the essay’s own definitions',
  ]
  if (s.code > 0)
    out.push(`Run the essay’s ${plural(s.code, 'code example')} and compare the results with the equations`)
  return out
}
