import { searchTerms } from '../text/tokenize.js'
import { TermVectors, type TermVectorsJSON } from './term-vectors.js'
import { FIELDS, LexicalIndex, type Expansion, type Field, type LexicalJSON } from './lexical-index.js'
import { bestFirst } from './best-first.js'
import { PostFacets } from './post-facets.js'
import { topTags } from './filters.js'

export { FIELDS }

/** What the index reads of a post: its card text, its rendered text, and who may see it. */
export interface IndexedPost {
  id: number
  title: string
  tags: string[]
  excerpt: string
  author: string
  text: string
  published: boolean
  /** Minutes, for read-time filters answered by the index itself. */
  readTime?: number
}

export interface LexicalHit {
  id: number
  score: number
  /** The post's own terms that matched (after folding, fuzzy and prefix expansion). */
  terms: string[]
  /** Which fields each matched term was found in. */
  match: Record<string, string[]>
}

/** Every post matching a query: the best ones ranked and explained, the others only counted. */
export interface LexicalMatches {
  hits: LexicalHit[]
  /** The ids of the other matches, in no order. */
  rest: Int32Array
  /** Where the hits, then the other matches, are kept (for `sharedTags`). */
  slots: Int32Array
}

export type Accept = (id: number) => boolean

/**
 * The filters the index can apply from its own copy of each post's status and read time, without
 * reading thousands of posts' metadata; `accept` must then say the same for every post.
 */
export interface QuickFilter {
  drafts: boolean
  minReadTime?: number
  maxReadTime?: number
}

/** What a snapshot of the index holds. */
export interface IndexJSON {
  stamps: [number, string][]
  lexical: LexicalJSON
  vectors: TermVectorsJSON
  /** Per post: its tags, whether it is published, its read time (null when not known). */
  facts: [number, string[], 0 | 1, number | null][]
}

/** A shorter last word would expand to thousands of words and match nearly everything. */
const MIN_PREFIX = 3
/** MiniSearch's weights for a completion and a near spelling of a query word, which readers are used to. */
const PREFIX_WEIGHT = 0.375
const FUZZY_WEIGHT = 0.45

/** Rendered text keeps formulas as TeX: commands and scripts are no words of the essay. */
const withoutTex = (text: string) => text.replace(/\\[A-Za-z]+|[_^{}\\$]/g, ' ')

/** The terms of a post's rendered text, as the index reads them (repeats kept, in order). */
export const bodyTerms = (text: string): string[] => searchTerms(withoutTex(text))

/** The terms of each of a post's fields, in FIELDS order, as the index reads them (repeats kept). */
export function fieldTerms(post: Pick<IndexedPost, Field>): string[][] {
  return FIELDS.map((field) =>
    field === 'text' ? bodyTerms(post.text) : searchTerms(field === 'tags' ? post.tags.join(' ') : post[field]),
  )
}

/** Where the evidence is strongest: a title hit beats a tag hit beats one in the text. */
export function matchTypeOf(hit: LexicalHit): 'title' | 'tags' | 'content' {
  const fields = Object.values(hit.match)
  return fields.some((f) => f.includes('title')) ? 'title' : fields.some((f) => f.includes('tags')) ? 'tags' : 'content'
}

/**
 * Full text (BM25+ per field, boosted by field) and term vectors over every post, drafts
 * included: who may see what is decided per query by `accept`, never at indexing time. Both
 * share one numbering of terms, so each text is tokenised and each term looked up once.
 * The static copy of the site ranks with this same class in the browser (web/static/search.ts),
 * so it and what it imports stay free of Node modules (tests/unit/text/browser-safe.test.ts).
 */
export class SearchIndex {
  readonly vectors: TermVectors
  /** Each post's stamp (its revision and update time) as indexed. */
  private readonly stamps: Map<number, string>
  private readonly text: LexicalIndex
  private readonly facets = new PostFacets()

  constructor(snapshot?: IndexJSON) {
    this.vectors = snapshot ? TermVectors.fromJSON(snapshot.vectors) : new TermVectors()
    this.text = snapshot ? LexicalIndex.fromJSON(snapshot.lexical) : new LexicalIndex()
    this.stamps = new Map(snapshot?.stamps ?? [])
    for (const [id, tags, published, readTime] of snapshot?.facts ?? []) {
      const slot = this.text.slotFor(id)
      if (slot !== undefined) this.facets.set(slot, { tags, published: published === 1, readTime: readTime ?? NaN })
    }
  }

  toJSON(): IndexJSON {
    const facts = [...this.stamps.keys()].map((id): IndexJSON['facts'][number] => {
      const { tags, published, readTime } = this.facets.factsAt(this.text.slotFor(id)!)
      return [id, [...tags], published ? 1 : 0, Number.isNaN(readTime) ? null : readTime]
    })
    return { stamps: [...this.stamps], lexical: this.text.toJSON(), vectors: this.vectors.toJSON(), facts }
  }

  get size(): number {
    return this.stamps.size
  }

  stampOf(id: number): string | undefined {
    return this.stamps.get(id)
  }

  ids(): IterableIterator<number> {
    return this.stamps.keys()
  }

  /** Add or replace a post as of `stamp`. `weigh` false defers term weights (bulk builds call `finish`). */
  put(post: IndexedPost, stamp: string, weigh = true): void {
    this.putTerms(post, fieldTerms(post), stamp, weigh)
  }

