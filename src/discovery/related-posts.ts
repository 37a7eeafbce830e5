import { cosine } from '../text/site-index.js'
import { normaliseWord } from '../text/stem.js'
import { termsOf } from '../text/terms.js'
import type { RelatedPost } from '../shared/schemas/discovery.js'
// How much each signal counts: shared, so readers' explanation of the score is made from the same numbers.
import { RELATED_WEIGHTS as WEIGHTS } from '../shared/related-weights.js'
import { toListItem } from '../posts/post-views.js'
import type { Essay } from './corpus.js'
import type { Snapshot } from './snapshot.js'
import { clamp01, structureSimilarity } from './structure-features.js'

export type RelationshipType = RelatedPost['relationshipType']

export interface Relation {
  essay: Essay
  score: number
  type: RelationshipType
  parts: { text: number; concept: number; title: number; tags: number; structure: number }
  /** The key concepts of either essay that the other one uses too, strongest first. */
  shared: string[]
}

/** Essays alike only in structure are related only when very alike. */
const STRUCTURE_ONLY = 0.85

/** Optional embeddings (a provider with `embed`): they refine the text signal, never replace it. */
export type EmbeddingLookup = (id: number) => number[] | undefined

/** Every other essay of the snapshot by relatedness to `id`, strongest first (ties by id). */
export function relatedTo(snap: Snapshot, id: number, embedding?: EmbeddingLookup): Relation[] {
  const memoKey = `related:${id}:${embedding ? 'e' : 'l'}`
  const memo = snap.memo.get(memoKey) as Relation[] | undefined
  if (memo) return memo
  const self = snap.byId.get(id)
  if (!self) return []
  const vector = snap.index.vectors.get(id)!
  const out: Relation[] = []
  for (const other of snap.essays) {
    if (other.meta.id === id) continue
    const tfidf = cosine(vector, snap.index.vectors.get(other.meta.id)!)
    const emb = embedding ? embeddingCosine(embedding(id), embedding(other.meta.id)) : undefined
    const text = emb === undefined ? tfidf : 0.5 * tfidf + 0.5 * emb
    const { score: concept, shared } = conceptOverlap(snap, self, other)
    const title = titleMention(snap, self, other)
    const tags = jaccard(self.taxonomy, other.taxonomy)
    const structure = structureSimilarity(self.structure, other.structure)
    if (text < 0.02 && concept === 0 && title === 0 && tags === 0 && structure < STRUCTURE_ONLY) continue
    const parts = { text, concept, title, tags, structure }
    // An essay without tags or categories is scored on the other signals alone (same order, honest percentages).
    const scale = self.taxonomy.size === 0 ? 1 / (1 - WEIGHTS.tags) : 1
    const score = clamp01(
      scale *
        (WEIGHTS.text * text +
          WEIGHTS.concept * concept +
          WEIGHTS.title * title +
          WEIGHTS.tags * tags +
          WEIGHTS.structure * structure),
    )
    out.push({ essay: other, score, type: typeOf(parts), parts, shared })
  }
  out.sort((a, b) => b.score - a.score || a.essay.meta.id - b.essay.meta.id)
  snap.memo.set(memoKey, out)
  return out
}

/** The API shape (SPEC §3 Related post). */
export function toRelatedPost(r: Relation): RelatedPost {
  const { id, slug, title, author, readTime, publishedAt, excerpt, tags } = toListItem(r.essay.meta)
  return {
    id,
    slug,
    title,
    author,
    readTime,
    publishedAt,
    excerpt,
    tags,
    relationshipType: r.type,
    similarityScore: Math.round(r.score * 1000) / 1000,
  }
}

/**
 * What mostly makes two essays related (SPEC §9 explanations): the same declared topic or much
 * shared vocabulary is "similar topics" (topical); naming the other's subject or sharing its key
 * concepts beyond the vocabulary is "related concepts" (conceptual); little of either but a
 * similar build (length, math, code, sections) is "similar structure" (structural).
 */
