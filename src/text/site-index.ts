import { termsOf } from './terms.js'

/** Terms kept per post for similarity: enough to compare essays, small enough for a large site. */
const VECTOR_TERMS = 80

/** Below this cosine two essays share only common words. */
const MIN_SIMILARITY = 0.05
const RELATED_KEPT = 20

export type TermVector = Map<string, number>

/** An essay as the index reads it (an AI provider's corpus posts are these, with more fields). */
export interface IndexedEssay {
  id: number
  slug: string
  title: string
  plainText: string
}

/** The published essays the index is built over. */
export interface EssayCorpus<P extends IndexedEssay = IndexedEssay> {
  posts: readonly P[]
}

export interface RelatedPost {
  id: number
  slug: string
  title: string
  similarity: number
}

/**
 * Document frequencies and term vectors of the site's published essays: the "against the
 * whole site" of TF-IDF, and cosine similarity for further reading and connections. Built once
 * per corpus object (the enhance service keeps one while the posts do not change).
 */
export class SiteIndex<P extends IndexedEssay = IndexedEssay> {
  readonly df = new Map<string, number>()
  readonly vectors = new Map<number, TermVector>()
  private readonly lowerTexts = new Map<number, string>()
  private readonly ids: Set<number>
  private readonly byId: Map<number, P>
  private readonly relatedCache = new WeakMap<TermVector, RelatedPost[]>()

  constructor(readonly site: EssayCorpus<P>) {
    this.ids = new Set(site.posts.map((p) => p.id))
    this.byId = new Map(site.posts.map((p) => [p.id, p]))
    const counts = site.posts.map((p) => countTerms(indexText(p.title, p.plainText)))
    for (const c of counts) for (const key of c.keys()) this.df.set(key, (this.df.get(key) ?? 0) + 1)
    site.posts.forEach((p, i) => this.vectors.set(p.id, this.vectorOf(counts[i], p.id)))
  }

  get size(): number {
    return this.site.posts.length
  }

  private has(id: number): boolean {
    return this.ids.has(id)
  }

  /**
   * Inverse document frequency of a term for the essay `selfId`, counting only the other
   * essays (a draft is not in the corpus; a published essay must not count itself).
   */
  idf(key: string, selfId: number): number {
    const self = this.has(selfId) ? 1 : 0
    const n = Math.max(0, this.size - self)
    const df = Math.max(0, (this.df.get(key) ?? 0) - self)
    return Math.log((1 + n) / (1 + df)) + 1
  }

  /**
   * The post a relative address leads to (`/D/var-samp`, `../posts/intro.html`): the one whose
   * slug is the address's last part (or ends with it). Undefined for an address off the site's essays.
   */
  postAt(url: string): P | undefined {
    const slug = url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .replace(/\.(?:md|html?)$/, '')
      .split('/')
      .pop()
    if (!slug || /^[a-z][a-z+.-]*:/i.test(url)) return undefined
    // A Jekyll `post_url` names the file ("2019-01-05-intro"), the post's slug its end.
    return this.site.posts.find((p) => p.slug === slug || p.slug.endsWith(`-${slug}`) || slug.endsWith(`-${p.slug}`))
  }

  /** Share of the other essays that use the term (0 when the site has no others). */
  spread(key: string, selfId: number): number {
    const self = this.has(selfId) ? 1 : 0
    const n = this.size - self
    return n <= 0 ? 0 : Math.max(0, (this.df.get(key) ?? 0) - self) / n
  }

  /** The essay's vector: the stored one when it is in the corpus, else from its text. */
  vectorFor(post: { id: number; title: string }, plainText: string): TermVector {
    return this.vectors.get(post.id) ?? this.vectorOf(countTerms(indexText(post.title, plainText)), post.id)
  }

  /** Other essays by cosine similarity, most similar first (ties by id), above a floor of shared vocabulary. */
  related(vector: TermVector, selfId: number, limit: number): RelatedPost[] {
    // Annotations and the bibliography both ask for the same essay: compute once, at the longest length asked.
    const cached = this.relatedCache.get(vector)
    if (cached && (cached.length >= limit || cached.length < RELATED_KEPT)) return cached.slice(0, limit)
    const out: RelatedPost[] = []
    for (const p of this.site.posts) {
      if (p.id === selfId) continue
      const similarity = cosine(vector, this.vectors.get(p.id)!)
      if (similarity >= MIN_SIMILARITY) out.push({ id: p.id, slug: p.slug, title: p.title, similarity })
    }
    const ranked = out
      .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
      .slice(0, Math.max(limit, RELATED_KEPT))
    this.relatedCache.set(vector, ranked)
    return ranked.slice(0, limit)
  }

  /**
   * How often an essay's text uses a phrase (`pattern`, global and case-insensitive). `probe`, a
   * lower-case piece every match contains, skips the regular expression for texts without it.
   */
  mentions(postId: number, probe: string, pattern: RegExp): number {
    let text = this.lowerTexts.get(postId)
    if (text === undefined) {
      text = this.byId.get(postId)?.plainText.toLowerCase() ?? ''
      this.lowerTexts.set(postId, text)
    }
    return text.includes(probe) ? (text.match(pattern)?.length ?? 0) : 0
  }

  private vectorOf(counts: Map<string, number>, selfId: number): TermVector {
    const weights = [...counts].map(([key, tf]) => [key, (1 + Math.log(tf)) * this.idf(key, selfId)] as const)
    weights.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    const top = weights.slice(0, VECTOR_TERMS)
    const norm = Math.sqrt(top.reduce((s, [, w]) => s + w * w, 0)) || 1
    return new Map(top.map(([k, w]) => [k, w / norm]))
  }
}

const cache = new WeakMap<EssayCorpus, SiteIndex>()

/** The index of a corpus, built on first use and kept as long as the corpus object lives. */
export function siteIndex<P extends IndexedEssay>(site: EssayCorpus<P>): SiteIndex<P> {
  let index = cache.get(site) as SiteIndex<P> | undefined
  if (!index) {
    index = new SiteIndex(site)
    cache.set(site, index)
  }
  return index
}

export function cosine(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let dot = 0
  for (const [k, w] of small) dot += w * (large.get(k) ?? 0)
  return dot
}

/** Rendered text keeps formulas as TeX: commands and scripts are no words of the essay. */
function indexText(title: string, plainText: string): string {
  return `${title}.\n${plainText.replace(/\\[A-Za-z]+|[_^{}\\]/g, ' ')}`
}

function countTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const t of termsOf(text)) counts.set(t.key, (counts.get(t.key) ?? 0) + 1)
  return counts
}
