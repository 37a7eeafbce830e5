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
    const terms = [...new Set(tokenize(query))]
    if (terms.length === 0) return []
    const phrase = terms.join(' ')
    const scored: { slug: string; score: number; order: number }[] = []
    this.docs.forEach((doc, order) => {
      let score = 0
      for (const term of terms) {
        const points = this.termScore(doc, term)
        // A word the index leaves out of the text ('a', '2') cannot be required of it.
        if (points === 0 && isIndexed(term)) return
        score += points
      }
      if (terms.length > 1 && doc.titleText.includes(phrase)) score += 4
      if (score > 0) scored.push({ slug: doc.slug, score, order })
    })
    return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((s) => s.slug)
  }

  private termScore(doc: Prepared, term: string): number {
    // A single letter as a prefix would match almost every word.
    const prefix = term.length > 1
    let best = 0
    for (const field of ['title', 'tags', 'summary', 'body'] as const) {
      const hit = lookup(doc[field], term, prefix)
      if (hit === 0) continue
      best = Math.max(best, hit === 2 ? WEIGHTS[field].exact : WEIGHTS[field].prefix)
    }
    return best
  }
}
