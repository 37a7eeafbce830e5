import type { DisplayFormula, Sentence } from '../../../text/essay-doc.js'
import { readableOf } from '../../../text/sentences.js'
import { readableTex } from '../../../text/readable.js'
import { STOP_WORDS } from '../../../text/stop-words.js'
import { definitionalEquals, headOf, headsOf, type Head } from './formula-head.js'
import {
  AFTER,
  APPOSITION_AT_END,
  APPOSITION_QUALIFIED,
  ARE_PLURAL,
  CALLED,
  COUNTER,
  DET,
  GENERIC_NOUNS,
  NAMED_BEFORE,
  NAME_END,
  NUMBER_WORD,
  PREPOSITION,
  PRONOUN,
  STATED,
  TYPE_WORD,
  UNIT,
} from './name-patterns.js'
import { lastWord, singular, tidy } from './name-tidy.js'
import { namesInTable } from './table-names.js'
import { familyNames, memberNames } from './family-names.js'
import { bareNames, qualifiedNames } from './qualified-names.js'
import { normalTex, symbolsIn } from './tex-symbols.js'

export { headOf }

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
  /**
   * -1: the essay says what it calls it ("… that we'll refer to as the link function"); 0: the
   * sentence says what it is ("x is the …"); 1: apposition or an introduced formula; 2: read from notation.
   */
  tier: number
  /** Named together with other symbols ("x̄ and ȳ are the sample means"). */
  shared: boolean
  /** Named where it is written applied to arguments ("the predicted probability D(x)"): a bare mention names it better. */
  applied?: boolean
  /** The applied form as written (`Z(x)`), which names it when the formulas never write it bare. */
  written?: string
  order: number
}

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
  for (const t of namesInTable(sentences)) add({ ...t, unit: '', tier: 0, shared: false })
  const names = new Map<string, Candidate>()
  const better = (a: Candidate, b: Candidate) =>
    a.tier - b.tier ||
    Number(a.applied ?? false) - Number(b.applied ?? false) ||
    Number(a.shared) - Number(b.shared) ||
    a.order - b.order
  for (const c of apart(found)) {
    const had = names.get(c.key)
    if (!had || better(c, had) < 0) names.set(c.key, c)
  }
  const formulas = [
    ...displays.map((d) => d.tex),
    ...sentences.flatMap((s) => s.segments.flatMap((seg) => (seg.kind === 'math' ? [seg.tex] : []))),
  ]
  appliedForms(names, formulas)
  estimated(names)
  notation(sentences, displays, names)
  const used = [...new Set(formulas.flatMap(symbolsIn))]
  familyNames(names, used)
  memberNames(names, used, (plural) => singular(plural, true))
  qualifiedNames(names, used, formulas, sentences)
  bareNames(names, symbolsIn)
  return new Map(
    [...names].map(([key, c]) => [
      key,
      { name: c.name, sentence: c.sentence, unit: c.unit, ...(c.note ? { note: c.note } : {}) },
    ]),
  )
}

type Found = Omit<Candidate, 'order'>

/**
 * "L(𝓗) is the length of the description of the model", "L(p) the descriptive length of the
 * program": one function the essay names differently on different arguments is two quantities,
 * each keyed as written.
 */
function apart(found: Candidate[]): Candidate[] {
  const namesOf = new Map<string, Set<string>>()
  for (const c of found)
    if (c.applied && c.written) namesOf.set(c.key, (namesOf.get(c.key) ?? new Set()).add(`${c.written}\u0000${c.name}`))
  const split = (c: Candidate) => {
    const seen = namesOf.get(c.key)
    if (!seen || seen.size < 2) return false
    const written = new Set([...seen].map((x) => normalTex(x.split('\u0000')[0])))
    const called = new Set([...seen].map((x) => x.split('\u0000')[1].toLowerCase()))
    return written.size >= 2 && called.size >= 2
  }
  return found.map((c) =>
    c.applied && c.written && split(c) ? { ...c, key: c.written, applied: undefined, written: undefined } : c,
  )
}

