/**
 * Search for the static copy of the site (`blog build`), where no server answers
 * GET /api/posts?search=. The build writes one index file; the browser ranks posts against it.
 * Both sides tokenise with the same function, so a word the index holds is a word a query finds.
 */

export const SEARCH_INDEX_VERSION = 1

/** One published post as the index knows it. */
export interface SearchDoc {
  slug: string
  title: string
  tags: string[]
  excerpt: string
  author: string
  /** Every distinct word of the essay's plain text, sorted, joined by spaces. */
  words: string
}

export interface SearchIndex {
  version: typeof SEARCH_INDEX_VERSION
  /** In the posts list's order (newest first), which also breaks ties between equal scores. */
  posts: SearchDoc[]
}

/** Lower case, accents folded, split on anything that is not a letter or a digit. */
export function tokenize(text: string): string[] {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/** One-letter words and bare numbers match nearly everything and would only make the file larger. */
const isIndexed = (word: string) => word.length > 1 && !/^\d+$/.test(word)

/** The distinct words worth indexing from an essay's text, sorted. */
export function indexWords(text: string): string[] {
  return [...new Set(tokenize(text).filter(isIndexed))].sort()
}

/** Points per query word by where it is found: title and tags weigh more than the text. */
const WEIGHTS = {
  title: { exact: 8, prefix: 5 },
  tags: { exact: 6, prefix: 4 },
  summary: { exact: 3, prefix: 2 },
  body: { exact: 1, prefix: 0.5 },
} as const

interface Prepared {
  slug: string
  title: string[]
  tags: string[]
  summary: string[]
  body: string[]
  titleText: string
}

const sortedUnique = (words: string[]) => [...new Set(words)].sort()

/** True when `sorted` holds `word` exactly (2), a word starting with it (1), or neither (0). */
function lookup(sorted: readonly string[], word: string, allowPrefix: boolean): 0 | 1 | 2 {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid] < word) lo = mid + 1
    else hi = mid
  }
  const found = sorted[lo]
  if (found === word) return 2
  return allowPrefix && found !== undefined && found.startsWith(word) ? 1 : 0
}

/**
 * Ranks posts for a query, like the server does: every query word must occur somewhere (as a
 * word, or as the start of one, so 'integ' finds 'integral'); title and tag hits count most, a
 * phrase found whole in the title gets a bonus. Returns slugs, best first.
 */
export class StaticSearch {
  private readonly docs: Prepared[]

  constructor(index: SearchIndex) {
    this.docs = index.posts.map((p) => ({
      slug: p.slug,
      title: sortedUnique(tokenize(p.title)),
      tags: sortedUnique(p.tags.flatMap(tokenize)),
      summary: sortedUnique(tokenize(`${p.excerpt} ${p.author}`)),
      body: p.words ? p.words.split(' ') : [],
      titleText: tokenize(p.title).join(' '),
    }))
  }

  search(query: string): string[] {
    return this.rank(query).map((r) => r.slug)
  }

  /** The matches of `query`, best first, with the field that weighed most and the words that matched. */
  rank(query: string): Ranked[] {
    const terms = [...new Set(tokenize(query))]
    if (terms.length === 0) return []
    const phrase = terms.join(' ')
    const scored: (Ranked & { order: number })[] = []
    this.docs.forEach((doc, order) => {
      let score = 0
      let field: Ranked['field'] = 'body'
      const matched: string[] = []
      for (const term of terms) {
        const hit = this.termScore(doc, term)
        // A word the index leaves out of the text ('a', '2') cannot be required of it.
        if (hit.points === 0 && isIndexed(term)) return
        if (hit.points > 0) matched.push(term)
        if (FIELD_ORDER.indexOf(hit.field) < FIELD_ORDER.indexOf(field)) field = hit.field
        score += hit.points
      }
      if (terms.length > 1 && doc.titleText.includes(phrase)) score += 4
      if (score > 0) scored.push({ slug: doc.slug, score, field, terms: matched, order })
    })
    return scored.sort((a, b) => b.score - a.score || a.order - b.order).map(({ order: _order, ...r }) => r)
  }

