import type { ConceptEvolution } from '../shared/schemas/discovery.js'
import type { Snapshot } from './snapshot.js'
import type { Essay } from './corpus.js'
import { hasOwnDate } from '../importer/parse/dates.js'

const CONCEPTS = 12
const TERMS_PER_ESSAY = 8
const POSTS_PER_CONCEPT = 20

/**
 * The concepts the site keeps coming back to, and how they spread over time: terms among the
 * most distinctive of at least two essays, with every essay that uses them in date order, weighted by
 * how much each essay says about the concept (uses per 1,000 words, relative to the heaviest user).
 */
export function conceptEvolution(snap: Snapshot): ConceptEvolution {
  const counts = new Map<string, { surface: string; essays: number; score: number; in: Essay[] }>()
  // Each essay's most distinctive terms (the head of its TF-IDF vector, strongest first): reading
  // every essay for its key terms would take seconds on a large site.
  for (const e of snap.essays) {
    for (const [key, weight] of [...(snap.index.vectors.get(e.meta.id) ?? [])].slice(0, TERMS_PER_ESSAY)) {
      const c = counts.get(key) ?? { surface: key, essays: 0, score: 0, in: [] }
      c.essays++
      c.in.push(e)
      c.score += weight
      counts.set(key, c)
    }
  }
  // Undated essays carry the day they were imported: they say nothing about when a concept came up.
  const dated = new Set(snap.essays.filter((e) => hasOwnDate(e.frontmatter)))
  const dates = [...dated].map((e) => Date.parse(e.meta.publishedAt)).sort((a, b) => a - b)
  const [start, end] = [dates[0] ?? 0, dates[dates.length - 1] ?? 0]
  return [...counts]
    .filter(([key, c]) => c.essays >= 2 && inProse(c.in, key) >= Math.max(2, c.essays / 2))
    .sort((a, b) => b[1].essays - a[1].essays || b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1))
    .slice(0, CONCEPTS)
    .map(([key, c]) => {
      const users = snap.essays
        .map((e) => ({ e, rate: (snap.mentions(e.meta.id, key) * 1000) / Math.max(e.meta.wordCount, 1) }))
        .filter((u) => u.rate > 0)
        .sort((a, b) => a.e.meta.publishedAt.localeCompare(b.e.meta.publishedAt) || a.e.meta.id - b.e.meta.id)
      const max = Math.max(...users.map((u) => u.rate))
      const withDates = users.filter((u) => dated.has(u.e))
      const times = withDates.map((u) => Date.parse(u.e.meta.publishedAt))
      const seen = withDates.length > 0 ? withDates : users
      return {
        concept: c.surface,
        firstSeen: seen[0].e.meta.publishedAt,
        lastSeen: seen[seen.length - 1].e.meta.publishedAt,
        totalPosts: users.length,
        trend: trendOf(times, start, end),
        posts: users.slice(0, POSTS_PER_CONCEPT).map(({ e, rate }) => ({
          id: e.meta.id,
          slug: e.meta.slug,
          title: e.meta.title,
          publishedAt: e.meta.publishedAt,
          weight: Math.round((rate / max) * 1000) / 1000,
        })),
      }
    })
}

/**
 * In how many of `essays` a term occurs in the prose itself, outside formulas, code and links: a
 * TeX environment's name (`split`) or an index (`n-1`) is no concept a reader met.
 */
function inProse(essays: readonly Essay[], key: string): number {
  const word = new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|es)?(?![\\p{L}\\p{N}])`,
    'iu',
  )
  return essays.filter((e) => e.doc.sentences.some((s) => word.test(s.prose))).length
}

/**
 * Rising or declining when one half of the site's time span has 1.5 times the essays using the
 * concept of the other; emerging when all of them are from its last third; else steady.
 */
function trendOf(times: number[], start: number, end: number): ConceptEvolution[number]['trend'] {
  if (end <= start || times.length < 2) return 'steady'
  if (times.every((t) => t >= start + ((end - start) * 2) / 3)) return 'emerging'
  const mid = (start + end) / 2
  const early = times.filter((t) => t < mid).length
  const late = times.length - early
  if (late >= 1.5 * Math.max(early, 1) && late > early) return 'rising'
  if (early >= 1.5 * Math.max(late, 1) && early > late) return 'declining'
  return 'steady'
}
