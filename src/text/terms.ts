import { normaliseWord } from './stem.js'
import { CJK_STOP_CHARS, STOP_WORDS, WEAK_WORDS } from './stop-words.js'

/** One occurrence of a candidate term in a text: its normalised key and where it is written. */
export interface TermOccurrence {
  key: string
  start: number
  end: number
  /** 1 for a word, 2 or 3 for adjacent words (a CJK character pair counts as a word). */
  n: 1 | 2 | 3
}

interface Word {
  key: string
  start: number
  end: number
  stop: boolean
  weak: boolean
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const SCRIPT_PARTS =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu
/** Only spaces between two words keep them in one phrase; any punctuation ends it. */
const SAME_PHRASE = /^[ \t\u00a0]*$/

/** Words of `text` in phrases: a phrase ends at punctuation, so no pair spans a comma or a full stop. */
function phrases(text: string): Word[][] {
  const out: Word[][] = []
  let current: Word[] = []
  let lastEnd = -1
  const flush = () => {
    if (current.length) out.push(current)
    current = []
  }
  const addWord = (word: string, start: number) => {
    // Numbers are no terms, and a word after one starts a new phrase.
    if (/^\p{N}/u.test(word)) return flush()
    const key = normaliseWord(word)
    const lower = word.toLowerCase()
    const stop = STOP_WORDS.has(key) || STOP_WORDS.has(lower) || key.length < 2
    current.push({
      key,
      start,
      end: start + word.length,
      stop,
      weak: stop || WEAK_WORDS.has(key) || WEAK_WORDS.has(lower) || key.length < 3,
    })
  }
  for (const m of text.matchAll(WORD)) {
    const start = m.index
    if (lastEnd >= 0 && !SAME_PHRASE.test(text.slice(lastEnd, start))) flush()
    lastEnd = start + m[0].length
    if (!CJK.test(m[0])) {
      addWord(m[0], start)
      continue
    }
    // "Julia社区" is one match: its Latin part is a word, its Chinese part character pairs.
    for (const part of m[0].matchAll(SCRIPT_PARTS)) {
      flush()
      if (part[1]) for (const pair of cjkPairs(part[1], start + part.index)) out.push([pair])
      else addWord(part[0], start + part.index)
    }
    flush()
  }
  flush()
  return out
}

/** Chinese and Japanese have no spaces: each pair of adjacent content characters is a candidate. */
function cjkPairs(token: string, offset: number): Word[] {
  const words: Word[] = []
  for (const run of token.matchAll(CJK_RUN)) {
    const chars = [...run[0]]
    let at = offset + run.index
    for (let i = 0; i + 1 < chars.length; i++) {
      const pair = chars[i] + chars[i + 1]
      const stop = CJK_STOP_CHARS.has(chars[i]) || CJK_STOP_CHARS.has(chars[i + 1])
      if (!stop) words.push({ key: pair, start: at, end: at + pair.length, stop: false, weak: false })
      at += chars[i].length
    }
  }
  return words
}

/**
 * Candidate terms of a text, in order: content words (not function or generic words, at least
 * three letters) and pairs of adjacent content words inside one phrase ("gradient descent"
 * yes; "of the", "consider estimation" no); with `triples`, runs of three too ("Hamiltonian
 * Monte Carlo"). The site index leaves triples out: a triple is at most as common as its pairs.
 */
export function termsOf(text: string, opts: { triples?: boolean } = {}): TermOccurrence[] {
  const out: TermOccurrence[] = []
  const content = (w: Word | undefined): w is Word => w !== undefined && !w.weak && !isCjkKey(w.key)
  for (const phrase of phrases(text)) {
    for (let i = 0; i < phrase.length; i++) {
      const w = phrase[i]
      if (!w.weak) out.push({ key: w.key, start: w.start, end: w.end, n: 1 })
      const next = phrase[i + 1]
      if (!content(w) || !content(next)) continue
      out.push({ key: `${w.key} ${next.key}`, start: w.start, end: next.end, n: 2 })
      const third = phrase[i + 2]
      if (opts.triples && content(third))
        out.push({ key: `${w.key} ${next.key} ${third.key}`, start: w.start, end: third.end, n: 3 })
    }
  }
  return out
}

export const isCjkKey = (key: string): boolean => CJK.test(key)