  /** "Did you mean": each query word no post holds, replaced by the nearest word one does (at most two edits). */
  suggest(query: string): string[] {
    const terms = tokenize(query)
    this.vocabulary ??= new Set(this.docs.flatMap((d) => [...d.title, ...d.tags, ...d.summary, ...d.body]))
    const vocabulary = this.vocabulary
    let changed = false
    const fixed = terms.map((term) => {
      if (term.length < 4 || vocabulary.has(term) || /\d/.test(term)) return term
      let best: [string, number] | null = null
      for (const word of vocabulary) {
        if (Math.abs(word.length - term.length) > 2) continue
        const d = editDistance(term, word)
        if (d <= (term.length < 7 ? 1 : 2) && (!best || d < best[1])) best = [word, d]
      }
      if (!best) return term
      changed = true
      return best[0]
    })
    return changed ? [fixed.join(' ')] : []
  }

  private vocabulary: Set<string> | null = null

  private termScore(doc: Prepared, term: string): { points: number; field: Ranked['field'] } {
    // A single letter as a prefix would match almost every word.
    const prefix = term.length > 1
    let best = { points: 0, field: 'body' as Ranked['field'] }
    for (const field of FIELD_ORDER) {
      const hit = lookup(doc[field], term, prefix)
      if (hit === 0) continue
      const points = hit === 2 ? WEIGHTS[field].exact : WEIGHTS[field].prefix
      if (points > best.points) best = { points, field }
    }
    return best
  }
}

const FIELD_ORDER = ['title', 'tags', 'summary', 'body'] as const

export interface Ranked {
  slug: string
  score: number
  /** The field of the heaviest hit. */
  field: (typeof FIELD_ORDER)[number]
  /** The query's words that matched. */
  terms: string[]
}

/** Insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  let prev2: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1)
      row.push(d)
    }
    prev2 = prev
    prev = row
  }
  return prev[b.length]
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
const MATCH_TYPE = { title: 'title', tags: 'tags', summary: 'content', body: 'content' } as const

/**
 * GET /api/search/advanced in the static copy: the server's parameters, checks and result
 * shape over the prebuilt index, with the simpler ranking above and no semantic matches
 * (there is no server to hold vectors). `list` is the posts list, newest first.
 */
export function advancedSearch(params: URLSearchParams, list: readonly Card[], search: StaticSearch): { status: number; body: unknown } {
  const started = performance.now()
  const bad = (message: string) => ({ status: 400, body: { message } })
  const q = (params.get('q') ?? '').trim()
  const tags = [...new Set((params.get('tags') ?? '').split(',').map((t) => t.trim()).filter(Boolean))]
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
  if (dates.startDate && dates.endDate && dates.startDate > dates.endDate) return bad('startDate: startDate must not be after endDate')
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
  const card = ({ id, slug, title, author, readTime, publishedAt, excerpt, tags }: Card) => ({ id, slug, title, author, readTime, publishedAt, excerpt, tags })
  let results
  if (!q) {
    results = list.filter(passes).map((p) => ({ ...card(p), matchType: tags.length ? 'tags' : 'content', relevanceScore: 1, matchedTerms: tags }))
  } else {
    const ranked = search.rank(q).filter((r) => bySlug.has(r.slug) && passes(bySlug.get(r.slug)!))
    const top = ranked[0]?.score ?? 1
    results = ranked.map((r) => ({ ...card(bySlug.get(r.slug)!), matchType: MATCH_TYPE[r.field], relevanceScore: Math.round((0.5 + (0.5 * r.score) / top) * 1000) / 1000, matchedTerms: r.terms }))
  }
  const counts = new Map<string, number>()
  for (const r of results) for (const t of r.tags) if (!wanted.includes(t.toLowerCase())) counts.set(t, (counts.get(t) ?? 0) + 1)
  const limit = Math.min(200, Math.max(1, Number(params.get('limit')) || 50))
  return {
    status: 200,
    body: {
      totalCount: results.length,
      query: q,
      searchTime: Math.round((performance.now() - started) * 100) / 100,
      suggestions: q ? search.suggest(q) : [],
      relatedTags: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 8).map(([t]) => t),
      results: results.slice(0, limit),
    },
  }
}
