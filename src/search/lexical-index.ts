import { toBase64, uint32sOf } from './binary.js'
import { Postings, tfIn, withOneMore } from './postings.js'
import { FIELD_COUNT, TEXT, bm25, scoreAt, seek, type FieldStats, type WordList } from './word-list.js'

export const FIELDS = ['title', 'tags', 'excerpt', 'author', 'text'] as const
export type Field = (typeof FIELDS)[number]
/** Title and tags say what a post is about; a word in the body is weaker evidence (SPEC §7 ranking). */
const BOOST = [4, 3, 1.5, 1.5, 1]

/** One index term standing for a query word: the word itself (weight 1), or a completion or near spelling of it. */
export interface Expansion {
  tid: number
  term: string
  weight: number
}

export interface Matches {
  ids: Int32Array
  slots: Int32Array
  scores: Float64Array
}

export interface LexicalJSON {
  /** Post ids in slot order. */
  ids: number[]
  /** Per post, the number of distinct terms in each field (base64 Uint32). */
  lengths: string
  /** Per term id in order: its number of posts, then (slot, body count, short fields' counts) triples (base64 Uint32). */
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
  /** Per term, while a post is added: its counts in that post's body and short fields. */
  private addingText = new Uint32Array(1024)
  private addingShort = new Uint32Array(1024)
  /** While a query runs: the matches' slots and scores, and a word's expansions summed per slot. */
  private candidates = new Int32Array(1024)
  private score = new Float64Array(1024)
  private sums = new Float64Array(1024)
  private reached = new Int32Array(1024)

  get size(): number {
    return this.slotOf.size
  }

  /** Where post `id` is kept: slots are small numbers, reused after a post is removed. */
  slotFor(id: number): number | undefined {
    return this.slotOf.get(id)
  }

  /** Index a post from the term ids of each field (in FIELDS order, repeats included). It must not be indexed yet. */
  add(id: number, fieldTerms: readonly (readonly number[])[]): void {
    const slot = this.allocate(id)
    const touched: number[] = []
    for (let f = 0; f < FIELD_COUNT; f++) {
      let distinct = 0
      for (const tid of fieldTerms[f]) {
        if (tid >= this.addingText.length) this.growTerms(tid)
        const text = this.addingText[tid]
        const short = this.addingShort[tid]
        if (text === 0 && short === 0) touched.push(tid)
        if (tfIn(text, short, f) === 0) distinct++
        if (f === TEXT) this.addingText[tid] = text + 1
        else this.addingShort[tid] = withOneMore(short, f)
      }
      this.lengths[slot * FIELD_COUNT + f] = distinct
      this.totals[f] += distinct
    }
    for (const tid of touched) {
      const text = this.addingText[tid]
      const short = this.addingShort[tid]
      this.addingText[tid] = 0
      this.addingShort[tid] = 0
      ;(this.postings[tid] ??= new Postings()).insert(slot, text, short)
      for (let f = 0; f < FIELD_COUNT; f++) if (tfIn(text, short, f) > 0) this.fieldDf[tid * FIELD_COUNT + f]++
    }
  }

  /** Release the room lists grew into while a bulk build added post after post. */
  trim(): void {
    for (const list of this.postings) list?.trim()
  }

