import SearchableMap from 'minisearch/SearchableMap'
import { float64sOf, toBase64, uint32sOf } from './binary.js'
import { bestFirst } from './best-first.js'
import { VectorPostings, type PostVector } from './vector-postings.js'

/** Terms kept per post: enough to say what an essay is about, small enough for 10,000 posts. */
const VECTOR_TERMS = 48
/** Terms kept of a query's expanded vector. */
const QUERY_TERMS = 32
/** Candidates ranked beyond the limit at first, for those the filter refuses (the literal hits among them). */
const SIMILAR_SPARE = 64
const EMPTY: PostVector = { tids: new Uint32Array(0), weights: new Float64Array(0) }

export interface Similar {
  id: number
  score: number
  /** The shared terms that contributed most, best first. */
  terms: string[]
}

export type Vector = Map<number, number>

export interface TermVectorsJSON {
  terms: string[]
  /** Per post: its id, whether it is published, and how many distinct terms and vector terms it has. */
  posts: [id: number, published: 0 | 1, terms: number, vector: number][]
  /** Every post's distinct term numbers, one post after another (base64 Uint32). */
  distinct: string
  /** Every post's vector, one after another: its term numbers (base64 Uint32) and weights (base64 Float64). */
  vectorTerms: string
  vectorWeights: string
}

/**
 * TF-IDF term vectors of every indexed post, the local stand-in for embeddings: a query is
 * expanded with the vectors of its best literal hits (Rocchio's pseudo-relevance feedback), so
 * posts that share their vocabulary rank as semantic matches without containing the query's
 * words. Terms are numbered once and posts keep their distinct term numbers, which keeps
 * document frequencies exact across edits at a few bytes per term.
 */
export class TermVectors {
  private readonly termIds = new Map<string, number>()
  private readonly terms: string[] = []
  private df = new Uint32Array(1024)
  /** Document frequency among published posts: the words a guest may be offered. */
  private dfPublished = new Uint32Array(1024)
  /** Every word some post holds, in a radix tree for spelling and prefix look-ups. */
  private readonly words = new SearchableMap<number>()
  private readonly published = new Set<number>()
  private readonly distinct = new Map<number, Uint32Array>()
  private readonly vectors = new Map<number, PostVector>()
  private readonly postings = new VectorPostings()
  /** Term counts of posts not yet weighed: kept only until their vector exists. */
  private readonly counts = new Map<number, Map<number, number>>()

  get size(): number {
    return this.distinct.size
  }

  /** Everything needed to rebuild these vectors without re-reading a post (a snapshot in the data folder). */
  toJSON(): TermVectorsJSON {
    this.weighPending()
    const posts: TermVectorsJSON['posts'] = []
    const distinct: number[] = []
    const vectorTerms: number[] = []
    const vectorWeights: number[] = []
    for (const [id, ids] of this.distinct) {
      const vector = this.vectors.get(id) ?? EMPTY
      posts.push([id, this.published.has(id) ? 1 : 0, ids.length, vector.tids.length])
      for (const tid of ids) distinct.push(tid)
      for (let i = 0; i < vector.tids.length; i++) {
        vectorTerms.push(vector.tids[i])
        vectorWeights.push(vector.weights[i])
      }
    }
    return {
      terms: this.terms,
      posts,
      distinct: toBase64(Uint32Array.from(distinct)),
      vectorTerms: toBase64(Uint32Array.from(vectorTerms)),
      vectorWeights: toBase64(Float64Array.from(vectorWeights)),
    }
  }

