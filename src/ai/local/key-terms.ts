import type { EssayDoc, Sentence } from './essay/types.js'
import type { SiteIndex } from './site-index.js'
import { normaliseForMatch } from './text/readable.js'
import { termsOf } from './text/terms.js'

export interface KeyTerm {
  key: string
  n: 1 | 2 | 3
  /** The words as the essay's prose first writes them: the text a reader sees highlighted. */
  surface: string
  score: number
  /** Sentences using the term, in their order (link text included). */
  sentences: Sentence[]
}

interface Tally {
  n: 1 | 2 | 3
  tf: number
  sentences: Sentence[]
  /** Occurrences outside links, code and formulas, as written. */
  surfaces: string[]
}

export interface KeyTermOptions {
  selfId: number
  title: string
  /** What the reader's page shows as text; a target must occur in it (whitespace aside). */
  plainText: string
  limit: number
}

/** Several words name a concept more precisely than one ("gradient descent" over "gradient"). */
const PHRASE_WEIGHT = [1, 1, 1.5, 1.8]
/** A term in the title or a heading is what the essay is about. */
const HEADING_WEIGHT = 1.5
/** Terms used by more than this share of the other essays are the site's vocabulary, not this essay's. */
const MAX_SPREAD = 0.4

/**
 * The essay's key terms by TF-IDF against the site: frequent here, rare elsewhere. Only
 * prose counts (code and formulas are skipped); each term must occur outside links and
 * formulas, where the page can highlight it.
 */
export function findKeyTerms(doc: EssayDoc, index: SiteIndex, opts: KeyTermOptions): KeyTerm[] {
  const tallies = tally(doc)
  const emphasised = new Set([opts.title, ...doc.headings.map((h) => h.text)].flatMap((t) => termsOf(t, { triples: true }).map((x) => x.key)))
  const page = normaliseForMatch(opts.plainText)
  const words = doc.sentences.reduce((sum, s) => sum + s.prose.split(/\s+/).length, 0)
  const pick = (minTf: number) => select(rank(tallies, index, opts.selfId, emphasised, minTf), tallies, page, opts.limit)
  const chosen = pick(words < 150 ? 1 : 2)
  return chosen.length > 0 ? chosen : pick(1)
}

function tally(doc: EssayDoc): Map<string, Tally> {
  const tallies = new Map<string, Tally>()
  for (const s of doc.sentences) {
    const counted = s.segments.map((seg) => (seg.kind === 'text' || seg.kind === 'link' ? seg.text : '\n')).join('')
    for (const t of termsOf(counted, { triples: true })) {
      let entry = tallies.get(t.key)
      if (!entry) tallies.set(t.key, (entry = { n: t.n, tf: 0, sentences: [], surfaces: [] }))
      entry.tf++
      if (entry.sentences[entry.sentences.length - 1] !== s) entry.sentences.push(s)
    }
    for (const t of termsOf(s.prose, { triples: true })) tallies.get(t.key)?.surfaces.push(s.prose.slice(t.start, t.end))
  }
  return tallies
}

function rank(tallies: Map<string, Tally>, index: SiteIndex, selfId: number, emphasised: Set<string>, minTf: number) {
  const scored: { key: string; score: number }[] = []
  const broadSite = index.size >= 10
  for (const [key, t] of tallies) {
    if (t.tf < minTf || t.surfaces.length === 0) continue
    if (broadSite && t.n < 3 && index.spread(key, selfId) > MAX_SPREAD) continue
    const score = (1 + Math.log(t.tf)) * idf(key, t.n, index, selfId) * PHRASE_WEIGHT[t.n] * (emphasised.has(key) ? HEADING_WEIGHT : 1)
    scored.push({ key, score })
  }
  return scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
}

/** A triple is not indexed: it is at most as common on the site as its rarer pair. */
function idf(key: string, n: number, index: SiteIndex, selfId: number): number {
  if (n < 3) return index.idf(key, selfId)
  const [a, b, c] = key.split(' ')
  return Math.max(index.idf(`${a} ${b}`, selfId), index.idf(`${b} ${c}`, selfId))
}

/** The best terms, none inside another. */
function select(ranked: { key: string; score: number }[], tallies: Map<string, Tally>, page: string, limit: number): KeyTerm[] {
  const chosen: KeyTerm[] = []
  const surfaces = new Set<string>()
  const within = (a: string, b: string) => ` ${b} `.includes(` ${a} `)
  const phrases = ranked.filter((r) => tallies.get(r.key)!.n > 1)
  for (const { key, score } of ranked) {
    if (chosen.length >= limit) break
    // No term inside another ("sort" beside "merge sort"); two phrases may share a word ("merge sort", "quick sort").
    if (chosen.some((c) => within(key, c.key) || within(c.key, key))) continue
    const t = tallies.get(key)!
    // "gradient" is mostly said as "gradient descent": the phrase is the term (it comes later in the ranking).
    if (phrases.some((p) => p.key !== key && within(key, p.key) && tallies.get(p.key)!.tf >= Math.max(2, t.tf / 2))) continue
    const surface = t.surfaces.map((s) => s.trim()).find((s) => s !== '' && page.includes(normaliseForMatch(s)))
    if (!surface || surfaces.has(surface.toLowerCase())) continue
    surfaces.add(surface.toLowerCase())
    chosen.push({ key, n: t.n, surface, score, sentences: t.sentences })
  }
  return chosen
}
