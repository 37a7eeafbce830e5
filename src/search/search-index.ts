import MiniSearch, { type AsPlainObject, type Options, type SearchResult as MiniResult } from 'minisearch'
import { searchTerms } from './tokenize.js'
import { TermVectors, type TermVectorsJSON } from './term-vectors.js'

/** What the index reads of a post: its card text, its rendered text, and who may see it. */
export interface IndexedPost {
  id: number
  title: string
  tags: string[]
  excerpt: string
  author: string
  text: string
  published: boolean
}

export interface LexicalHit {
  id: number
  score: number
  /** The post's own terms that matched (after folding, fuzzy and prefix expansion). */
  terms: string[]
  /** Which fields each matched term was found in. */
  match: Record<string, string[]>
}

export type Accept = (id: number) => boolean

/** What a snapshot of the index holds. */
export interface IndexJSON {
  stamps: [number, string][]
  mini: AsPlainObject
  vectors: TermVectorsJSON
}

export const FIELDS = ['title', 'tags', 'excerpt', 'author', 'text'] as const
type Field = (typeof FIELDS)[number]
/** Title and tags say what a post is about; a word in the body is weaker evidence (SPEC §7 ranking). */
const BOOST = { title: 4, tags: 3, excerpt: 1.5, author: 1.5, text: 1 }
/** A shorter last word would expand to thousands of words and match nearly everything. */
const MIN_PREFIX = 3

const fieldText = (doc: Omit<IndexedPost, 'published' | 'id'>, field: Field) => (field === 'tags' ? doc.tags.join(' ') : doc[field])

/** Rendered text keeps formulas as TeX: commands and scripts are no words of the essay. */
const withoutTex = (text: string) => text.replace(/\\[A-Za-z]+|[_^{}\\$]/g, ' ')

/**
 * Full text (MiniSearch's BM25+ per field, boosted by field) and term vectors over every post,
 * drafts included: who may see what is decided per query by `accept`, never at indexing time.
 */
export class SearchIndex {
  readonly vectors: TermVectors
  /** Each post's stamp (its revision and update time) as indexed. */
  private readonly stamps: Map<number, string>
  /** Terms of the post being added, so MiniSearch and the vectors tokenise each text once. */
  private readonly pending = new Map<string, string[]>()
  private readonly mini: MiniSearch<IndexedPost>

  constructor(snapshot?: IndexJSON) {
    const options: Options<IndexedPost> = {
      fields: [...FIELDS],
      // MiniSearch reads the id through this too: it must stay a number.
      extractField: (doc, field) => (field === 'id' ? doc.id : fieldText(doc, field as Field)),
      tokenize: (text) => this.pending.get(text) ?? searchTerms(text),
      processTerm: (term) => term,
    }
    this.mini = snapshot ? MiniSearch.loadJS(snapshot.mini, options) : new MiniSearch(options)
    this.vectors = snapshot ? TermVectors.fromJSON(snapshot.vectors) : new TermVectors()
    this.stamps = new Map(snapshot?.stamps ?? [])
  }

  toJSON(): IndexJSON {
    return { stamps: [...this.stamps], mini: this.mini.toJSON(), vectors: this.vectors.toJSON() }
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
    const doc = { ...post, text: withoutTex(post.text) }
    const all: string[] = []
    for (const field of FIELDS) {
      const text = fieldText(doc, field)
      const terms = searchTerms(text)
      this.pending.set(text, terms)
      // The title twice: what a post is called says most about what it is about.
      all.push(...terms, ...(field === 'title' ? terms : []))
    }
    if (this.mini.has(post.id)) this.mini.replace(doc)
    else this.mini.add(doc)
    this.pending.clear()
    this.vectors.set(post.id, all, post.published, weigh)
    this.stamps.set(post.id, stamp)
  }

  finish(): void {
    this.vectors.weighPending()
  }

  remove(id: number): void {
    if (this.mini.has(id)) this.mini.discard(id)
    this.vectors.remove(id)
    this.stamps.delete(id)
  }

  /**
   * Posts holding every query term (AND), best first. A word no post holds also matches near
   * spellings and, if it is the last and still being typed, the words it begins.
   */
  lexical(query: string, accept: Accept, opts: { complete?: boolean } = {}): LexicalHit[] {
    const results = this.mini.search(query, {
      combineWith: 'AND',
      boost: BOOST,
      // A last word the site knows is taken as typed: expanding a common word to every longer
      // one costs more than the whole rest of a search at 10,000 posts (completions still offer them).
      prefix: (term, i, terms) => !opts.complete && i === terms.length - 1 && term.length >= MIN_PREFIX && this.vectors.postsWith(term, true) === 0,
      // Fuzzy matching walks the whole vocabulary: only for words the site does not know.
      fuzzy: (term) => (term.length >= 5 && /^[a-z]+$/.test(term) && this.vectors.postsWith(term, true) === 0 ? 0.25 : false),
      maxFuzzy: 2,
      filter: (r) => accept(r.id as number),
    })
    return results.map(toHit)
  }
}

function toHit(r: MiniResult): LexicalHit {
  return { id: r.id as number, score: r.score, terms: r.terms, match: r.match }
}
