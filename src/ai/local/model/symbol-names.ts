import type { Sentence } from '../essay/types.js'
import { readableOf } from '../essay/sentences.js'
import { STOP_WORDS } from '../text/stop-words.js'
import { symbolsIn } from './tex-symbols.js'

export interface SymbolName {
  name: string
  /** The sentence that names it, as the reader reads it. */
  sentence: Sentence
  unit: string
}

const DET = String.raw`(?:the|a|an|our|its|their|some|each)`
const PHRASE = String.raw`([^,.;:!?()\[\]⟦⟧"“”]{2,90})`
/** The formula being named is marked `⟦*⟧` in the sentence, the others `⟦⟧`. */
const SELF = '⟦\\*⟧'
/** Strongest first: "x is the …", "x denotes …", "x is called …", "x (the …)", "x, the …,", "the … x", "… (x)". */
const PATTERNS: RegExp[] = [
  String.raw`${SELF}\s*,?\s*(?:is|are|be|was|were|as)\s+(?:also\s+)?${DET}\s+${PHRASE}`,
  String.raw`${SELF}\s*,?\s*(?:denotes?|represents?|stands\s+for|refers\s+to|corresponds\s+to|measures|counts|describes)\s+(?:${DET}\s+)?${PHRASE}`,
  String.raw`${SELF}\s*(?:is|are)\s+(?:called|known\s+as|referred\s+to\s+as|termed)\s+(?:${DET}\s+)?${PHRASE}`,
  String.raw`${SELF}\s*\(\s*(?:${DET}\s+)?${PHRASE}\)`,
  String.raw`${SELF}\s*,\s*${DET}\s+${PHRASE},`,
  String.raw`\b${DET}\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)\s+${SELF}(?!\s*⟦)`,
  String.raw`((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)\s*\(\s*${SELF}\s*\)`,
].map((source) => new RegExp(source, 'iu'))
/** A name ends where the sentence goes on to something else. */
const NAME_END = /\s+(?:where|which|that|such|so|if|when|while|whose|given|i\.e|e\.g|and\s+⟦|with\s+⟦|for\s+all|is|are|was|were|can|will|has|have)(?![\p{L}]).*$/iu
/** Words that start a statement about the symbol, not its name ("x is distributed as …"). */
const NOT_A_NAME = /^(?:given|distributed|equal|independent|defined|called|known|used|obtained|written|true|false|positive|negative|zero|greater|smaller|larger|less|more|not|also|then|now|only|just|same|following|above|below|function\s+of)\b/i
const UNIT = /^\s*(?:\(\s*)?(?:is\s+)?(?:measured\s+)?in\s+(meters|metres|seconds|minutes|hours|days|years|kilograms|grams|dollars|euros|percent|bits|bytes|pixels|degrees|radians|kelvin|joules|watts|volts|newtons|hertz|square\s+feet|feet|miles|kilometers|kilometres|centimeters|millimeters)\b/i

/**
 * Names for symbols from the sentences around the formulas: "where P is the projection
 * matrix", "let n be the number of trials", "the learning rate η". A symbol is named by the
 * first sentence that says what it is; a stronger pattern ("is the") wins over a weaker one
 * ("the … η") only within that sentence. Units are read when the essay gives them ("x in meters").
 */
export function symbolNames(sentences: Sentence[]): Map<string, SymbolName> {
  const names = new Map<string, SymbolName>()
  for (const s of sentences) {
    if (!s.segments.some((seg) => seg.kind === 'math')) continue
    const parts = s.segments.map((seg) => (seg.kind === 'math' ? null : readableOf(seg)))
    s.segments.forEach((seg, k) => {
      if (seg.kind !== 'math') return
      const symbols = symbolsIn(seg.tex)
      if (symbols.length !== 1 || names.has(symbols[0])) return
      const marked = parts.map((p, i) => p ?? (i === k ? ' ⟦*⟧ ' : ' ⟦⟧ ')).join('').replace(/\s+/g, ' ')
      const name = nameIn(marked)
      if (name) names.set(symbols[0], { name, sentence: s, unit: UNIT.exec(marked.slice(marked.indexOf('⟦*⟧') + 3))?.[1] ?? '' })
    })
  }
  return names
}

/** The two weakest patterns ("the … x", "… (x)") name a symbol only with a specific noun phrase. */
const WEAK_FROM = PATTERNS.length - 2
const GENERIC_NOUNS = new Set('direction distance gradient gradients value values function point points term terms case step size vector matrix variable variables parameter parameters quantity number element entry coordinate coordinates dimension index example form result formula equation expression initialization'.split(' '))
const PREPOSITION = /\b(?:at|in|of|on|for|by|with|from|to|into|over|under|between|along)\b/i

function nameIn(marked: string): string | null {
  for (const [i, pattern] of PATTERNS.entries()) {
    const m = pattern.exec(marked)
    if (!m) continue
    const name = tidy(m[1])
    if (!name) continue
    // "in the direction x", "the weights updated at time t": a place in the sentence, not a name.
    if (i >= WEAK_FROM && (PREPOSITION.test(name) || (!name.includes(' ') && GENERIC_NOUNS.has(name.toLowerCase())))) continue
    return name
  }
  return null
}

function tidy(raw: string): string | null {
  let name = raw.replace(NAME_END, '').replace(/⟦\*?⟧/g, '').replace(/\s+/g, ' ').trim()
  const words = name.split(' ')
  while (words.length && STOP_WORDS.has(words[words.length - 1].toLowerCase())) words.pop()
  while (words.length && /^(?:the|a|an)$/i.test(words[0])) words.shift()
  name = words.slice(0, 8).join(' ')
  if (name.length < 3 || NOT_A_NAME.test(name) || words.every((w) => STOP_WORDS.has(w.toLowerCase()))) return null
  return name
}
