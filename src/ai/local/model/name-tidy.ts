import { STOP_WORDS } from '../../../text/stop-words.js'
import { COLLECTIVE, COUNTER, LONE_ADJECTIVE, NAME_END, NOT_A_NAME, PREPOSITION, TYPE_WORD } from './name-patterns.js'

export const lastWord = (name: string) => name.split(' ').pop() ?? ''

/**
 * "sample means" → "sample mean": a symbol is one of them. Collective nouns ("the learnable
 * parameters") stay plural, as one symbol can hold many of them (a weight matrix), unless the
 * name is shared by several plain symbols, each of which is one ("β₁ and β₂ are weighting parameters").
 */
export function singular(name: string, eachOne = false): string {
  const words = name.split(' ')
  // "EMA estimates with bias correction": the noun before the preposition is the one to count.
  const prep = words.findIndex((w, i) => i > 0 && PREPOSITION.test(w))
  if (prep > 0) return [singular(words.slice(0, prep).join(' '), eachOne), ...words.slice(prep)].join(' ')
  const last = words.pop()!
  if ((COLLECTIVE.test(last) && !eachOne) || /(?:ss|us|is|as|os|ics)$/i.test(last) || /⟧$/.test(last)) return name
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

/** Adjectives that open a statement after a verb ("x is small") but a name before its symbol ("a small constant ε"). */
const ATTRIBUTIVE =
  /^(?:smallest|largest|highest|lowest|greatest|small|large|smaller|larger|positive|negative|true|independent)$/i

/** The colour or place of a curve in a figure. */
const LEGEND =
  /^(?:(?:light|dark)\s+)?(?:blue|red|green|orange|black|purple|yellow|gr[ae]y|pink|brown|cyan|magenta|dashed|dotted|solid|left|right|top|bottom)(?:\s+(?:line|curve|dots?|points?|panel|plot))?$/i
/** A finite verb inside the words taken for a name: the sentence has gone on. */
const CLAUSE_VERB = /\b(?:consists?|contains?|comprises?|involves?|changing|iff)\b/i

/** `prenominal`: the words stand right before the symbol they name ("the negative gradient g"), not after a verb. */
export function tidy(raw: string, prenominal = false): string | null {
  let name = raw.replace(NAME_END, '').replace(/⟦\*⟧/g, '').replace(/\s+/g, ' ').trim()
  // Another formula belongs to the name only after a preposition ("variance of x") or before a
  // hyphen ("n-dimensional"); elsewhere the sentence has gone on ("… of observations and let p be").
  for (const m of name.matchAll(/⟦\d+⟧/g)) {
    const word = /([\p{L}]+)\s*$/u.exec(name.slice(0, m.index))?.[1] ?? ''
    // ("the hidden state at time ⟦t⟧": a running index keeps its formula too.)
    if (PREPOSITION.test(word) || COUNTER.test(word) || /^\s*-/.test(name.slice(m.index! + m[0].length))) continue
    name = name.slice(0, m.index).trim()
    break
  }
  // "the Jacobian in the above equation": the place of the formula, not part of the name.
  name = name.replace(/\s+(?:in|of|from)\s+the\s+(?:above|below|previous|preceding|following)\s+\p{L}+$/iu, '')
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
  // "the right hand side of the above equation": a place in the text, not a name.
  if (
    kept.some((w) => /^(?:above|below|previous|preceding|following)$/i.test(w)) ||
    /\bhand side\b/i.test(kept.join(' '))
  )
    return null
  // "faster the algorithm converges": an article inside, not after a preposition, starts a clause
  // (looked for in all the words: "… of the first kind admit the explicit form" is one, though cut at eight words).
  if (
    words.some(
      (w, i) =>
        i > 0 &&
        /^(?:the|a|an)$/i.test(w) &&
        !PREPOSITION.test(words[i - 1]) &&
        !/^(?:and|or)$/i.test(words[i - 1]) &&
        // ("a hyperparameter controlling the decay rate": a participle right after the noun qualifies it.)
        !(
          i === 2 &&
          /\p{L}{3,}ing$/u.test(words[1]) &&
          !STOP_WORDS.has(words[1].toLowerCase()) &&
          !STOP_WORDS.has(words[0].toLowerCase()) &&
          !PREPOSITION.test(words[0])
        ),
    )
  )
    return null
  name = kept
    .join(' ')
    .replace(/-$/, '')
    // "a quadratic objective of the form": what follows is the formula, not the name.
    .replace(/\s+of\s+the\s+form$/i, '')
  if (kept.length === 1 && (TYPE_WORD.test(name) || LONE_ADJECTIVE.test(name))) return null
  // "DDPM’s ⟦βₜ⟧", "⟦φ₁⟧ (blue)", "a tuple that consists of …": a possessive, a figure's legend or a clause, not a name.
  if (/['’]s?$/.test(name) || LEGEND.test(name) || CLAUSE_VERB.test(name)) return null
  if (
    name.length < 3 ||
    (NOT_A_NAME.test(name) && !(prenominal && kept.length >= 2 && ATTRIBUTIVE.test(kept[0]))) ||
    words.every((w) => STOP_WORDS.has(w.toLowerCase()) || /^⟦\d+⟧$/.test(w))
  )
    return null
  return name
}