  static fromJSON(json: TermVectorsJSON): TermVectors {
    const v = new TermVectors()
    for (const term of json.terms) v.idOf(term)
    const distinct = uint32sOf(json.distinct)
    const vectorTerms = uint32sOf(json.vectorTerms)
    const vectorWeights = float64sOf(json.vectorWeights)
    let atTerm = 0
    let atVector = 0
    for (const [id, published, termCount, vectorSize] of json.posts) {
      const ids = distinct.subarray(atTerm, (atTerm += termCount))
      for (const tid of ids) {
        if (v.df[tid]++ === 0) v.words.set(v.terms[tid], tid)
        if (published) v.dfPublished[tid]++
      }
      if (published) v.published.add(id)
      v.distinct.set(id, ids)
      const vector = {
        tids: vectorTerms.subarray(atVector, atVector + vectorSize),
        weights: vectorWeights.subarray(atVector, (atVector += vectorSize)),
      }
      v.vectors.set(id, vector)
      v.postings.add(id, vector)
    }
    return v
  }

  /** Add or replace a post from its terms (in order, repeats included). `weigh` false defers weighing (bulk loads). */
  set(id: number, terms: readonly string[], published: boolean, weigh = true): void {
    this.setTerms(
      id,
      terms.map((t) => this.idOf(t)),
      published,
      weigh,
    )
  }

  /** `set` from term numbers (`termId`), for a caller that numbers the terms once for several indexes. */
  setTerms(id: number, terms: readonly number[], published: boolean, weigh = true): void {
    this.remove(id)
    const counts = new Map<number, number>()
    for (const tid of terms) counts.set(tid, (counts.get(tid) ?? 0) + 1)
    const ids = Uint32Array.from(counts.keys())
    for (const tid of ids) {
      if (this.df[tid]++ === 0) this.words.set(this.terms[tid], tid)
      if (published) this.dfPublished[tid]++
    }
    if (published) this.published.add(id)
    this.distinct.set(id, ids)
    this.counts.set(id, counts)
    if (weigh) this.weigh(id)
  }

  /** Weigh every post added with `weigh = false`, once the document frequencies are complete. */
  weighPending(): void {
    for (const id of [...this.counts.keys()]) this.weigh(id)
  }

  remove(id: number): void {
    const ids = this.distinct.get(id)
    if (!ids) return
    const published = this.published.delete(id)
    for (const tid of ids) {
      if (--this.df[tid] === 0) this.words.delete(this.terms[tid])
      if (published) this.dfPublished[tid]--
    }
    this.postings.remove(id, this.vectors.get(id) ?? EMPTY)
    this.distinct.delete(id)
    this.vectors.delete(id)
    this.counts.delete(id)
  }

  /** The number of `term`, given it if it has none yet: numbers are never reused. */
  termId(term: string): number {
    return this.idOf(term)
  }

  /** The number of `term` if some post holds it. */
  knownId(term: string): number | undefined {
    const tid = this.termIds.get(term)
    return tid !== undefined && this.df[tid] > 0 ? tid : undefined
  }

  /** The distinct term numbers of post `id`, as last set. */
  termsOf(id: number): Uint32Array {
    return this.distinct.get(id) ?? new Uint32Array(0)
  }

  /** How many posts hold `term` (only published ones unless `drafts`). */
  postsWith(term: string, drafts: boolean): number {
    const tid = this.termIds.get(term)
    return tid === undefined ? 0 : (drafts ? this.df : this.dfPublished)[tid]
  }

  /** Words within `maxEdits` edits of `word` (by Levenshtein distance), with that distance. */
  spelledLike(word: string, maxEdits: number): [string, number][] {
    return [...this.words.fuzzyGet(word, maxEdits)].map(([w, [, d]]) => [w, d])
  }

  /** `spelledLike` with each word's number: [word, number, distance]. */
  spelledLikeIds(word: string, maxEdits: number): [string, number, number][] {
    return [...this.words.fuzzyGet(word, maxEdits)].map(([w, [tid, d]]) => [w, tid, d])
  }

  /** Words that start with `prefix`. */
  startingWith(prefix: string): string[] {
    return [...this.words.atPrefix(prefix).keys()]
  }

  /** `startingWith` with each word's number. */
  startingWithIds(prefix: string): [string, number][] {
    return [...this.words.atPrefix(prefix)]
  }

