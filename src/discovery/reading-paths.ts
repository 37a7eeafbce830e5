import type { SmartSidebar } from '../shared/schemas/discovery.js'
import type { Essay } from './corpus.js'
import type { Relation } from './related-posts.js'
import type { Snapshot } from './snapshot.js'
import { describeGroup, displayValue, specificity } from './explain.js'
import { teachingOrder, type OrderReason } from './teaching-order.js'

type Path = SmartSidebar['readingPaths'][number]
type Level = Path['difficulty']

const PATH_LENGTH = 6
/** "Chapter 3: …", "Essay 12 — …", "Part II"… : the series a title announces, and its number. */
const SERIES = /^(.*?)\b(chapter|part|essay|lesson|episode|lecture|week|day)\s+(\d+|[ivxlc]+)\b/i

/**
 * Reading paths through the site for a reader of `self` (SPEC §3): a series its title or
 * frontmatter announces, in series order; the most specific topic it shares with other
 * essays, from the most accessible essay to the most demanding; and a path through its
 * closest relatives, ordered the same way.
 */
export function readingPaths(snap: Snapshot, self: Essay, related: Relation[]): Path[] {
  const paths: Path[] = []
  const series = seriesOf(snap, self)
  if (series)
    paths.push(
      build(
        snap,
        series.id,
        series.title,
        series.essays.map((essay) => ({ essay, reason: 'series' as const })),
        series.description,
      ),
    )
  const group = [...self.taxonomy]
    .map((g) => ({ g, members: snap.essays.filter((e) => e.taxonomy.has(g)) }))
    .filter((x) => x.members.length >= 3 && !x.g.startsWith('series:'))
    .sort((a, b) => specificity(a.g) - specificity(b.g) || a.members.length - b.members.length)[0]
  if (group) {
    const members = teachingOrder(snap, closest(group.members, self, related))
    const name = displayValue(group.g, self)
    paths.push(
      build(
        snap,
        `group-${slugOf(group.g)}`,
        `${name}: from first steps to depth`,
        members,
        `${members.length} essays ${describeGroup(group.g, self)}, ${ORDER_WORDS}`,
      ),
    )
  }
  const near = related.slice(0, PATH_LENGTH - 1).map((r) => r.essay)
  if (near.length >= 2) {
    const members = teachingOrder(snap, [self, ...near])
    paths.push(
      build(
        snap,
        `around-${self.meta.id}`,
        `Around “${self.meta.title}”`,
        members,
        `This essay and the ${near.length} most closely related to it, ${ORDER_WORDS}`,
      ),
    )
  }
  return paths
}

/** How a path that is not a series is ordered, in the words its description uses. */
const ORDER_WORDS =
  'in the order a book would teach them: what an essay builds on (links to) first, then the site’s own contents, then from the most accessible to the most demanding.'

/** The group members most related to `self` (itself included), at most a path's length. */
function closest(members: Essay[], self: Essay, related: Relation[]): Essay[] {
  const rank = new Map(related.map((r, i) => [r.essay.meta.id, i]))
  const others = members
    .filter((e) => e !== self)
    .sort((a, b) => (rank.get(a.meta.id) ?? 1e9) - (rank.get(b.meta.id) ?? 1e9))
  return [self, ...others.slice(0, PATH_LENGTH - 1)]
}

