import { toBase64, uint32sOf } from './binary.js'
import { Postings, tfIn, withOneMore } from './postings.js'

export const FIELDS = ['title', 'tags', 'excerpt', 'author', 'text'] as const
export type Field = (typeof FIELDS)[number]
const FIELD_COUNT = FIELDS.length
const TEXT = FIELDS.indexOf('text')
/** A packed posting at most this is a word found in the body only (see postings.ts). */
const TEXT_ONLY = 0xffff
/** Title and tags say what a post is about; a word in the body is weaker evidence (SPEC §7 ranking). */
const BOOST = [4, 3, 1.5, 1.5, 1]
/** BM25+ with MiniSearch's constants, so ranking stays what readers had before this index. */
const K = 1.2
const B = 0.7
const D = 0.5

/** One index term standing for a query word: the word itself (weight 1), or a completion or near spelling of it. */
export interface Expansion {
  tid: number
  term: string
  weight: number
}

export interface Matches {
  ids: number[]
  scores: number[]
}

export interface LexicalJSON {
  /** Post ids in slot order. */
  ids: number[]
  /** Per post, the number of distinct terms in each field (base64 Uint32). */
  lengths: string
  /** Per term id in order: its number of posts, then (slot, packed frequencies) pairs (base64 Uint32). */
  postings: string
}

/**
 * An inverted index of every post's fields, scored with BM25+ per field like MiniSearch but
 * laid out for two-word queries over thousands of posts: a term's posts are a sorted typed
 * array of (slot, per-field frequencies), so an AND query walks the rarest word's list first
 * and only scores posts that hold every word, without an object per posting or per hit.
 * Term ids come from the caller's vocabulary (the term vectors).
 */
export class LexicalIndex {
  private postings: (Postings | undefined)[] = []
  /** Per term and field, how many posts hold the term there (BM25's document frequency). */
  private fieldDf = new Uint32Array(1024 * FIELD_COUNT)
  private readonly slotOf = new Map<number, number>()
  /** The post in each slot, -1 for a free one. */
  private idAt = new Int32Array(1024).fill(-1)
  /** Per slot and field, the field's number of distinct terms (MiniSearch's field length). */
  private lengths = new Uint32Array(1024 * FIELD_COUNT)
  private readonly totals = new Float64Array(FIELD_COUNT)
  private readonly free: number[] = []
  private slots = 0
  /** Per term, while a post is added: its packed frequencies in that post. */
  private adding = new Uint32Array(1024)
  /** Per slot, while a query runs: how many of its words the post has shown so far, and its score. */
  private seen = new Uint16Array(1024)
  private score = new Float64Array(1024)

  get size(): number {
    return this.slotOf.size
  }

  /** Index a post from the term ids of each field (in FIELDS order, repeats included). It must not be indexed yet. */
  add(id: number, fieldTerms: readonly (readonly number[])[]): void {
    const slot = this.allocate(id)
    const touched: number[] = []
    for (let f = 0; f < FIELD_COUNT; f++) {
      let distinct = 0
      for (const tid of fieldTerms[f]) {
        if (tid >= this.adding.length) this.growTerms(tid)
        const packed = this.adding[tid]
        if (packed === 0) touched.push(tid)
        if (tfIn(packed, f) === 0) distinct++
        this.adding[tid] = withOneMore(packed, f)
      }
      this.lengths[slot * FIELD_COUNT + f] = distinct
      this.totals[f] += distinct
    }
    for (const tid of touched) {
      const packed = this.adding[tid]
      this.adding[tid] = 0
      ;(this.postings[tid] ??= new Postings()).insert(slot, packed)
      for (let f = 0; f < FIELD_COUNT; f++) if (tfIn(packed, f) > 0) this.fieldDf[tid * FIELD_COUNT + f]++
    }
  }

  /** Forget a post; `terms` are the distinct term ids it was added with. */
  remove(id: number, terms: Iterable<number>): void {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    for (const tid of terms) {
      const list = this.postings[tid]
      const at = list ? list.find(slot) : -1
      if (!list || at < 0) continue
      const packed = list.packedAt(at)
      for (let f = 0; f < FIELD_COUNT; f++) if (tfIn(packed, f) > 0) this.fieldDf[tid * FIELD_COUNT + f]--
      list.removeAt(at)
    }
    for (let f = 0; f < FIELD_COUNT; f++) {
      this.totals[f] -= this.lengths[slot * FIELD_COUNT + f]
      this.lengths[slot * FIELD_COUNT + f] = 0
    }
    this.slotOf.delete(id)
    this.idAt[slot] = -1
    this.free.push(slot)
  }