  /** A query's vector: its own known terms, plus the centroid of `seeds` (the best literal hits). */
  queryVector(terms: readonly string[], seeds: readonly number[]): Vector {
    const q: Vector = new Map()
    for (const t of terms) {
      const tid = this.termIds.get(t)
      if (tid !== undefined && this.df[tid] > 0) q.set(tid, (q.get(tid) ?? 0) + this.idf(tid))
    }
    normalise(q)
    for (const id of seeds) {
      const { tids, weights } = this.vectors.get(id) ?? EMPTY
      for (let i = 0; i < tids.length; i++) q.set(tids[i], (q.get(tids[i]) ?? 0) + (0.75 * weights[i]) / seeds.length)
    }
    // The strongest terms carry the topic; the long tail only costs time.
    return normalise(new Map([...q].sort((a, b) => b[1] - a[1]).slice(0, QUERY_TERMS)))
  }

  /** Posts by cosine similarity to `q`, best first, among those `accept` lets through. */
  similar(q: Vector, accept: (id: number) => boolean, minScore: number, limit: number): Similar[] {
    const { ids, scores } = this.postings.dotsAbove(q, minScore)
    // Filters are checked best first, only until enough pass: most searches need only the first few.
    let order = bestFirst(scores, ids, limit + SIMILAR_SPARE)
    const out: Similar[] = []
    for (let k = 0; k < order.length && out.length < limit; k++) {
      const i = order[k]
      if (accept(ids[i])) out.push({ id: ids[i], score: scores[i], terms: this.sharedTerms(q, ids[i]) })
      if (k === order.length - 1 && order.length < ids.length) order = bestFirst(scores, ids, ids.length)
    }
    return out
  }

  private sharedTerms(q: Vector, id: number): string[] {
    const { tids, weights } = this.vectors.get(id) ?? EMPTY
    return Array.from(tids, (tid, i) => [tid, weights[i] * (q.get(tid) ?? 0)] as const)
      .filter(([, c]) => c > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([tid]) => this.terms[tid])
  }

  private weigh(id: number): void {
    const counts = this.counts.get(id)
    if (!counts) return
    this.counts.delete(id)
    const tids = [...counts.keys()]
    const weights = Float64Array.from(tids, (tid) => (1 + Math.log(counts.get(tid)!)) * this.idf(tid))
    // The weight of the last term kept: a numeric sort of a copy is far cheaper than sorting pairs.
    const floor =
      weights.length > VECTOR_TERMS ? Float64Array.from(weights).sort()[weights.length - VECTOR_TERMS] : -Infinity
    const kept = new Map<number, number>()
    for (let i = 0; i < tids.length && kept.size < VECTOR_TERMS; i++)
      if (weights[i] >= floor) kept.set(tids[i], weights[i])
    const normalised = normalise(kept)
    const vector = { tids: Uint32Array.from(normalised.keys()), weights: Float64Array.from(normalised.values()) }
    this.vectors.set(id, vector)
    this.postings.add(id, vector)
  }

  private idf(tid: number): number {
    return Math.log(1 + this.distinct.size / Math.max(1, this.df[tid]))
  }

  private idOf(term: string): number {
    let tid = this.termIds.get(term)
    if (tid === undefined) {
      tid = this.terms.length
      this.terms.push(term)
      this.termIds.set(term, tid)
      if (tid >= this.df.length) {
        this.df = grow(this.df)
        this.dfPublished = grow(this.dfPublished)
      }
    }
    return tid
  }
}

function grow(counts: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const grown = new Uint32Array(counts.length * 2)
  grown.set(counts)
  return grown
}

function normalise(v: Vector): Vector {
  let sum = 0
  for (const w of v.values()) sum += w * w
  const norm = Math.sqrt(sum)
  if (norm > 0) for (const [k, w] of v) v.set(k, w / norm)
  return v
}
