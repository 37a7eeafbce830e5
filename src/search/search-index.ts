import MiniSearch, { type SearchResult as MiniResult } from 'minisearch'
import { searchTerms } from './tokenize.js'
import { TermVectors } from './term-vectors.js'

/** What the index reads of a post: its card text and its rendered text. */
export interface IndexedPost {
  id: number
  title: string
  tags: string[]
  excerpt: string
  author: string
  text: string
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

export const FIELDS = ['title', 'tags', 'excerpt', 'author', 'text'] as const
/** Title and tags say what a post is about; a word in the body is weaker evidence (SPEC §7 ranking). */
const BOOST = { title: 4, tags: 3, excerpt: 1.5, author: 1.5, text: 1 }

const identity = (s: string) => s
const single = (s: string) => [s]

export const miniSearchOptions = {
  fields: [...FIELDS],
  // MiniSearch reads the id through this too: it must stay a number.
  extractField: (doc: IndexedPost, field: string): unknown => (field === 'id' ? doc.id : field === 'tags' ? doc.tags.join(' ') : String(doc[field as keyof IndexedPost] ?? '')),
  tokenize: searchTerms,
  processTerm: identity,
}

/** Rendered text keeps formulas as TeX: commands and scripts are no words of the essay. */
const withoutTex = (text: string) => text.replace(/\\[A-Za-z]+|[_^{}\\$]/g, ' ')

/**
 * Full text (MiniSearch's BM25+ per field, boosted by field) and term vectors over every post,
 * drafts included: who may see what is decided per query by `accept`, never at indexing time,
 * so publishing a draft needs no re-indexing of its text.
 */
export class SearchIndex {
  readonly vectors = new TermVectors()
  private readonly revs = new Map<number, number>()

  constructor(private mini: MiniSearch<IndexedPost> = new MiniSearch<IndexedPost>(miniSearchOptions)) {}

  get size(): number {
    return this.revs.size
  }

  revOf(id: number): number | undefined {
    return this.revs.get(id)
  }

  ids(): IterableIterator<number> {
    return this.revs.keys()
  }

  /** Add or replace a post at revision `rev`. `weigh` false defers term weights (bulk builds call `finish`). */
  put(post: IndexedPost, rev: number, weigh = true): void {
    const doc = { ...post, text: withoutTex(post.text) }
    if (this.mini.has(post.id)) this.mini.replace(doc)
    else this.mini.add(doc)
    this.vectors.set(post.id, searchTerms(`${post.title}\n${post.title}\n${post.tags.join(' ')}\n${doc.text}`), weigh)
    this.revs.set(post.id, rev)
  }

  finish(): void {
    this.vectors.weighPending()
  }

  remove(id: number): void {
    if (this.mini.has(id)) this.mini.discard(id)
    this.vectors.remove(id)
    this.revs.delete(id)
  }

  /**
   * Posts holding every query term (AND), best first. A term of five letters or more also
   * matches near spellings, and the last one, while still being typed, the words it begins.
   */
  lexical(query: string, accept: Accept, opts: { complete?: boolean } = {}): LexicalHit[] {
    const results = this.mini.search(query, {
      combineWith: 'AND',
      boost: BOOST,
      prefix: (term, i, terms) => !opts.complete && i === terms.length - 1 && term.length >= 2,
      fuzzy: (term) => (term.length >= 5 && /^[a-z]+$/.test(term) ? 0.2 : false),
      filter: (r) => accept(r.id as number),
    })
    return results.map(toHit)
  }

  /** True when some post `accept` lets through holds `term` exactly. */
  knows(term: string, accept: Accept): boolean {
    return this.mini.search(term, { tokenize: single, processTerm: identity, fields: [...FIELDS], filter: (r) => accept(r.id as number) }).length > 0
  }

  /** The index's words near `term` (by spelling, or starting with it), with how many visible posts hold each. */
  wordsNear(term: string, accept: Accept, how: { fuzzy?: number; prefix?: boolean }): Map<string, number> {
    const found = new Map<string, number>()
    const results = this.mini.search(term, {
      tokenize: single,
      processTerm: identity,
      fuzzy: how.fuzzy ?? false,
      prefix: how.prefix ?? false,
      filter: (r) => accept(r.id as number),
    })
    for (const r of results) for (const t of r.terms) if (t !== term) found.set(t, (found.get(t) ?? 0) + 1)
    return found
  }

  toJSON(): unknown {
    return this.mini.toJSON()
  }
}

function toHit(r: MiniResult): LexicalHit {
  return { id: r.id as number, score: r.score, terms: r.terms, match: r.match }
}