function typeOf(p: Relation['parts']): RelationshipType {
  if (p.tags >= 0.3) return 'topical'
  if (p.title > 0 || (p.concept >= 0.3 && p.concept >= 1.5 * p.text)) return 'conceptual'
  if (p.text >= 0.1 || p.tags > 0) return 'topical'
  return p.concept >= 0.2 ? 'conceptual' : 'structural'
}

/**
 * How much of this essay's key concepts the other one uses, weighted by how central each
 * concept is (0–1). One direction only: the other essays' key terms would mean reading every
 * essay of the site for one list.
 */
function conceptOverlap(snap: Snapshot, a: Essay, b: Essay): { score: number; shared: string[] } {
  const shared = new Map<string, number>()
  const coverage = (from: Essay, to: Essay) => {
    const terms = snap.keyTerms(from.meta.id)
    let total = 0
    let hit = 0
    for (const t of terms) {
      total += t.score
      if (snap.mentions(to.meta.id, t.key) > 0) {
        hit += t.score
        shared.set(t.surface.toLowerCase(), Math.max(shared.get(t.surface.toLowerCase()) ?? 0, t.score))
      }
    }
    return total ? hit / total : 0
  }
  const score = coverage(a, b)
  return { score, shared: [...shared].sort((x, y) => y[1] - x[1]).map(([s]) => s) }
}

/**
 * Whether `reader` names `target`'s subject: the longest opening of target's title (at least
 * four words, or all of a shorter one) written in reader's text, as a share of the title.
 * "…by the probability density function of an invertible function…" names the essay
 * "Probability density function of an invertible function of a continuous random vector".
 */
function titleMention(snap: Snapshot, reader: Essay, target: Essay): number {
  const words = target.titleWords
  if (words.length < 2) return 0
  const shortest = Math.min(4, words.length)
  // Cheap test first: a text without the title's first two words cannot hold its opening.
  if (!reader.flatText.includes(`${words[0]} ${words[1]}`)) return 0
  for (let k = words.length; k >= shortest; k--) {
    if (!reader.flatText.includes(` ${words.slice(0, k).join(' ')} `)) continue
    const weights = titleWeights(snap, target)
    const total = weights.reduce((a, b) => a + b, 0)
    return total ? (weights.slice(0, k).reduce((a, b) => a + b, 0) / total) * (1 - titleSpread(snap, target)) : 0
  }
  return 0
}

/** Share of the site naming the essay's title: a title every essay names ("Random variable") says little. */
function titleSpread(snap: Snapshot, e: Essay): number {
  const key = `title-spread:${e.meta.id}`
  let spread = snap.memo.get(key) as number | undefined
  if (spread === undefined) {
    const phrase = ` ${e.titleWords.slice(0, Math.min(4, e.titleWords.length)).join(' ')} `
    const others = snap.essays.length - 1
    spread = others > 0 ? snap.essays.filter((o) => o !== e && o.flatText.includes(phrase)).length / others : 0
    snap.memo.set(key, spread)
  }
  return spread
}

/**
 * What each title word says about the essay: its rarity on the site; function words nothing;
 * a single letter ("t" in "t-distribution", "F" in "F-test") names something specific.
 */
function titleWeights(snap: Snapshot, e: Essay): number[] {
  const key = `title-weights:${e.meta.id}`
  let weights = snap.memo.get(key) as number[] | undefined
  if (!weights) {
    const maxIdf = snap.index.idf('\u0000', e.meta.id)
    weights = e.titleWords.map((w) =>
      w.length === 1 && /\p{L}/u.test(w) ? maxIdf : termsOf(w).length ? snap.index.idf(normaliseWord(w), e.meta.id) : 0,
    )
    snap.memo.set(key, weights)
  }
  return weights
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0
  let both = 0
  for (const x of a) if (b.has(x)) both++
  return both / (a.size + b.size - both)
}

function embeddingCosine(a: number[] | undefined, b: number[] | undefined): number | undefined {
  if (!a || !b || a.length !== b.length) return undefined
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i]
    na += a[i] * a[i]
    nb += b[i] * b[i]
  }
  return na && nb ? Math.max(0, dot / Math.sqrt(na * nb)) : undefined
}
