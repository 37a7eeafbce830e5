import { tfIn } from './postings.js'

export const FIELD_COUNT = 5
/** The body's place among the fields (the last). */
export const TEXT = 4
/** BM25+ with MiniSearch's constants, so ranking stays what readers had before this index. */
const K = 1.2
const B = 0.7
const D = 0.5

/**
 * One query word's posts, sorted by slot, for intersecting: either a term's posting list
 * (triples of slot and frequencies, scored when a post survives) or the union of several
 * expansions (a word being completed or misspelt), scored while it was built.
 */
export interface WordList {
  data: Uint32Array
  /** 3 for a posting list's (slot, body count, short counts) triples, 1 for a union's bare slots. */
  stride: 1 | 3
  length: number
  /** A posting list's weight per field: the expansion's weight × field boost × idf. */
  weights: Float64Array | null
  /** A union's score per entry. */
  scores: Float64Array | null
}

/** What scoring a posting needs besides the posting: every post's field lengths and their averages. */
export interface FieldStats {
  lengths: Uint32Array
  avg: Float64Array
}

/** The first position at or after `from` whose slot is at least `slot`: galloping, then a binary search. */
export function seek(list: WordList, from: number, slot: number): number {
  const { data, stride, length } = list
  if (from >= length || data[from * stride] >= slot) return from
  let lo = from
  let step = 1
  let hi = from + 1
  while (hi < length && data[hi * stride] < slot) {
    lo = hi
    step *= 2
    hi = from + step
  }
  if (hi > length) hi = length
  // data[lo] < slot; the answer is in (lo, hi].
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1
    if (data[mid * stride] < slot) lo = mid
    else hi = mid
  }
  return hi
}

/** The score entry `i` (holding `slot`) adds to a post. */
export function scoreAt(list: WordList, i: number, slot: number, stats: FieldStats): number {
  if (list.scores) return list.scores[i]
  return bm25(list.data[3 * i + 1], list.data[3 * i + 2], slot, list.weights!, stats)
}

/** BM25+ of one posting: the sum over the fields holding the term. */
export function bm25(
  text: number,
  short: number,
  slot: number,
  weights: Float64Array,
  { lengths, avg }: FieldStats,
): number {
  const base = slot * FIELD_COUNT
  // Most postings are a word in the body only.
  if (short === 0)
    return weights[TEXT] * (D + (text * (K + 1)) / (text + K * (1 - B + (B * lengths[base + TEXT]) / avg[TEXT])))
  let sum = 0
  for (let f = 0; f < FIELD_COUNT; f++) {
    const tf = tfIn(text, short, f)
    if (tf > 0) sum += weights[f] * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * lengths[base + f]) / avg[f])))
  }
  return sum
}