function namesInSentence(s: Sentence): Found[] {
  const out: Found[] = []
  // Each formula's symbols: one, or the members of a list written in it (`x_1, \ldots, x_n`).
  const all = s.segments.map((seg) => (seg.kind === 'math' ? headsOf(seg.tex) : []))
  const heads: Array<Head | null> = all.map((h) => h[0] ?? null)
  const parts = s.segments.map((seg) => (seg.kind === 'math' ? null : readableOf(seg)))
  s.segments.forEach((seg, k) => {
    const head = heads[k]
    if (seg.kind !== 'math') return
    const raw = parts
      .map((p, i) => p ?? (i === k ? ' ⟦*⟧ ' : ` ⟦${i}⟧ `))
      .join('')
      .replace(/\s+/g, ' ')
      // "the Kullback–Leibler (KL) divergence": an abbreviation inside a name is left out of it.
      .replace(/\s*\(\p{Lu}[\p{Lu}\d-]{1,7}s?\)(?=\s+\p{Ll})/gu, '')
      // "X is an ⟦n × p⟧ random matrix": the shape after an article is not part of the name.
      .replace(new RegExp(String.raw`(\b${DET}\s+)⟦(\d+)⟧\s*(?=[\p{L}])`, 'giu'), (all, det: string, i: string) =>
        SHAPE.test(texOf(s.segments[Number(i)])) ? det : all,
      )
    if (!head) {
      const product = namedMatrix(seg.tex, raw.slice(0, raw.indexOf('⟦*⟧')))
      if (product) out.push({ key: product.key, name: product.name, sentence: s, unit: '', tier: 1, shared: false })
      for (const end of intervalEnds(seg.tex, raw.slice(0, raw.indexOf('⟦*⟧'))))
        out.push({
          key: end.key,
          name: end.name.replace(/⟦(\d+)⟧/g, (_, i: string) => readableOf(s.segments[Number(i)])),
          sentence: s,
          unit: '',
          tier: 1,
          shared: false,
        })
      return
    }
    const { marked, members } = collapseList(raw, k, heads)
    const keys = members.flatMap((m) => all[m].map((h) => h.key))
    const shared = keys.length > 1
    const readable = (name: string) =>
      name.replace(/⟦(\d+)⟧/g, (_, i: string) => readableOf(s.segments[Number(i)])).replace(/(\S) -(?=\p{L})/gu, '$1-')
    const at = marked.indexOf('⟦*⟧')
    const unit = UNIT.exec(marked.slice(at + 3))?.[1] ?? ''
    const named = (name: string, tier: number) => {
      // "μ and σ are the mean and standard deviation of X, respectively"
      const each = name.split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
      if (shared && /\brespectively\b/i.test(marked) && each.length === keys.length) {
        keys.forEach((key, i) => out.push({ key, name: readable(each[i]), sentence: s, unit: '', tier, shared: false }))
        return
      }
      // "errors E", "Lagrange multipliers λ⃗": a matrix or a vector holds many, and keeps its plural.
      const many = !shared && isMatrix(head.key)
      const final = readable(many ? name : singular(name, shared && !keys.some(holdsMany)))
      // "with parameters α and β": each is one parameter, which says nothing of which.
      if (final.toLowerCase() === 'parameter') return
      for (const m of members)
        for (const h of all[m])
          out.push({
            key: h.key,
            name: final,
            sentence: s,
            unit: m === k ? unit : '',
            tier,
            shared,
            applied: h.applied,
            written: h.written,
          })
    }
    // "an n-dimensional vector": n is the dimension.
    if (/^⟦\*⟧\s*-\s*dimensional\b/u.test(marked.slice(at)) && !shared) {
      out.push({ key: head.key, name: 'dimension', sentence: s, unit: '', tier: 1, shared: false })
      return
    }
    // "a model with n attention heads", "the hidden layer has h hidden units": n counts them.
    const counted =
      !shared && head.relation === '' ? countOf(head.key, marked.slice(0, at), marked.slice(at + 3)) : null
    if (counted) {
      out.push({ key: head.key, name: counted, sentence: s, unit: '', tier: 1, shared: false })
      return
    }
    // "a prediction y from x is …": x is not what the sentence is about.
    // ("the rank of a matrix ⟦A⟧ is …": the symbol closes a phrase after a preposition, and what it "is" is the rank.)
    const object =
      PREPOSITION.test(/([\p{L}]+)\s*$/u.exec(marked.slice(0, at))?.[1] ?? '') ||
      /\b(?:of|for|in|on|from)\s+(?:a|an|the|some|each|every)\s+(?:(?!(?:and|or|but|while|whereas)\s)[\p{L}-]+\s+){0,2}(?!(?:and|or|but|while|whereas)\s*$)[\p{L}-]+\s*$/iu.test(
        marked.slice(0, at),
      )
    const called = CALLED.exec(marked)
    const callName = called && tidy(called[1])
    if (callName) return named(callName, -1)
    for (const pattern of object ? NAMED_BEFORE : [...STATED, ...NAMED_BEFORE]) {
      const m = pattern.exec(marked)
      // ("p is the true probability …": after "the", an adjective opens a noun phrase, not a statement
      // as in "f″ is a positive constant".)
      const article = m !== null && /\bthe\s+$/i.test(m[0].slice(0, m[0].length - m[1].length))
      const name = m && tidy(elided(marked.slice(0, m.index), m[1]), article)
      if (name && NAMED_BEFORE.includes(pattern) && GENERIC_NOUNS.has(name.toLowerCase())) continue
      // "for a given graph ⟦G⟧ as an example": an aside, not what it is.
      if (name && /^\s*,?\s*as\b/i.test(m[0].slice(m[0].indexOf('⟦*⟧') + 3)) && GENERIC_NOUNS.has(name.toLowerCase()))
        continue
      // "R, S, A denote the reward, state and action": a list of names for a list of symbols, in order.
      const each =
        name && shared && STATED.includes(pattern)
          ? namesListed(m[1], marked.slice(m.index + m[0].length), keys.length)
          : null
      if (each) {
        keys.forEach((key, i) =>
          out.push({ key, name: readable(each[i]), sentence: s, unit: '', tier: 0, shared: false }),
        )
        return
      }
      if (name) return named(name, 0)
    }
    const plural = object ? null : ARE_PLURAL.exec(marked)
    if (plural) {
      const name = tidy(plural[1])
      // ("⟦I⟧ and ⟦χ⟧ are represented as graphs": a passive verb, not a name.)
      if (name && name.includes(' ') && !/^\p{L}+ed\s+(?:as|by|in|into|to|with|from|on|for|using|via)\b/iu.test(name))
        return named(name, 0)
    }
    // A symbol with a relation (`η = 0.01`) is named only by what the sentence says it is, or by
    // a noun phrase with its article ("the noise precision τ = 1/σ²"), never by a verb ("set x = 0").
    if (head.relation === '=' || head.relation === ':=') {
      const phrase = nounBefore(marked.slice(0, at), true) ?? parameterBefore(marked.slice(0, at))
      // "the trigonometric definitions Tₜ(cos θ) = …", "its decomposition X = USVᵀ": the name of the equation.
      if (phrase && !FORMULA_NOUN.test(lastWord(phrase))) return named(phrase, 1)
      const defined = operatorName(seg.tex)
      if (defined) out.push({ key: head.key, name: defined, sentence: s, unit: '', tier: 1, shared: false })
      return
    }
    for (const pattern of AFTER) {
      const m = pattern.exec(marked)
      // ("⟦λ⟧, the largest eigenvalue of the Hessian,": an apposition is a noun phrase, its adjective part of it.)
      const name = m && tidy(m[1], /^(?:smallest|largest|highest|lowest|greatest)\s/i.test(m[1]) && /,\s*$/.test(m[0]))
      // "wₜ (and doing simple algebra)", "c (if we neglect …)": an aside, not a name.
      const first = name?.split(' ')[0] ?? ''
      if (!name || STOP_WORDS.has(first.toLowerCase()) || name.split(' ').some((w) => PRONOUN.test(w))) continue
      if (!PREPOSITION.test(lastWord(name))) return named(name, 1)
    }
    // "…, and x, the input." but not "Given α, its definition is": a clause, not an apposition
    // (nor "Given an input sequence ⟦x⟧, the encoder computes …": after an opening clause, its subject).
    const opening = /^\s*(?:given|for|if|when|with|since|as|once|after|before|using|by|in|on|at)\b/i.test(marked)
    const end = opening && !marked.slice(0, at).includes(',') ? null : APPOSITION_AT_END.exec(marked)
    const last = end && end[1].replace(NAME_END, '') === end[1] ? tidy(end[1]) : null
    if (last) return named(last, 1)
    // (Not after a clause that opens the sentence: "Given ⟦x⟧, the model trained on …" is its subject.)
    const qualified = opening ? null : APPOSITION_QUALIFIED.exec(marked)
    const what = qualified && qualified[1].replace(NAME_END, '') === qualified[1] ? tidy(qualified[1]) : null
    if (what) return named(what, 1)
    // "the standard ℓ₂-norm": the words before name the compound the symbol starts, not the symbol.
    if (/^⟦\*⟧\s*-\p{L}/u.test(marked.slice(at))) return
    // "the same vector length, say d"
    // "collections of keys (k)": a symbol alone in parentheses follows its name.
    // "the discount factor, ⟦γ⟧, weighs …": a symbol set off by commas follows its name.
    const alone = /^\s*\)/.test(marked.slice(at + 3))
      ? /\s*\(\s*$/
      : /^\s*,/.test(marked.slice(at + 3)) &&
          !/^\s*(?:for|in|at|on|with|given|if|when|after|before|by|as|since|once|then|thus|here)\b/i.test(marked)
        ? /\s*,\s*(?:say\s*)?$/i
        : /\s*,?\s*say\s*$/i
    // "spanned by the values vᵢ": a general noun in the plural names each member of an indexed family.
    const member = /_(?:\{[a-z]\}|[a-z])$/.test(head.key) && !shared
    const each = member ? /\b(?:the|these|all)\s+(values|gradients|points)\s*$/i.exec(marked.slice(0, at)) : null
    if (each) return named(singular(each[1]), 1)
    const phrase = nounBefore(marked.slice(0, at).replace(alone, ''))
    // "a general distribution t ∼ p(t)": the distribution it is drawn from, not the symbol.
    if (phrase && head.relation === '\\sim' && /\b(?:distributions?|densit(?:y|ies)|priors?)$/i.test(phrase)) return
    // "the true distribution ⟦P⟧ and ⟦ŷ⟧ follows …", "width ⟦w⟧, and ⟦c⟧ channels": a noun in the singular
    // names the one symbol after it, not the list that symbol opens.
    if (phrase && members.length > 1 && !/s$/i.test(lastWord(phrase))) {
      if (k === members[0])
        for (const h of all[k])
          out.push({
            key: h.key,
            name: readable(phrase),
            sentence: s,
            unit,
            tier: 1,
            shared: all[k].length > 1,
            applied: h.applied,
            written: h.written,
          })
      return
    }
    if (phrase) named(phrase, 1)
  })
  return out
}

