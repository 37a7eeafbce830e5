import type { DisplayFormula, Sentence } from '../../../text/essay-doc.js'
import { readableOf } from '../../../text/sentences.js'
import { readableTex } from '../../../text/readable.js'
import { STOP_WORDS } from '../../../text/stop-words.js'
import { normalTex, symbolsIn } from './tex-symbols.js'

export interface SymbolName {
  name: string
  /** The sentence that names it, as the reader reads it. */
  sentence: Sentence
  unit: string
  /** How the name was read when not from the sentence's own words about the symbol. */
  note?: string
}

interface Candidate extends SymbolName {
  /** The symbol as the essay writes it (see `headOf`). */
  key: string
  /** 0: the sentence says what it is ("x is the …"); 1: apposition or an introduced formula; 2: read from notation. */
  tier: number
  /** Named together with other symbols ("x̄ and ȳ are the sample means"). */
  shared: boolean
  order: number
}

const DET = String.raw`(?:the|a|an|our|its|their|some|each)`
/** A phrase may hold other formulas (`⟦3⟧`), not the one being named. */
const PHRASE = String.raw`((?:[^,.;:!?()\[\]⟦⟧"“”]|⟦\d+⟧){2,90})`
const PLAIN_PHRASE = String.raw`([^,.;:!?()\[\]⟦⟧"“”]{2,90})`
/** The formula being named is marked `⟦*⟧` in the sentence, the others `⟦k⟧` (k: segment). */
const SELF = '⟦\\*⟧'
/** What the sentence says the symbol is: "x is the …", "x denotes …", "x is called …", "the … (let's call it x)". */
const STATED: RegExp[] = [
  String.raw`${SELF}\s*,?\s*(?:is|are|be|was|were|as)\s+(?:also\s+)?${DET}\s+${PHRASE}`,
  String.raw`${SELF}\s*,?\s*(?:denotes?|represents?|stands\s+for|refers\s+to|corresponds\s+to|measures|counts|describes)\s+(?:${DET}\s+)?${PHRASE}`,
  String.raw`${SELF}\s*(?:is|are)\s+(?:called|known\s+as|referred\s+to\s+as|termed)\s+(?:${DET}\s+)?${PHRASE}`,
  String.raw`\b${DET}\s+((?:[\p{L}-]+\s+){0,5}[\p{L}-]+)\s*\(\s*(?:let['’]?s|let\s+us|we(?:['’]ll|\s+will)?)\s+call\s+(?:it|this|them|these)\s+${SELF}\s*\)`,
  String.raw`\bdenote\s+(?:${DET}\s+)?${PLAIN_PHRASE}\s+(?:by|as|with)\s+${SELF}`,
].map((source) => new RegExp(source, 'iu'))
/** "x and y are sample means": a plural name without an article, for a list. */
const ARE_PLURAL = new RegExp(String.raw`${SELF}\s*,?\s*are\s+((?:[\p{L}-]+\s+){0,4}[\p{L}-]+s)(?![\p{L}])`, 'iu')
/** Apposition after the symbol: "x (the …)", "x, the …,". */
const AFTER: RegExp[] = [
  String.raw`${SELF}\s*\(\s*(?:${DET}\s+)?${PHRASE}\)`,
  String.raw`${SELF}\s*,\s*${DET}\s+${PHRASE},`,
].map((source) => new RegExp(source, 'iu'))
/** A name ends where the sentence goes on to something else. */
const NAME_END =
  /-?\s+(?:where|which|that|such|so|if|when|while|whose|given|using|resulting|connecting|to\s+(?:obtain|get|compute|find|make)|i\.e|e\.g|and\s+⟦|with\s+⟦|for\s+all|is|are|was|were|can|will|has|have)(?![\p{L}]).*$/iu
/** Words that start a statement about the symbol, not its name ("x is distributed as …"). */
const NOT_A_NAME =
  /^(?:smallest|largest|highest|lowest|greatest|best|worst|using|takes?|taking|rewritten|small|large|smaller|larger|given|distributed|equal|independent|defined|called|known|used|obtained|written|true|false|positive|negative|zero|greater|smaller|larger|less|more|not|also|then|now|only|just|same|following|above|below|function\s+of)\b/i