  /**
   * Posts holding every query word (AND; a word matches through any of its expansions) that
   * `accept` lets through, with their scores, in no particular order. The rarest word goes
   * first: each further word only visits posts still in the running.
   */
  match(query: readonly (readonly Expansion[])[], accept: (id: number) => boolean): Matches {
    const out: Matches = { ids: [], scores: [] }
    const sizes = query.map((word) => word.reduce((n, e) => n + (this.postings[e.tid]?.length ?? 0), 0))
    if (query.length === 0 || sizes.some((n) => n === 0)) return out
    const order = query.map((_, i) => i).sort((a, b) => sizes[a] - sizes[b])
    const candidates: number[] = []
    const n = this.slotOf.size
    const avg = Float64Array.from(this.totals, (t) => t / n)
    const weights = new Float64Array(FIELD_COUNT)
    const { seen, score, lengths } = this
    for (let round = 0; round < order.length; round++) {
      for (const e of query[order[round]]) {
        const list = this.postings[e.tid]
        if (!list) continue
        for (let f = 0; f < FIELD_COUNT; f++) {
          const m = this.fieldDf[e.tid * FIELD_COUNT + f]
          weights[f] = m === 0 ? 0 : e.weight * BOOST[f] * Math.log(1 + (n - m + 0.5) / (m + 0.5))
        }
        const data = list.data
        for (let i = 0, end = 2 * list.length; i < end; i += 2) {
          const slot = data[i]
          const was = seen[slot]
          if (was === round) {
            if (round === 0) candidates.push(slot)
            seen[slot] = round + 1
          } else if (was !== round + 1) continue
          const packed = data[i + 1]
          if (packed <= TEXT_ONLY) {
            // Most postings are a word in the body only: BM25+ of that field, inline.
            score[slot] += weights[TEXT] * (D + (packed * (K + 1)) / (packed + K * (1 - B + (B * lengths[slot * FIELD_COUNT + TEXT]) / avg[TEXT])))
          } else score[slot] += bm25(packed, lengths, slot * FIELD_COUNT, weights, avg)
        }
      }
    }
    for (const slot of candidates) {
      if (this.seen[slot] === order.length && accept(this.idAt[slot])) {
        out.ids.push(this.idAt[slot])
        out.scores.push(this.score[slot])
      }
      this.seen[slot] = 0
      this.score[slot] = 0
    }
    return out
  }

  /** The fields of post `id` that hold term `tid`, in FIELDS order. */
  fieldsOf(id: number, tid: number): Field[] {
    const slot = this.slotOf.get(id)
    const list = this.postings[tid]
    const at = slot === undefined || !list ? -1 : list.find(slot)
    if (at < 0) return []
    const packed = list!.packedAt(at)
    return FIELDS.filter((_, f) => tfIn(packed, f) > 0)
  }

  toJSON(): LexicalJSON {
    // Slots renumbered in order, so every list stays sorted and the snapshot has no gaps.
    const renumber = new Int32Array(this.slots).fill(-1)
    const ids: number[] = []
    const lengths: number[] = []
    for (let slot = 0; slot < this.slots; slot++) {
      if (this.idAt[slot] < 0) continue
      renumber[slot] = ids.length
      ids.push(this.idAt[slot])
      for (let f = 0; f < FIELD_COUNT; f++) lengths.push(this.lengths[slot * FIELD_COUNT + f])
    }
    const words = this.postings.length
    let total = words
    for (const list of this.postings) total += 2 * (list?.length ?? 0)
    const postings = new Uint32Array(total)
    let at = 0
    for (let tid = 0; tid < words; tid++) {
      const list = this.postings[tid]
      postings[at++] = list?.length ?? 0
      for (let i = 0; i < (list?.length ?? 0); i++) {
        postings[at++] = renumber[list!.data[2 * i]]
        postings[at++] = list!.data[2 * i + 1]
      }
    }
    return { ids, lengths: toBase64(Uint32Array.from(lengths)), postings: toBase64(postings) }
  }

  static fromJSON(json: LexicalJSON): LexicalIndex {
    const index = new LexicalIndex()
    json.ids.forEach((id) => index.allocate(id))
    index.lengths.set(uint32sOf(json.lengths))
    for (let i = 0; i < index.lengths.length; i++) index.totals[i % FIELD_COUNT] += index.lengths[i]
    const data = uint32sOf(json.postings)
    for (let at = 0, tid = 0; at < data.length; tid++) {
      const count = data[at++]
      if (count > 0) {
        if (tid >= index.adding.length) index.growTerms(tid)
        // Views into the one decoded buffer: a list that grows moves to its own array.
        const list = Postings.of(data.subarray(at, at + 2 * count))
        index.postings[tid] = list
        for (let i = 0; i < count; i++) {
          const packed = list.packedAt(i)
          for (let f = 0; f < FIELD_COUNT; f++) if (tfIn(packed, f) > 0) index.fieldDf[tid * FIELD_COUNT + f]++
        }
      }
      at += 2 * count
    }
    return index
  }

  private allocate(id: number): number {
    const slot = this.free.pop() ?? this.slots++
    if (slot >= this.idAt.length) {
      const size = this.idAt.length * 2
      this.idAt = grown(this.idAt, size, -1)
      this.lengths = grown(this.lengths, size * FIELD_COUNT)
      this.seen = grown(this.seen, size)
      this.score = grown(this.score, size)
    }
    this.idAt[slot] = id
    this.slotOf.set(id, slot)
    return slot
  }

  private growTerms(tid: number): void {
    let size = this.adding.length
    while (size <= tid) size *= 2
    this.adding = grown(this.adding, size)
    this.fieldDf = grown(this.fieldDf, size * FIELD_COUNT)
  }
}

/** BM25+ of one posting: the sum over the fields holding the term. */
function bm25(packed: number, lengths: Uint32Array, base: number, weights: Float64Array, avg: Float64Array): number {
  let sum = 0
  for (let f = 0; f < FIELD_COUNT; f++) {
    const tf = tfIn(packed, f)
    if (tf > 0) sum += weights[f] * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * lengths[base + f]) / avg[f])))
  }
  return sum
}

function grown<T extends Uint32Array | Int32Array | Uint16Array | Float64Array>(array: T, size: number, fill = 0): T {
  const bigger = new (array.constructor as new (n: number) => T)(size)
  if (fill !== 0) bigger.fill(fill)
  bigger.set(array)
  return bigger
}