  /**
   * `put` from the post's terms per field (`fieldTerms`), tokenised already: the static copy's
   * search (web/static/search.ts) builds this index from the terms its build wrote.
   */
  putTerms(
    post: Pick<IndexedPost, 'id' | 'tags' | 'published' | 'readTime'>,
    terms: readonly (readonly string[])[],
    stamp: string,
    weigh = true,
  ): void {
    this.remove(post.id)
    const fields = terms.map((field) => field.map((t) => this.vectors.termId(t)))
    // The title twice: what a post is called says most about what it is about.
    const all = fields.flatMap((ids, f) => (FIELDS[f] === 'title' ? [...ids, ...ids] : ids))
    this.vectors.setTerms(post.id, all, post.published, weigh)
    this.text.add(post.id, fields)
    this.facets.set(this.text.slotFor(post.id)!, {
      tags: post.tags,
      published: post.published,
      readTime: post.readTime ?? NaN,
    })
    this.stamps.set(post.id, stamp)
  }

  /** After a bulk build: weigh the deferred vectors and give back the room the lists grew into. */
  finish(): void {
    this.vectors.weighPending()
    this.text.trim()
  }

  remove(id: number): void {
    const slot = this.text.slotFor(id)
    if (slot !== undefined) this.facets.clear(slot)
    // The text index forgets a post through its terms, which the vectors still hold.
    this.text.remove(id, this.vectors.termsOf(id))
    this.vectors.remove(id)
    this.stamps.delete(id)
  }

  /**
   * Posts holding every query term (AND), best first. A word no post holds also matches near
   * spellings and, if it is the last and still being typed, the words it begins.
   */
  lexical(query: string, accept: Accept, opts: { complete?: boolean } = {}): LexicalHit[] {
    return this.find(query, accept, opts).hits
  }

  /** `lexical`, ranking and explaining only the best `top` matches: a common word matches thousands. */
  find(
    query: string,
    accept: Accept,
    opts: { complete?: boolean; top?: number; quick?: QuickFilter } = {},
  ): LexicalMatches {
    const words = searchTerms(query)
    // A last word the site knows is taken as typed: expanding a common word to every longer
    // one costs more than the whole rest of a search (completions still offer them).
    const expanded = words.map((w, i) => this.expand(w, !opts.complete && i === words.length - 1))
    const quick = opts.quick
    const filter = quick
      ? (id: number, slot: number) =>
          this.facets.passes(slot, quick.drafts, quick.minReadTime, quick.maxReadTime) ?? accept(id)
      : accept
    const { ids, slots, scores } = this.text.match(expanded, filter)
    // As MiniSearch did: a score counts the distinct words matched (with AND, all of them).
    const quality = new Set(words).size
    const order = bestFirst(scores, ids, opts.top ?? Infinity)
    const hits: LexicalHit[] = order.map((i) => {
      const { terms, match } = this.explain(ids[i], expanded)
      return { id: ids[i], score: scores[i] * quality, terms, match }
    })
    const ranked = new Uint8Array(ids.length)
    const inOrder = new Int32Array(ids.length)
    order.forEach((i, k) => {
      ranked[i] = 1
      inOrder[k] = slots[i]
    })
    const rest = new Int32Array(ids.length - order.length)
    for (let i = 0, at = 0; i < ids.length; i++) {
      if (ranked[i]) continue
      inOrder[order.length + at] = slots[i]
      rest[at++] = ids[i]
    }
    return { hits, rest, slots: inOrder }
  }

  /**
   * relatedTags (filters.ts) over a search's matches: the hits, then `others` (post ids), then
   * the rest, counted from the index's own copy of each post's tags.
   */
  sharedTags(matches: LexicalMatches, others: readonly number[], filtered: readonly string[]): string[] {
    const { hits, slots } = matches
    const extra = others.map((id) => this.text.slotFor(id)).filter((slot) => slot !== undefined)
    return topTags(this.facets.counts(slots.subarray(0, hits.length), extra, slots.subarray(hits.length)), filtered)
  }

  /** The index terms a query word stands for: itself when some post holds it, else near spellings and completions. */
  private expand(word: string, completing: boolean): Expansion[] {
    const known = this.vectors.knownId(word)
    if (known !== undefined) return [{ tid: known, term: word, weight: 1 }]
    // Fuzzy matching walks the whole vocabulary: only for words the site does not know.
    const near =
      word.length >= 5 && /^[a-z]+$/.test(word)
        ? this.vectors.spelledLikeIds(word, Math.min(2, Math.round(word.length * 0.25)))
        : []
    const out: Expansion[] = []
    const prefixed = new Set<string>()
    if (completing && word.length >= MIN_PREFIX) {
      for (const [term, tid] of this.vectors.startingWithIds(word)) {
        prefixed.add(term)
        out.push({
          tid,
          term,
          weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length)),
        })
      }
    }
    for (const [term, tid, distance] of near) {
      if (distance > 0 && !prefixed.has(term))
        out.push({ tid, term, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance) })
    }
    return out
  }

  /** Which of a post's terms matched, and in which fields. */
  private explain(id: number, expanded: Expansion[][]): Pick<LexicalHit, 'terms' | 'match'> {
    const match: Record<string, string[]> = {}
    for (const word of expanded) {
      for (const e of word) {
        const fields = this.text.fieldsOf(id, e.tid)
        if (fields.length) match[e.term] = fields
      }
    }
    return { terms: Object.keys(match), match }
  }
}