/**
 * The names a sentence lists for a list of symbols ("the reward, state and action (respectively)"):
 * one for each, in order, when it lists as many as there are symbols and says so by "respectively"
 * or by a list of three or more; otherwise none.
 */
function namesListed(first: string, rest: string, count: number): string[] | null {
  const tail = /^(?:[^.;:!?()[\]⟦⟧"“”]|⟦\d+⟧)*/u.exec(rest)?.[0] ?? ''
  const text = `${first}${tail}`.replace(/\s*,?\s*respectively\s*$/i, '')
  const respectively =
    /^\s*,?\s*(?:\(\s*)?respectively\b/i.test(rest.slice(tail.length)) || /\brespectively\s*$/i.test(`${first}${tail}`)
  // "the Chebyshev polynomials of the first and second kind": each kind is a name of its own.
  const kinds = /^(.*\b(?:of|in)\s+(?:the\s+)?)(\p{L}+)\s+and\s+(\p{L}+)(\s+\p{L}+)$/iu.exec(text.trim())
  const items =
    kinds && count === 2
      ? [kinds[1] + kinds[2] + kinds[4], kinds[1] + kinds[3] + kinds[4]]
      : text.split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
  if (items.length !== count || count < 2 || (!respectively && count < 3)) return null
  const names = items.map((item) => tidy(item.replace(/^(?:the|a|an|its|their)\s+/i, '')))
  if (names.some((n) => !n || n.split(' ').length > 7) || new Set(names).size !== count) return null
  // "the query, key and value matrices": one word each before a plural noun they share.
  const head = /^[\p{L}-]+\s+([\p{L}-]+)$/u.exec(names[count - 1]!)?.[1] ?? ''
  const shares =
    head !== '' &&
    singular(head) !== head &&
    !STOP_WORDS.has(head.toLowerCase()) &&
    names.slice(0, -1).every((n) => /^[\p{L}-]+$/u.test(n!) && singular(n!) === n)
  if (shares) return (names as string[]).map((n, i) => (i < count - 1 ? `${n} ${singular(head)}` : singular(n)))
  return (names as string[]).map((n) => (kinds ? singular(n) : n))
}

/**
 * "an average of stochastic gradients, denoted by mₜ, and of the squared gradients, denoted by
 * vₜ": a second conjunct that starts at its preposition shares the first one's head noun.
 */
function elided(before: string, phrase: string): string {
  const conjunct = /\band\s+(of|for|to|in|on|over)\s+\S*\s*$/iu.exec(before)
  if (!conjunct) return phrase
  const first = new RegExp(
    String.raw`^.*\b${DET}\s+((?:(?:[\p{L}-]+|\(\p{Lu}{2,}s?\))\s+){0,5}?(?:[\p{L}-]+|\(\p{Lu}{2,}s?\)))\s+${conjunct[1]}\s`,
    'isu',
  ).exec(before.slice(0, conjunct.index))
  return first ? `${first[1]} ${conjunct[1]} ${phrase}` : phrase
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
    // "… is the link function, and ⟦T⟧ and ⟦U⟧ are the …": a new clause, whose subject is the list.
    const clause =
      /^(?:and|or)$/i.test(word) && /^\s*,?\s*(?:are|denote|represent)\b/i.test(raw.slice(m.index! + m[0].length))
    if (
      members.length === 1 ||
      members.some((i) => !heads[i]) ||
      PREPOSITION.test(word) ||
      (/^(?:between|and|or)$/i.test(word) && !clause)
    )
      return { marked: raw, members: [k] }
    return { marked: raw.slice(0, m.index) + '⟦*⟧' + raw.slice(m.index! + m[0].length), members }
  }
  return { marked: raw, members: [k] }
}

/** "the learning rate ⟦*⟧", "Note that attention weights ⟦*⟧": the words just before the symbol, back to a function word. */
function nounBefore(before: string, withArticle = false): string | null {
  // "the evidence lower bound (ELBO) ⟦L⟧": the name stands before its abbreviation.
  const words = before
    .trimEnd()
    .replace(/\s*\(\s*\p{Lu}[\p{Lu}\d-]{1,7}s?\s*\)$/u, '')
    .split(' ')
  const run: string[] = []
  while (words.length && run.length < 5) {
    const w = words[words.length - 1]
    if (
      !/^[\p{L}][\p{L}-]*(?:['’]s)?$/u.test(w) ||
      STOP_WORDS.has(w.toLowerCase()) ||
      NUMBER_WORD.test(w) ||
      // "no longer changing it’s output ⟦z⟧": a pronoun's possessive ends the name.
      /^(?:it|they|we|you|he|she|one)['’]s$/i.test(w)
    )
      break
    run.unshift(words.pop()!)
  }
  // "Assume ε …", "Consider x": a sentence that opens with a verb names nothing by it.
  // ("2. Evaluate m(xᵢ)": a list item's number does not open the sentence.)
  if (words.every((w) => /^(?:\d+[.)]?|[-*•])?$/.test(w)) && run.length && IMPERATIVE.test(run[0])) run.shift()
  // "the positive and negative class label yᵢ": the modifier after "and" is one of two, the noun is the name
  // (not in "⟦X⟧ and row-by-row covariance matrices ⟦V⟧", where "and" joins two names).
  if (
    run.length >= 3 &&
    /^(?:and|or)$/i.test(words[words.length - 1] ?? '') &&
    /^\p{L}+$/u.test(words[words.length - 2] ?? '') &&
    !STOP_WORDS.has((words[words.length - 2] ?? '').toLowerCase())
  )
    words.push(run.shift()!)
  // "can adaptively choose step sizes Δx": a word an adverb qualifies is a verb (or an adjective),
  // and the name is what follows it.
  const adverb = run.findLastIndex((w) => /ly$/i.test(w))
  if (adverb >= 0 && adverb + 2 < run.length) words.push(...run.splice(0, adverb + 2))
  // "sufficiently large W matrices": an adverb makes it a description, not a name.
  if (run.length === 0 || run.length > 4 || run.some((w) => /ly$/i.test(w))) return null
  // "model parameters given observations p(θ | x)": a condition, not a name.
  if (run.slice(1).some((w) => /^given$/i.test(w))) return null
  // "there exist coefficients a₁, …", "a given discriminator D": the verb is not part of the name.
  while (run.length > 1 && /^(?:exists?|is|are|be|has|have|gets?|given)$/i.test(run[0])) words.push(run.shift()!)
  // "the number of model parameters P", "the dimensionality of the data D": the measure is the name.
  // (A collection is not: "a sequence of input tokens x₁, …" names the tokens.)
  const of = /^(.*?)\b(?<det>the|a|an|our|its|their)\s+(?<noun>(?:[\p{L}-]+\s+)?[\p{L}-]+)\s+of(?<the>\s+the)?$/iu.exec(
    words.join(' '),
  )
  if (of?.groups && run.length && MEASURE.test(lastWord(of.groups.noun))) {
    words.splice(0, words.length, ...`${of[1]}${of.groups.det}`.trim().split(' '))
    run.unshift(of.groups.noun, 'of', ...(of.groups.the ? ['the'] : []))
  }
  const stop = words[words.length - 1] ?? ''
  // "at iteration t", "in layer l": the running index.
  if (run.length === 1 && COUNTER.test(run[0]) && /^(?:at|in|for|after|until|of)$/i.test(stop)) return singular(run[0])
  // "the n × n precision matrix P": a formula may stand between the article and the noun.
  const article = /^⟦\d+⟧$/.test(stop) ? (words[words.length - 2] ?? '') : stop
  if (withArticle && !new RegExp(`^${DET}$`, 'i').test(article)) return null
  // "we initialize x", "we can then use x": a verb, not a name.
  if (PRONOUN.test(stop) || /^(?:to|can|will|may|must|should|would|could|not|also)$/i.test(stop)) return null
  // "the smallest δ", "by substituting a_t": an adjective or a verb, not a name.
  if (run.length === 1 && /(?:est|ing)$/i.test(run[0])) return null
  if (
    run.length === 1 &&
    (/^[\p{L}]/u.test(stop) || /^⟦\d+⟧$/.test(stop)) &&
    !new RegExp(
      `^(?:${DET}|any|every|given|that|of|and|or|with|for|from|into|by|between|two|three|four|both|all|multiple|many|several|various|these|those)$`,
      'i',
    ).test(article)
  )
    return null
  // ("the true probability of the event ⟦Y = 1⟧" names the probability, not the event: a measure keeps the rule.)
  const name = tidy(run.join(' '), !run.some((w) => PREPOSITION.test(w)))
  if (!name || (!name.includes(' ') && GENERIC_NOUNS.has(name.toLowerCase()))) return null
  return name
}

const INTRODUCES_END = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:(?<prep>\p{L}+)\s+)?${DET}\s+([^,;:()]{2,140}?)\s*:?\s*$`,
  'iu',
)
const INTRODUCES_VERB = new RegExp(
  String.raw`(?:^|[^\p{L}])${DET}\s+([^,;:()]{2,140}?)(?:\s+(?:is|are|can\s+be|will\s+be)\s+(?:then\s+)?|\s*,\s*)(?:(?:defined|given|computed|written|obtained|calculated|expressed)\s+(?:in\s+terms\s+of\s+[^,;:()]{2,80}?\s+)?(?:as|by)|(?:\p{L}+ed\s+(?:to|as)\s+)?(?:the\s+following|follows))\s*:?\s*$`,
  'iu',
)
/** "Using this fact, the conditional flow matching loss can be defined, obtaining …": the display is its definition. */
const INTRODUCES_DEFINED = new RegExp(
  String.raw`(?:^|[^\p{L}])${DET}\s+([^,;:()]{2,140}?)\s+(?:is|can\s+be|will\s+be)\s+(?:then\s+)?defined(?:\s*,\s*\p{L}{3,}ing\b[^:;]*)?\s*[.:]?\s*$`,
  'iu',
)
/** "The output of each head is", "Then the prediction becomes:": a sentence that is only its subject and verb introduces what the subject is. */
const INTRODUCES_IS = new RegExp(
  String.raw`^\s*(?:(?:then|thus|so|hence|finally|therefore|now|here|similarly|in\s+this\s+case)\s*,?\s+)?${DET}\s+((?:[\p{L}-]+\s+){0,5}?[\p{L}-]+)\s+(?:is|are|becomes|become)\s*:?\s*$`,
  'iu',
)
/** "We'll call this quantity the asymptotic rate of convergence, and denote it:" */
const INTRODUCES_CALL = new RegExp(
  String.raw`\bcall\s+(?:this|it|these|them)(?:\s+\p{L}+)?\s+${DET}\s+([^,;:()]{2,90}?)\s*(?:,\s*and\s+(?:denote|write)\s+(?:it|them)\s*)?:?\s*$`,
  'iu',
)

/**
 * A display introduced by its name: "The residual sum of squares is defined as", "the normalized
 * state variables are given by", "we can derive the estimate for the intercept:" name the
 * symbols on the left of its rows.
 */
function namesForDisplay(d: DisplayFormula): Found[] {
  // "If φ is convex then the proximal operator is defined as": the main clause introduces it.
  const text = d.before?.text.replace(/^(?:if|when)\b.*?,?\s+then\s+/i, '')
  if (!text) return []
  let phrase: string | null = null
  const verb =
    INTRODUCES_VERB.exec(text) ??
    INTRODUCES_CALL.exec(text) ??
    INTRODUCES_DEFINED.exec(text) ??
    INTRODUCES_IS.exec(text)
  if (verb) phrase = verb[1]
  else {
    const end = INTRODUCES_END.exec(text)
    // "the estimate for the intercept:", not "inside the trace:" nor "the expectation can be moved …".
    if (
      end &&
      // Nor the object of a verb: "after observing the j-th data set:", "… using a non-informative prior:".
      !(end.groups?.prep && (PREPOSITION.test(end.groups.prep) || /\p{L}{3,}ing$/iu.test(end.groups.prep))) &&
      end[2].replace(NAME_END, '') === end[2] &&
      !/\bwith\b/i.test(end[2])
    )
      // "The formula shows the prediction results for …": the object of the verb is the name.
      phrase = end[2].replace(/^.*?\b(?:shows?|gives?|describes?|states?|presents?)\s+(?:the|a|an)\s+/i, '')
    // "The solution is the ordinary least squares estimator based on the second moment matrix:"
    const is =
      end &&
      /^[\p{L}-]+\s+(?:is|are)\s+(?:the|an?)\s+(.+?)\s+\p{L}{3,}ed\s+(?:on|by|from|via|using|with)\b/iu.exec(end[2])
    if (!phrase && is) phrase = is[1]
  }
  // "… for a test data point x:": the symbol ending the sentence is not part of the name.
  const last = d.before!.segments.findLast((seg) => seg.kind === 'math')
  const tail = last ? readableOf(last).trim() : ''
  if (phrase && tail && phrase.trimEnd().endsWith(tail)) {
    const rest = phrase.trimEnd().slice(0, -tail.length)
    // "the divergence of P from Q", "… at iteration t" keep their formula: after a preposition it belongs to the name.
    if (
      !rest
        .trim()
        .split(' ')
        .slice(-2)
        .some((w) => PREPOSITION.test(w))
    )
      phrase = rest
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
  // "the update formula of Adam": the noun before a preposition is the head.
  const prep = words.findIndex((w) => PREPOSITION.test(w))
  const headNoun = prep > 0 ? words[prep - 1] : lastWord(name)
  // "we have the relation:", "we also use the notation": a name for the formula, not for its symbols.
  if (
    /^(?:updates?|rules?|recurrences?|steps?|iterations?|equations?|formulas?|system|notations?)$/i.test(headNoun) ||
    FORMULA_NOUN.test(headNoun)
  )
    return []
  if (
    words.some((w) => /^(?:as|follows)$/i.test(w)) ||
    // "the value of …": a generic head; "the prediction results for a test data point" is not.
    (GENERIC_NOUNS.has(headNoun.toLowerCase()) && (words.length === 1 || prep > 0))
  )
    return []
  const keys: string[] = []
  for (const row of definitionalEquals(d.tex)
    .replace(/\\(?:begin|end)\{[^{}]*\}/g, '')
    .split(/\\\\|\\(?:text|textrm|mbox)\s*\{\s*(?:and|,)\s*\}|\\quad|\\qquad/)) {
    const lhs = /^\s*([^&=]*?)\s*&?\s*(?:=|\\leftarrow|\\gets|:=)/.exec(row)?.[1]
    const head = lhs ? headOf(lhs) : null
    if (head && !keys.includes(head.key)) keys.push(head.key)
  }
  const shared = keys.length > 1
  // ("The output of each head is": one quantity, so one row.)
  if (verb && verb[0] === INTRODUCES_IS.exec(text)?.[0] && keys.length !== 1) return []
  const final = singular(name, shared && !keys.some(holdsMany))
  return keys.map((key) => ({ key, name: final, sentence: d.before!, unit: '', tier: 1, shared }))
}

/**
 * "the partition function Z(x)", "the prior π(θ)": a symbol the formulas only ever write applied
 * to arguments is listed as they write it, `Z(x)`, not as a bare letter no formula holds.
 */
function appliedForms(names: Map<string, Candidate>, formulas: readonly string[]): void {
  for (const [key, c] of [...names]) {
    if (!c.applied || !c.written || names.has(c.written)) continue
    const flat = normalTex(key)
    const bare = formulas.some((tex) => {
      const f = normalTex(tex).replace(/\\left\(/g, '(')
      for (let at = f.indexOf(flat); at >= 0; at = f.indexOf(flat, at + 1)) {
        const before = f[at - 1] ?? ''
        const after = f.slice(at + flat.length)
        if (/[A-Za-z\\]/.test(before) || /^[A-Za-z_^'(]/.test(after)) continue
        return true
      }
      return false
    })
    if (bare) continue
    names.delete(key)
    names.set(c.written, { ...c, key: c.written, applied: false })
  }
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
      // "a network 𝒩(t, u⁰)": a normal distribution's spread is a variance, a standard deviation or a covariance.
      if (
        !squared &&
        !/^(?:\\(?:mathbf|boldsymbol|bm)\s*\{?\s*)?(?:[A-Z](?![A-Za-z])|\\(?:sigma|Sigma|varsigma|tau|lambda|nu|kappa|gamma)(?![A-Za-z]))/.test(
          spread,
        )
      )
        continue
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
      // (`𝒩(0, I)`: the identity is not a symbol of the essay's own.)
      if (
        spreadHead &&
        !names.has(spreadHead.key) &&
        !/^(?:I|\\mathbf\s*\{\s*I\s*\}|\\mathbb\s*\{\s*I\s*\})$/.test(spreadHead.key)
      ) {
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

/**
 * "the Gram matrix X Xᵀ", "the projection matrix Xᵀ(XXᵀ)⁻¹X": a product of symbols the essay names
 * as a matrix is listed as written.
 */
function namedMatrix(tex: string, before: string): { key: string; name: string } | null {
  const lhs = definitionalEquals(tex)
    .split(/\\in(?![A-Za-z])|:=|=/)[0]
    .trim()
  if (lhs.length > 40 || /\\(?:sum|prod|int|frac|left|right)|[+=,]/.test(lhs) || symbolsIn(lhs).length === 0)
    return null
  const name = nounBefore(before, true)
  return name && /\bmatri(?:x|ces)$/i.test(name) && name.includes(' ') ? { key: lhs, name: singular(name) } : null
}

/** `[\mu, L]`, `\left( a, b \right)`: an interval whose ends are single symbols. */
const INTERVAL = /^\s*(?:\\left\s*)?[[(]\s*([^,[\]()]+?)\s*,\s*([^,[\]()]+?)\s*(?:\\right\s*)?[\])]\s*[.,;]?\s*$/

/**
 * "the eigenvalues of H are in the interval [μ, L]", "the weights lie within [a, b]": the ends of
 * the interval a plural subject lies in are its smallest and its largest (μ the smallest
 * eigenvalue of H, L the largest).
 */
function intervalEnds(tex: string, before: string): Array<{ key: string; name: string }> {
  const ends = INTERVAL.exec(tex)
  if (!ends) return []
  const low = headOf(ends[1])
  const high = headOf(ends[2])
  if (!low || !high || low.relation || high.relation || low.applied || high.applied || low.key === high.key) return []
  if (symbolsIn(ends[1]).length !== 1 || symbolsIn(ends[2]).length !== 1) return []
  const m = new RegExp(
    String.raw`\b(?:the|all|its|their)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+s)((?:\s+of\s+(?:the\s+)?(?:[\p{L}-]+\s+)?⟦\d+⟧)?)\s+(?:are|lie|fall|remain|stay)\s+(?:all\s+)?(?:in|within|inside)\s+(?:the\s+)?(?:(?:closed|open|bounded|compact)\s+)?(?:interval|range|segment)?\s*$`,
    'iu',
  ).exec(before)
  if (!m) return []
  const noun = singular(m[1])
  if (
    noun === m[1] ||
    GENERIC_NOUNS.has(noun.toLowerCase()) ||
    TYPE_WORD.test(noun) ||
    STOP_WORDS.has(noun.toLowerCase())
  )
    return []
  // (Not through `tidy`, which takes "smallest" for the start of a statement, not of a name.)
  const what = tidy(`${noun}${m[2]}`)
  if (!what || what.split(' ').length > 6) return []
  return [
    { key: low.key, name: `smallest ${what}` },
    { key: high.key, name: `largest ${what}` },
  ]
}

/**
 * "for a model with ⟦n⟧ attention heads", "has ⟦h⟧ hidden units", "in ⟦d⟧ dimensions": a plain
 * letter written where a number goes, before a plural noun, is the number of them.
 */
function countOf(key: string, before: string, after: string): string | null {
  if (!/^[A-Za-z](?:_\{?[A-Za-z0-9]\}?)?$/.test(key)) return null
  if (
    // ("we sample N classes and K examples per class": the verb that takes a count.)
    !/\b(?:with|has|have|having|of|for|in|into|over|across|contains?|containing|among|between|from|to|sample|samples|draw|draws|use|uses|take|takes|pick|picks|select|selects|choose|chooses|generate|generates)\s*$|⟦\d+⟧\s+[\p{L}-]+s\s+and\s*$/iu.test(
      before,
    )
  )
    return null
  const m =
    /^\s*((?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*[^s\W]s)(?![\p{L}-])\s*(?:$|[.,;:!?)]|(?:and|or|of|in|each|per|with|to|from|for|that|which|where|is|are|at|on)\b)/iu.exec(
      after,
    )
  if (!m) return null
  const words = m[1].toLowerCase().split(/\s+/)
  // "radius", "basis": not plurals.
  if (words.some((w) => STOP_WORDS.has(w)) || /(?:us|is)$/.test(words[words.length - 1])) return null
  return `number of ${words.join(' ')}`
}

/**
 * "a normal distribution with mean μ = 0 and standard deviation σ = 0.01", "with learning rate η = 0.1":
 * the parameters a "with" lists are named by their nouns.
 */
function parameterBefore(before: string): string | null {
  const m = /(?:^|\s)(with|and)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s*$/iu.exec(before)
  if (!m) return null
  const words = m[2].split(' ')
  if (/^and$/i.test(m[1]) && (words.length < 2 || !/\bwith\b/i.test(before))) return null
  if (words.some((w) => STOP_WORDS.has(w.toLowerCase()) || /ly$|ing$|ed$/i.test(w))) return null
  const name = tidy(m[2])
  return name && !GENERIC_NOUNS.has(name.toLowerCase()) ? name : null
}

/** Operators written as words, and what a reader calls them. */
const OPERATOR_NAMES: Record<string, string> = {
  rank: 'rank',
  rk: 'rank',
  tr: 'trace',
  trace: 'trace',
  det: 'determinant',
  var: 'variance',
  cov: 'covariance',
  corr: 'correlation',
  std: 'standard deviation',
  dim: 'dimension',
  softmax: 'softmax',
  sigmoid: 'sigmoid',
  mean: 'mean',
  median: 'median',
  entropy: 'entropy',
}

/**
 * `R := \text{rank}(X)`, `v = \operatorname{Var}[x]`: a symbol defined as a named operator applied to
 * something is that operator of it ("rank of X"), the name written inside the formula.
 */
function operatorName(tex: string): string | null {
  const m =
    /^[^=]*?(?::=|=)\s*\\(?:operatorname|text|textrm|mathrm|mathbb|rm)?\s*\{?\s*([A-Za-z]{2,8})\s*\}?\s*(?:\\left)?[([]\s*([^()[\]]{1,40}?)\s*(?:\\right)?[)\]]\s*[.,]?\s*$/.exec(
      definitionalEquals(tex)
        .replace(/\\[,;!](?![A-Za-z])/g, ' ')
        .replace(/\\(?:det|dim|tr)(?![A-Za-z])/g, (w) => `\\operatorname{${w.slice(1)}}`),
    )
  const name = m && OPERATOR_NAMES[m[1].toLowerCase()]
  return name ? `${name} of ${readableTex(m[2])}` : null
}

/** Verbs that open a sentence in the imperative or as a hypothesis. */
const IMPERATIVE =
  /^(?:assume|suppose|consider|let|fix|set|choose|take|pick|define|denote|recall|note|compute|find|write|use|apply|replace|substitute|plug|solve|sample|draw|initiali[sz]e|update|observe|see|show|prove|check|given|then|now|thus|hence|here|evaluate|calculate|estimate|plot|obtain|minimi[sz]e|maximi[sz]e|integrate|differentiate|multiply|divide|repeat|return|generate|form)$/i

/** A shape written as a formula: `n \times p`, `d \times d \times 3`. */
const SHAPE = /^\s*[\w\\{}]+(?:\s*\\times\s*[\w\\{}]+){1,2}\s*$/
const texOf = (seg: Sentence['segments'][number]) => (seg.kind === 'math' ? seg.tex : '')

/** Nouns for a quantity measured of something: "the number of …", "the posterior distribution of …". */
const MEASURE =
  /^(?:number|count|dimension|dimensionality|size|length|rank|width|height|depth|amount|fraction|proportion|ratio|variance|mean|average|sum|total|norm|distribution|density|probability|likelihood|posterior|prior)$/i

/** Nouns that name an equation, not the symbol on its left. */
const FORMULA_NOUN =
  /^(?:definitions?|rules?|recurrences?|conditions?|decompositions?|factori[sz]ations?|expansions?|identit(?:y|ies)|forms?|representations?|approximations?|formulas?|formulae|equations?|relations?)$/i

/** A bold symbol is a vector or matrix: one symbol that holds many values ("the learnable parameters W"). */
const holdsMany = (key: string) => /\\(?:mathbf|boldsymbol|bm|pmb|vec)\b/.test(key)
/** A capital, bold or not, is a matrix or a set: "errors E", "the keys K" (not `\mathbf{k}_i`, one key). */
const isMatrix = (key: string) =>
  /^(?:\\(?:mathbf|boldsymbol|bm|pmb|vec|hat|tilde|bar)\s*\{?\s*)*[A-Z](?![A-Za-z])/.test(key)
