/**
 * Search for the static copy of the site (`blog build`), where no server answers
 * GET /api/posts?search=. The build writes each published essay's terms, read by the server's
 * own tokenizer (src/text/tokenize.ts); the browser puts them into the server's own index
 * (src/search/search-index.ts) and asks it as the server does: the same words match ("walks"
 * finds "walk", "多线程" is found in "支持多线程编程"), in the same order, with the same near
 * spellings, completions and "did you mean".
 */
import {
  FIELDS,
  SearchIndex as SiteSearchIndex,
  bodyTerms,
  fieldTerms,
  matchTypeOf,
} from '../../src/search/search-index.js'
import { suggestionsFor } from '../../src/search/suggestions.js'

/** Bump whenever the terms or the file's fields change: a build then writes a new file. */
export const SEARCH_INDEX_VERSION = 2

/** One published post as the index file holds it. */
export interface SearchDoc {
  /** The post's id: the server ranks equal scores by it. */
  id: number
  slug: string
  title: string
  tags: string[]
  excerpt: string
  author: string
  /** The distinct terms of the essay's text (`bodyTerms`), in order of first use, joined by spaces. */
  words: string
  /** How often each of `words` occurs, in the same order. */
  counts: number[]
}

export interface SearchIndex {
  version: typeof SEARCH_INDEX_VERSION
  posts: SearchDoc[]
}

/** The index file's entry for a published post, from its card and its rendered text (the build calls this). */
export function searchDoc(
  post: Pick<SearchDoc, 'id' | 'slug' | 'title' | 'tags' | 'excerpt' | 'author'>,
  plainText: string,
): SearchDoc {
  const counts = new Map<string, number>()
  for (const term of bodyTerms(plainText)) counts.set(term, (counts.get(term) ?? 0) + 1)
  const { id, slug, title, tags, excerpt, author } = post
  return { id, slug, title, tags, excerpt, author, words: [...counts.keys()].join(' '), counts: [...counts.values()] }
}

/** The terms of a post's text again, each as often as it occurs. */
function textTerms(doc: SearchDoc): string[] {
  const words = doc.words ? doc.words.split(' ') : []
  return words.flatMap((word, i) => Array<string>(doc.counts[i] ?? 1).fill(word))
}

const everyPost = () => true
const TEXT = FIELDS.indexOf('text')

/** A match as the search page shows it: how it matched and which of the post's words did. */
export interface Ranked {
  slug: string
  score: number
  matchType: 'title' | 'tags' | 'content'
  terms: string[]
}

/** The server's search index over the posts of the index file, asked as the server asks it. */
export class StaticSearch {
  private readonly index = new SiteSearchIndex()
  private readonly slugs = new Map<number, string>()

  constructor(file: SearchIndex) {
    // In the order the server's store lists posts (by id), so words are numbered as there.
    for (const doc of [...file.posts].sort((a, b) => a.id - b.id)) {
      this.slugs.set(doc.id, doc.slug)
      const terms = fieldTerms({ ...doc, text: '' })
      terms[TEXT] = textTerms(doc)
      this.index.putTerms({ id: doc.id, tags: doc.tags, published: true }, terms, '', false)
    }
    this.index.finish()
  }

  /** GET /api/posts?search=: the slugs of the matches, best first. */
  search(query: string): string[] {
    return this.index.lexical(query, everyPost).map((hit) => this.slugs.get(hit.id)!)
  }

  /** The matches of `query`, best first; `complete` when the query ends in a space (its last word is not being typed). */
  rank(query: string, complete = false): Ranked[] {
    return this.index.find(query, everyPost, { complete }).hits.map((hit) => ({
      slug: this.slugs.get(hit.id)!,
      score: hit.score,
      matchType: matchTypeOf(hit),
      terms: hit.terms,
    }))
  }

  /** "Did you mean", or completions of the last word, from the site's own words. */
  suggest(query: string, complete = false): string[] {
    return suggestionsFor(this.index.vectors, query, false, complete)
  }
}