const UNIT =
  /^\s*(?:\(\s*)?(?:is\s+)?(?:measured\s+)?in\s+(meters|metres|seconds|minutes|hours|days|years|kilograms|grams|dollars|euros|percent|bits|bytes|pixels|degrees|radians|kelvin|joules|watts|volts|newtons|hertz|square\s+feet|feet|miles|kilometers|kilometres|centimeters|millimeters)\b/i
/** Nouns too general to name a symbol on their own ("in the direction x", "the value x"). */
const GENERIC_NOUNS = new Set(
  'direction distance gradients value values function point points term terms case step size vector matrix variable variables parameter parameters quantity number element entry coordinate coordinates dimension index example form result formula equation expression initialization fact property definition way following equations'.split(
    ' ',
  ),
)
/** A type is not a name: "w is a vector", "two matrices A and B". */
const TYPE_WORD =
  /^(?:vectors?|scalars?|matri(?:x|ces)|functions?|distributions?|numbers?|sets?|integers?|variables?|parameters?|constants?|elements?|points?|values?|reals?|tensors?)$/i
const PREPOSITION =
  /^(?:at|in|of|on|for|by|with|from|to|into|over|under|between|along|inside|within|via|than|as|like|about|through)$/i
/** Plural nouns one symbol can hold many of: a weight matrix is "the weights", not "the weight". */
const COLLECTIVE =
  /(?:parameters|weights|coefficients|features|data|statistics|observations|samples|inputs|outputs|biases|logits|scores)$/i
const NUMBER_WORD = /^(?:two|three|four|five|six|both|all|several|these|those)$/i
const PRONOUN = /^(?:we|you|they|i|it|one|he|she|let['’]?s)$/i

/**
 * Names for symbols from the sentences around the formulas: "where P is the projection matrix",
 * "let n be the number of trials", "x̄ and ȳ are the sample means", "the learning rate η",
 * "queries Q ∈ ℝ^{n×d}", "a model (let's call it ML)", "a length, say d", "an n-dimensional
 * vector", a display introduced as "the residual sum of squares is defined as RSS(β) = …",
 * the estimated quantity behind an estimate (β̂₀ the estimate for the intercept: β₀ is the
 * intercept) and the parameters of a normal distribution 𝒩(μ, Σ). Symbols are keyed as the
 * essay writes them (`s_x^2`, `\mathrm{RSS}`); a name the sentence says outright wins over an
 * apposition, a name for one symbol over a name shared by a list, an earlier over a later one.
 * Units are read when the essay gives them ("x in meters").
 */
export function symbolNames(sentences: Sentence[], displays: DisplayFormula[] = []): Map<string, SymbolName> {
  const found: Candidate[] = []
  const add = (c: Found) => found.push({ ...c, order: found.length })
  for (const s of sentences) {
    if (!s.segments.some((seg) => seg.kind === 'math')) continue
    for (const c of namesInSentence(s)) add(c)
  }
  for (const d of displays) for (const c of namesForDisplay(d)) add(c)
  const names = new Map<string, Candidate>()
  const better = (a: Candidate, b: Candidate) =>
    a.tier - b.tier || Number(a.shared) - Number(b.shared) || a.order - b.order
  for (const c of found) {
    const had = names.get(c.key)
    if (!had || better(c, had) < 0) names.set(c.key, c)
  }
  estimated(names)
  notation(sentences, displays, names)
  return new Map(
    [...names].map(([key, c]) => [
      key,
      { name: c.name, sentence: c.sentence, unit: c.unit, ...(c.note ? { note: c.note } : {}) },
    ]),
  )
}

type Found = Omit<Candidate, 'order'>

/**
 * The symbol a formula names, as written: the formula itself when it is one symbol (`s_x^2`,
 * `\hat{\mathbf{v}}_t`, `\mathrm{RSS}`, `ML`, `\Delta x`), or the one symbol on the left of a
 * relation (`\mathbf{q} \in \mathbb{R}^d`, `\eta = 0.01`) or of its argument list (`f(x)`).
 */
export function headOf(tex: string): { key: string; relation: string } | null {
  let t = tex
    .replace(/\\mathit\s*\{([^{}]*)\}/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/(?:\\[,;:!]|[\s.,;:])+$/, '')
    .trim()
  let relation = ''
  let depth = 0
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]
    if (ch === '\\' && /^\\[{}]/.test(t.slice(i))) {
      i++
      continue
    }
    if (ch === '{' || ch === '(' || ch === '[') depth++
    else if (ch === '}' || ch === ')' || ch === ']') depth--
    if (depth !== 0) continue
    const rel =
      /^(?:\\in(?![A-Za-z])|\\sim(?![A-Za-z])|\\(?:leq?|geq?|neq|approx|coloneqq|leftarrow|gets|subseteq|subset)(?![A-Za-z])|:=|=|<|>)/.exec(
        t.slice(i),
      )
    if (rel) {
      relation = rel[0]
      t = t.slice(0, i).trim()
      break
    }
  }
  t = t.replace(/^(.+?)\s*(?:\\left)?\((?:[^()]|\([^()]*\))*(?:\\right)?\)$/, '$1').trim()
  if (t === '' || t.length > 40 || /^[\d(]/.test(t)) return null
  if (
    /[+\-*/=|!<>,&]|\\(?:cdot|times|frac|dfrac|sum|prod|int|sqrt|left|right|quad|qquad|\||top|circ|odot|otimes|partial|nabla|log|ln|exp|min|max|lim)(?![A-Za-z])|\^\s*\{?\s*\\top/.test(
      t.replace(/\[[^\]]*\]$/, ''),
    )
  )
    return null
  const atoms = symbolsIn(t)
  if (atoms.length === 1 && normalTex(atoms[0]) === normalTex(t)) return { key: atoms[0], relation }
  // One symbol with a prime or a power as written (`s_x^2`, `g_t'`).
  const rest = normalTex(t).startsWith(normalTex(atoms[0] ?? '-')) ? normalTex(t).slice(normalTex(atoms[0]).length) : ''
  if (atoms.length === 1 && /^(?:'+|\^(?:\d|\\prime))$/.test(rest)) return { key: t, relation }
  // Written as one name: `ML`, `\mathrm{RSS}`, `\operatorname{KL}[P\,||\,Q]`, a difference `\Delta x`.
  if (
    /^(?:[A-Z][A-Za-z]{1,3}|\\(?:mathrm|operatorname)\s*\{[A-Za-z]{2,}\}(?:\s*\[[^\]]*\])?|\\[Dd]elta\s*[A-Za-z])$/.test(
      t,
    )
  )
    return { key: t, relation }
  return null
}

function namesInSentence(s: Sentence): Found[] {
  const out: Found[] = []
  const heads = s.segments.map((seg) => (seg.kind === 'math' ? headOf(seg.tex) : null))
  const parts = s.segments.map((seg) => (seg.kind === 'math' ? null : readableOf(seg)))
  s.segments.forEach((seg, k) => {
    const head = heads[k]
    if (seg.kind !== 'math' || !head) return
    const raw = parts
      .map((p, i) => p ?? (i === k ? ' ⟦*⟧ ' : ` ⟦${i}⟧ `))
      .join('')
      .replace(/\s+/g, ' ')
    const { marked, members } = collapseList(raw, k, heads)
    const shared = members.length > 1
    const readable = (name: string) =>
      name.replace(/⟦(\d+)⟧/g, (_, i: string) => readableOf(s.segments[Number(i)])).replace(/(\S) -(?=\p{L})/gu, '$1-')
    const at = marked.indexOf('⟦*⟧')
    const unit = UNIT.exec(marked.slice(at + 3))?.[1] ?? ''
    const named = (name: string, tier: number) => {
      // "μ and σ are the mean and standard deviation of X, respectively"
      const each = name.split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
      if (shared && /\brespectively\b/i.test(marked) && each.length === members.length) {
        members.forEach((m, i) =>
          out.push({ key: heads[m]!.key, name: readable(each[i]), sentence: s, unit: '', tier, shared: false }),
        )
        return
      }
      const final = readable(singular(name))
      for (const m of members) {
        const h = heads[m]!
        out.push({ key: h.key, name: final, sentence: s, unit: m === k ? unit : '', tier, shared })
      }
    }
    // "an n-dimensional vector": n is the dimension.
    if (/^⟦\*⟧\s*-\s*dimensional\b/u.test(marked.slice(at)) && !shared) {
      out.push({ key: head.key, name: 'dimension', sentence: s, unit: '', tier: 1, shared: false })
      return
    }
    // "a prediction y from x is …": x is not what the sentence is about.
    const object = PREPOSITION.test(/([\p{L}]+)\s*$/u.exec(marked.slice(0, at))?.[1] ?? '')
    for (const pattern of object ? [] : STATED) {
      const m = pattern.exec(marked)
      const name = m && tidy(m[1])
      if (name) return named(name, 0)
    }
    const plural = object ? null : ARE_PLURAL.exec(marked)
    if (plural) {
      const name = tidy(plural[1])
      if (name && name.includes(' ')) return named(name, 0)
    }
    // A symbol with a relation (`η = 0.01`) is named only by what the sentence says it is.
    if (head.relation === '=' || head.relation === ':=') return
    for (const pattern of AFTER) {
      const m = pattern.exec(marked)
      const name = m && tidy(m[1])
      if (name && !PREPOSITION.test(lastWord(name))) return named(name, 1)
    }
    // "the same vector length, say d"
    const phrase = nounBefore(marked.slice(0, at).replace(/\s*,?\s*say\s*$/i, ''))
    if (phrase) named(phrase, 1)
  })
  return out
}

/** "x̄ and ȳ", "A, B, and C": a list holding the formula `k` is named as one; not after a preposition ("between x and y"). */
function collapseList(
  raw: string,
  k: number,
  heads: Array<{ key: string } | null>,
): { marked: string; members: number[] } {
  const run = /⟦(?:\*|\d+)⟧(?:\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)⟦(?:\*|\d+)⟧)*/gu
  for (const m of raw.matchAll(run)) {
    if (!m[0].includes('⟦*⟧')) continue
    const members = [...m[0].matchAll(/⟦(\*|\d+)⟧/g)].map((x) => (x[1] === '*' ? k : Number(x[1])))
    const word = /([\p{L}]+)\s*$/u.exec(raw.slice(0, m.index))?.[1] ?? ''
    if (
      members.length === 1 ||
      members.some((i) => !heads[i]) ||
      PREPOSITION.test(word) ||
      /^(?:between|and|or)$/i.test(word)
    )
      return { marked: raw, members: [k] }
    return { marked: raw.slice(0, m.index) + '⟦*⟧' + raw.slice(m.index! + m[0].length), members }
  }
  return { marked: raw, members: [k] }
}

/** "the learning rate ⟦*⟧", "Note that attention weights ⟦*⟧": the words just before the symbol, back to a function word. */
function nounBefore(before: string): string | null {
  const words = before.trimEnd().split(' ')
  const run: string[] = []
  while (words.length && run.length < 5) {
    const w = words[words.length - 1]
    if (!/^[\p{L}][\p{L}-]*$/u.test(w) || STOP_WORDS.has(w.toLowerCase()) || NUMBER_WORD.test(w)) break
    run.unshift(words.pop()!)
  }
  // "sufficiently large W matrices": an adverb makes it a description, not a name.
  if (run.length === 0 || run.length > 4 || run.some((w) => /ly$/i.test(w))) return null
  const stop = words[words.length - 1] ?? ''
  // "we initialize x", "we can then use x": a verb, not a name.
  if (PRONOUN.test(stop) || /^(?:to|can|will|may|must|should|would|could|not|also)$/i.test(stop)) return null
  // "the smallest δ", "by substituting a_t": an adjective or a verb, not a name.
  if (run.length === 1 && /(?:est|ing)$/i.test(run[0])) return null
  if (
    run.length === 1 &&
    /^[\p{L}]/u.test(stop) &&
    !new RegExp(
      `^(?:${DET}|that|of|and|or|with|for|from|into|by|between|two|three|four|both|all|these|those)$`,
      'i',
    ).test(stop)
  )
    return null
  const name = tidy(run.join(' '))
  if (!name || (!name.includes(' ') && GENERIC_NOUNS.has(name.toLowerCase()))) return null
  return name
}

const INTRODUCES_END = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:(?<prep>\p{L}+)\s+)?${DET}\s+([^,;:()]{2,140}?)\s*:?\s*$`,
  'iu',
)
const INTRODUCES_VERB = new RegExp(
  String.raw`(?:^|[^\p{L}])${DET}\s+([^,;:()]{2,140}?)\s+(?:is|are|can\s+be|will\s+be)\s+(?:then\s+)?(?:defined|given|computed|written|obtained|calculated|expressed)\s+(?:as|by)\s*:?\s*$`,
  'iu',
)

/**
 * A display introduced by its name: "The residual sum of squares is defined as", "the normalized
 * state variables are given by", "we can derive the estimate for the intercept:" name the
 * symbols on the left of its rows.
 */
function namesForDisplay(d: DisplayFormula): Found[] {
  const text = d.before?.text
  if (!text) return []
  let phrase: string | null = null
  const verb = INTRODUCES_VERB.exec(text)
  if (verb) phrase = verb[1]
  else {
    const end = INTRODUCES_END.exec(text)
    // "the estimate for the intercept:", not "inside the trace:" nor "the expectation can be moved …".
    if (
      end &&
      !(end.groups?.prep && PREPOSITION.test(end.groups.prep)) &&
      end[2].replace(NAME_END, '') === end[2] &&
      !/\bwith\b/i.test(end[2])
    )
      phrase = end[2]
  }
  // "the number of training points and test points are given by": the first thing named.
  if (phrase) phrase = phrase.replace(/\s+and\s+.*$/i, '')
  // "Applying the product rule to f gives:": the sentence's verb, not a name.
  if (phrase && /\b(?:gives|yields|becomes|holds|follows|reads|implies|shows|results)$/i.test(phrase)) phrase = null
  const name = phrase && tidy(phrase)
  // Not "a simple update of the form", "the Adam update as follows", nor a hypothesis ("Given a model …").
  const words = name ? name.split(' ') : []
  if (!name || /^(?:given|assume|suppose|if|when|consider)\b/i.test(text.replace(/^\w+:\s*/, ''))) return []
  // "the Yogi updates": a name for the formula, not for the symbol it updates.
  if (/^(?:updates?|rules?|recurrences?|steps?|iterations?|equations?|formulas?|system)$/i.test(lastWord(name)))
    return []
  if (
    words.some((w) => /^(?:as|follows)$/i.test(w)) ||
    (GENERIC_NOUNS.has(lastWord(name).toLowerCase()) && (words.length === 1 || words.some((w) => PREPOSITION.test(w))))
  )
    return []
  const keys: string[] = []
  for (const row of d.tex
    .replace(/\\(?:begin|end)\{[^{}]*\}/g, '')
    .split(/\\\\|\\(?:text|textrm|mbox)\s*\{\s*(?:and|,)\s*\}|\\quad|\\qquad/)) {
    const lhs = /^\s*([^&=]*?)\s*&?\s*(?:=|\\leftarrow|\\gets|:=)/.exec(row)?.[1]
    const head = lhs ? headOf(lhs) : null
    if (head && !keys.includes(head.key)) keys.push(head.key)
  }
  const shared = keys.length > 1
  const final = singular(name)
  return keys.map((key) => ({ key, name: final, sentence: d.before!, unit: '', tier: 1, shared }))
}

/** β̂₀ "the estimate for the intercept": β₀ is the intercept it estimates. */
function estimated(names: Map<string, Candidate>): void {
  for (const [key, c] of [...names]) {
    const base = /^\\(?:hat|widehat|tilde)\{(.+)\}(_.*)?$/.exec(key)
    const of =
      /^(?:[\p{L}-]+\s+)?estimates?\s+(?:for|of)\s+(?:the\s+)?(.+)$|^estimated\s+(.+)$|^(.+?)\s+estimates?$/iu.exec(
        c.name,
      )
    if (!base || !of) continue
    const target = `${base[1]}${base[2] ?? ''}`
    const what = of[1] ?? of[2] ?? of[3]
    if (names.has(target) || GENERIC_NOUNS.has(what.toLowerCase())) continue
    names.set(target, {
      ...c,
      key: target,
      name: what,
      tier: 2,
      note: `Named after its estimate ${readableTex(key)}, which the essay calls the ${c.name}.`,
    })
  }
}

/** `X \sim \mathcal{N}(\mu, \Sigma)`: the notation itself says which symbol is the mean and which the covariance. */
function notation(sentences: Sentence[], displays: DisplayFormula[], names: Map<string, Candidate>): void {
  const formulas: Array<{ tex: string; sentence: Sentence | null }> = [
    ...displays.map((d) => ({ tex: d.tex, sentence: d.before ?? d.after })),
    ...sentences.flatMap((s) =>
      s.segments.flatMap((seg) => (seg.kind === 'math' ? [{ tex: seg.tex, sentence: s }] : [])),
    ),
  ]
  for (const { tex, sentence } of formulas) {
    if (!sentence) continue
    for (const m of tex.matchAll(/\\mathcal\s*\{?\s*N\s*\}?\s*(?:\\left)?\(([^()]*)(?:\\right)?\)/g)) {
      const args = m[1].split(';').pop()!.split(',')
      if (args.length !== 2) continue
      const [mean, spread] = args.map((a) => a.trim())
      const meanHead = headOf(mean)
      const squared = /^(.+?)\s*\^\s*\{?\s*2\s*\}?$/.exec(spread)
      const spreadHead = headOf(squared ? squared[1] : spread)
      const said = `The essay writes ${readableTex(m[0])}: the notation gives its role.`
      if (meanHead && !names.has(meanHead.key))
        names.set(meanHead.key, {
          key: meanHead.key,
          name: 'mean',
          sentence,
          unit: '',
          tier: 2,
          shared: false,
          order: 0,
          note: said,
        })
      if (spreadHead && !names.has(spreadHead.key)) {
        const name = squared
          ? 'standard deviation'
          : /^\\(?:Sigma|mathbf|boldsymbol)|^[A-Z]/.test(spreadHead.key)
            ? 'covariance matrix'
            : 'variance'
        names.set(spreadHead.key, {
          key: spreadHead.key,
          name,
          sentence,
          unit: '',
          tier: 2,
          shared: false,
          order: 0,
          note: said,
        })
      }
    }
  }
}

const lastWord = (name: string) => name.split(' ').pop() ?? ''

/** "sample means" → "sample mean": a symbol is one of them; collective nouns ("the learnable parameters") stay plural. */
function singular(name: string): string {
  const words = name.split(' ')
  const last = words.pop()!
  if (
    COLLECTIVE.test(last) ||
    /(?:ss|us|is|as|os|ics)$/i.test(last) ||
    /⟧$/.test(last) ||
    words.some((w) => PREPOSITION.test(w))
  )
    return name
  const one = /^(?:matr|ind|vert|simpl)ices$/i.test(last)
    ? last.replace(/ices$/i, /^ind/i.test(last) ? 'ex' : /^vert/i.test(last) ? 'ex' : 'ix')
    : /ies$/i.test(last)
      ? last.replace(/ies$/i, 'y')
      : /(?:ches|shes|sses|xes)$/i.test(last)
        ? last.slice(0, -2)
        : /s$/i.test(last) && last.length > 3
          ? last.slice(0, -1)
          : last
  return [...words, one].join(' ')
}

function tidy(raw: string): string | null {
  let name = raw.replace(NAME_END, '').replace(/⟦\*⟧/g, '').replace(/\s+/g, ' ').trim()
  // Another formula belongs to the name only after a preposition ("variance of x") or before a
  // hyphen ("n-dimensional"); elsewhere the sentence has gone on ("… of observations and let p be").
  for (const m of name.matchAll(/⟦\d+⟧/g)) {
    const word = /([\p{L}]+)\s*$/u.exec(name.slice(0, m.index))?.[1] ?? ''
    if (PREPOSITION.test(word) || /^\s*-/.test(name.slice(m.index! + m[0].length))) continue
    name = name.slice(0, m.index).trim()
    break
  }
  const words = name.split(' ')
  // "the variance of ⟦⟧" keeps its formula; "the definition of" (cut before a formula) names nothing.
  if (words.length && PREPOSITION.test(words[words.length - 1])) return null
  while (words.length && STOP_WORDS.has(words[words.length - 1].toLowerCase())) words.pop()
  while (words.length && /^(?:the|a|an)$/i.test(words[0])) words.shift()
  const kept = words.slice(0, 8)
  while (
    kept.length &&
    (STOP_WORDS.has(kept[kept.length - 1].toLowerCase()) || PREPOSITION.test(kept[kept.length - 1]))
  )
    kept.pop()
  name = kept.join(' ').replace(/-$/, '')
  if (kept.length === 1 && TYPE_WORD.test(name)) return null
  if (
    name.length < 3 ||
    NOT_A_NAME.test(name) ||
    words.every((w) => STOP_WORDS.has(w.toLowerCase()) || /^⟦\d+⟧$/.test(w))
  )
    return null
  return name
}