function seriesOf(
  snap: Snapshot,
  self: Essay,
): { id: string; title: string; essays: Essay[]; description: string } | null {
  const declared = [...self.taxonomy].find((g) => g.startsWith('series:'))
  if (declared) {
    const essays = snap.essays
      .filter((e) => e.taxonomy.has(declared))
      .sort((a, b) => a.meta.publishedAt.localeCompare(b.meta.publishedAt) || a.meta.id - b.meta.id)
    if (essays.length >= 2) {
      const name = displayValue(declared, self)
      return {
        id: `series-${slugOf(declared)}`,
        title: `The series “${name}”`,
        essays,
        description: `All ${essays.length} essays of the series “${name}”, in publication order.`,
      }
    }
  }
  const m = SERIES.exec(self.meta.title)
  if (!m) return null
  const prefix = m[1].trim().toLowerCase()
  const word = m[2].toLowerCase()
  const members = snap.essays
    .map((e) => ({ e, m: SERIES.exec(e.meta.title) }))
    .filter((x) => x.m && x.m[1].trim().toLowerCase() === prefix && x.m[2].toLowerCase() === word)
    .sort((a, b) => numberOf(a.m![3]) - numberOf(b.m![3]) || a.e.meta.id - b.e.meta.id)
    .map((x) => x.e)
  if (members.length < 2) return null
  const label = `${m[1].trim()} ${m[2]}s`.trim()
  return {
    id: `series-${slugOf(`${prefix} ${word}`)}`,
    title: `${label[0].toUpperCase()}${label.slice(1)} in order`,
    essays: members,
    description: `The ${members.length} numbered ${word}s, in their order.`,
  }
}

function build(
  snap: Snapshot,
  id: string,
  title: string,
  ordered: { essay: Essay; reason: OrderReason | 'series' }[],
  description: string,
): Path {
  const essays = ordered.map((o) => o.essay)
  const mean = essays.reduce((s, e) => s + snap.difficulty(e.meta.id), 0) / essays.length
  return {
    id,
    title,
    difficulty: levelFor(snap, mean),
    totalReadTime: essays.reduce((s, e) => s + e.meta.readTime, 0),
    description,
    essays: ordered.map((o, i) => ({
      id: o.essay.meta.id,
      slug: o.essay.meta.slug,
      title: o.essay.meta.title,
      order: i + 1,
      reason: reasonAt(o.essay, i, essays.length, levelOf(snap, o.essay), o.reason),
    })),
  }
}

/** Each step says why it stands there, with its evidence (a link, the site's contents) or its level. */
function reasonAt(e: Essay, i: number, n: number, level: Level, why: OrderReason | 'series'): string {
  const facts = `${level}, ${e.meta.readTime} min read${e.structure.mathDensity >= 1 ? `, ${Math.round(e.structure.mathDensity * 10) / 10} formulas per 100 words` : ''}`
  if (why === 'series') return `Part ${i + 1} of ${n} (${facts})`
  if (why.kind === 'builds-on') return `Builds on “${why.on.meta.title}”, which it links to (${facts})`
  if (why.kind === 'contents')
    return `${i === 0 ? 'Start here: first' : 'Next'} in the contents of “${why.of.meta.title}” (${facts})`
  if (i === 0) return `Start here: the most accessible (${facts})`
  if (i === n - 1) return `Finish with the most demanding (${facts})`
  return `Next step (${facts})`
}

/** Beginner, intermediate or advanced: which third of the site's essays by difficulty. */
function levelOf(snap: Snapshot, e: Essay): Level {
  return levelFor(snap, snap.difficulty(e.meta.id))
}

function levelFor(snap: Snapshot, d: number): Level {
  let cuts = snap.memo.get('difficulty-cuts') as [number, number] | undefined
  if (!cuts) {
    const all = snap.essays.map((e) => snap.difficulty(e.meta.id)).sort((a, b) => a - b)
    cuts = [all[Math.floor(all.length / 3)] ?? 0, all[Math.floor((2 * all.length) / 3)] ?? 0]
    snap.memo.set('difficulty-cuts', cuts)
  }
  return d < cuts[0] ? 'beginner' : d < cuts[1] ? 'intermediate' : 'advanced'
}

function numberOf(s: string): number {
  if (/^\d+$/.test(s)) return Number(s)
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 }
  let total = 0
  const chars = s.toLowerCase()
  for (let i = 0; i < chars.length; i++) {
    const cur = v[chars[i]] ?? 0
    total += cur < (v[chars[i + 1]] ?? 0) ? -cur : cur
  }
  return total
}

const slugOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'group'