/** The card fields a static search result carries (the posts list has them all). */
interface Card {
  id: number
  slug: string
  title: string
  author: string
  readTime: number
  publishedAt: string
  excerpt: string
  tags: string[]
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * GET /api/search/advanced in the static copy: the server's parameters, checks and result
 * shape over the prebuilt index, ranked by the server's index, without semantic matches
 * (they follow the literal ones there). `list` is the posts list, newest first.
 */
export function advancedSearch(
  params: URLSearchParams,
  list: readonly Card[],
  search: StaticSearch,
): { status: number; body: unknown } {
  const started = performance.now()
  const bad = (message: string) => ({ status: 400, body: { message } })
  const typed = params.get('q') ?? ''
  const q = typed.trim()
  // As on the server: a query ending in a space has no word still being typed.
  const complete = /\s$/.test(typed)
  const tags = [
    ...new Set(
      (params.get('tags') ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ]
  const author = params.get('author')?.trim().toLowerCase()
  const numbers: Partial<Record<'minReadTime' | 'maxReadTime', number>> = {}
  for (const key of ['minReadTime', 'maxReadTime'] as const) {
    const raw = params.get(key)?.trim()
    if (raw === undefined) continue
    if (!/^\d+$/.test(raw)) return bad(`${key}: ${key} must be a whole number of minutes`)
    numbers[key] = Number(raw)
  }
  const dates: Partial<Record<'startDate' | 'endDate', string>> = {}
  for (const key of ['startDate', 'endDate'] as const) {
    const raw = params.get(key)?.trim()
    if (raw === undefined) continue
    if (!DATE.test(raw) || Number.isNaN(Date.parse(raw))) return bad(`${key}: ${key} must be a date (YYYY-MM-DD)`)
    dates[key] = raw
  }
  const { minReadTime = 0, maxReadTime = Infinity } = numbers
  if (minReadTime > maxReadTime) return bad('minReadTime: minReadTime must not be greater than maxReadTime')
  if (dates.startDate && dates.endDate && dates.startDate > dates.endDate)
    return bad('startDate: startDate must not be after endDate')
  const wanted = tags.map((t) => t.toLowerCase())
  const passes = (p: Card) => {
    const day = p.publishedAt.slice(0, 10)
    const own = new Set(p.tags.map((t) => t.toLowerCase()))
    return (
      p.readTime >= minReadTime &&
      p.readTime <= maxReadTime &&
      (!dates.startDate || day >= dates.startDate) &&
      (!dates.endDate || day <= dates.endDate) &&
      (!author || p.author.toLowerCase().includes(author)) &&
      wanted.every((t) => own.has(t))
    )
  }
  const bySlug = new Map(list.map((p) => [p.slug, p]))
  const card = ({ id, slug, title, author, readTime, publishedAt, excerpt, tags }: Card) => ({
    id,
    slug,
    title,
    author,
    readTime,
    publishedAt,
    excerpt,
    tags,
  })
  let results
  if (!q) {
    results = list
      .filter(passes)
      .map((p) => ({ ...card(p), matchType: tags.length ? 'tags' : 'content', relevanceScore: 1, matchedTerms: tags }))
  } else {
    const ranked = search.rank(q, complete).filter((r) => bySlug.has(r.slug) && passes(bySlug.get(r.slug)!))
    const top = ranked[0]?.score ?? 1
    results = ranked.map((r) => ({
      ...card(bySlug.get(r.slug)!),
      matchType: r.matchType,
      relevanceScore: Math.round((0.5 + (0.5 * r.score) / top) * 1000) / 1000,
      matchedTerms: r.terms,
    }))
  }
  const counts = new Map<string, number>()
  for (const r of results)
    for (const t of r.tags) if (!wanted.includes(t.toLowerCase())) counts.set(t, (counts.get(t) ?? 0) + 1)
  const limit = Math.min(200, Math.max(1, Number(params.get('limit')) || 50))
  return {
    status: 200,
    body: {
      totalCount: results.length,
      query: q,
      searchTime: Math.round((performance.now() - started) * 100) / 100,
      suggestions: q ? search.suggest(q, complete) : [],
      relatedTags: [...counts]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 8)
        .map(([t]) => t),
      results: results.slice(0, limit),
    },
  }
}