  /** Forget a post; `terms` are the distinct term ids it was added with. */
  remove(id: number, terms: Iterable<number>): void {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    for (const tid of terms) {
      const list = this.postings[tid]
      const at = list ? list.find(slot) : -1
      if (!list || at < 0) continue
      const text = list.textAt(at)
      const short = list.shortAt(at)
      for (let f = 0; f < FIELD_COUNT; f++) if (tfIn(text, short, f) > 0) this.fieldDf[tid * FIELD_COUNT + f]--
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
   * `accept` lets through, with their scores, in no particular order. The words' lists are
   * walked together in slot order from the rarest, skipping ahead (galloping) in the others, and
   * only posts holding every word are scored.
   */
  match(query: readonly (readonly Expansion[])[], accept: (id: number, slot: number) => boolean): Matches {
    const none: Matches = { ids: new Int32Array(0), slots: new Int32Array(0), scores: new Float64Array(0) }
    if (query.length === 0) return none
    const n = this.slotOf.size
    const stats: FieldStats = { lengths: this.lengths, avg: Float64Array.from(this.totals, (t) => t / n) }
    const lists = query.map((word) => this.wordList(word, stats))
    if (lists.some((list) => list.length === 0)) return none
    const order = lists.map((_, i) => i).sort((a, b) => lists[a].length - lists[b].length)
    const rarest = lists[order[0]]
    const at = new Int32Array(lists.length)
    const parts = new Float64Array(lists.length)
    const { candidates: slots, score } = this
    let passed = 0
    next: for (let i = 0; i < rarest.length; i++) {
      const slot = rarest.data[i * rarest.stride]
      at[order[0]] = i
      for (let k = 1; k < order.length; k++) {
        const list = lists[order[k]]
        const j = seek(list, at[order[k]], slot)
        at[order[k]] = j
        if (j >= list.length) break next
        if (list.data[j * list.stride] !== slot) continue next
      }
      if (!accept(this.idAt[slot], slot)) continue
      // Summed in the query's order, as MiniSearch did, so equal posts score exactly equal.
      for (let w = 0; w < lists.length; w++) parts[w] = scoreAt(lists[w], at[w], slot, stats)
      let sum = 0
      for (let w = 0; w < lists.length; w++) sum += parts[w]
      slots[passed] = slot
      score[passed++] = sum
    }
    const out: Matches = { ids: new Int32Array(passed), slots: slots.slice(0, passed), scores: score.slice(0, passed) }
    for (let i = 0; i < passed; i++) out.ids[i] = this.idAt[slots[i]]
    return out
  }

  /** A query word's posts in slot order: its one term's posting list, or the union of its expansions, scored. */
  private wordList(word: readonly Expansion[], stats: FieldStats): WordList {
    const lists = word.filter((e) => (this.postings[e.tid]?.length ?? 0) > 0)
    if (lists.length === 1) {
      const list = this.postings[lists[0].tid]!
      return { data: list.data, stride: 3, length: list.length, weights: this.weightsOf(lists[0]), scores: null }
    }
    // Scores summed per slot in a reused array (every score is positive: zero means not reached).
    const { sums, reached } = this
    let count = 0
    for (const e of lists) {
      const list = this.postings[e.tid]!
      const weights = this.weightsOf(e)
      for (let i = 0; i < list.length; i++) {
        const slot = list.data[3 * i]
        if (sums[slot] === 0) reached[count++] = slot
        sums[slot] += bm25(list.textAt(i), list.shortAt(i), slot, weights, stats)
      }
    }
    const data = Uint32Array.from(reached.subarray(0, count)).sort()
    const scores = new Float64Array(count)
    for (let i = 0; i < count; i++) {
      scores[i] = sums[data[i]]
      sums[data[i]] = 0
    }
    return { data, stride: 1, length: count, weights: null, scores }
  }

  /** Per field, what one occurrence of the expansion's term is worth before BM25's saturation. */
  private weightsOf(e: Expansion): Float64Array {
    const n = this.slotOf.size
    return Float64Array.from(BOOST, (boost, f) => {
      const m = this.fieldDf[e.tid * FIELD_COUNT + f]
      return m === 0 ? 0 : e.weight * boost * Math.log(1 + (n - m + 0.5) / (m + 0.5))
    })
  }

  /** The fields of post `id` that hold term `tid`, in FIELDS order. */
  fieldsOf(id: number, tid: number): Field[] {
    const slot = this.slotOf.get(id)
    const list = this.postings[tid]
    const at = slot === undefined || !list ? -1 : list.find(slot)
    if (at < 0) return []
    const text = list!.textAt(at)
    const short = list!.shortAt(at)
    return FIELDS.filter((_, f) => tfIn(text, short, f) > 0)
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
    for (const list of this.postings) total += 3 * (list?.length ?? 0)
    const postings = new Uint32Array(total)
    let at = 0
    for (let tid = 0; tid < words; tid++) {
      const list = this.postings[tid]
      postings[at++] = list?.length ?? 0
      for (let i = 0; i < (list?.length ?? 0); i++) {
        postings[at++] = renumber[list!.data[3 * i]]
        postings[at++] = list!.textAt(i)
        postings[at++] = list!.shortAt(i)
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
        if (tid >= index.addingText.length) index.growTerms(tid)
        // Views into the one decoded buffer: a list that grows moves to its own array.
        const list = Postings.of(data.subarray(at, at + 3 * count))
        index.postings[tid] = list
        for (let i = 0; i < count; i++) {
          for (let f = 0; f < FIELD_COUNT; f++)
            if (tfIn(list.textAt(i), list.shortAt(i), f) > 0) index.fieldDf[tid * FIELD_COUNT + f]++
        }
      }
      at += 3 * count
    }
    return index
  }

  private allocate(id: number): number {
    const slot = this.free.pop() ?? this.slots++
    if (slot >= this.idAt.length) {
      const size = this.idAt.length * 2
      this.idAt = grown(this.idAt, size, -1)
      this.lengths = grown(this.lengths, size * FIELD_COUNT)
      this.candidates = grown(this.candidates, size)
      this.score = grown(this.score, size)
      this.sums = grown(this.sums, size)
      this.reached = grown(this.reached, size)
    }
    this.idAt[slot] = id
    this.slotOf.set(id, slot)
    return slot
  }

  private growTerms(tid: number): void {
    let size = this.addingText.length
    while (size <= tid) size *= 2
    this.addingText = grown(this.addingText, size)
    this.addingShort = grown(this.addingShort, size)
    this.fieldDf = grown(this.fieldDf, size * FIELD_COUNT)
  }
}

function grown<T extends Uint32Array | Int32Array | Uint16Array | Float64Array>(array: T, size: number, fill = 0): T {
  const bigger = new (array.constructor as new (n: number) => T)(size)
  if (fill !== 0) bigger.fill(fill)
  bigger.set(array)
  return bigger
}
