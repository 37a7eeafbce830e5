import type { Essay } from './corpus.js'
import type { Relation } from './related-posts.js'

const FIELD_NAMES: Record<string, string> = {
  tag: 'tagged',
  series: 'in the series',
  chapter: 'in the chapter',
  section: 'in the section',
  topic: 'on the topic',
  part: 'in the part',
  collection: 'in the collection',
}

/** The declared grouping two essays share, most specific first ("topic:…" before "chapter:…"). */
export function sharedGroups(a: Essay, b: Essay): string[] {
  return [...a.taxonomy].filter((g) => b.taxonomy.has(g)).sort((x, y) => specificity(x) - specificity(y))
}

/** Lower is more specific. */
export function specificity(group: string): number {
  const order = ['series', 'topic', 'section', 'part', 'tag', 'collection', 'chapter']
  const i = order.indexOf(group.slice(0, group.indexOf(':')))
  return i < 0 ? order.length : i
}

/** "on the topic “Analysis of variance”" for `topic:analysis of variance`, as the essay writes it. */
export function describeGroup(group: string, essay: Essay): string {
  const field = group.slice(0, group.indexOf(':'))
  return `${FIELD_NAMES[field] ?? 'in'} “${displayValue(group, essay)}”`
}

/** The group's value as written in the essay's tags or frontmatter (the key is lower case). */
export function displayValue(group: string, essay: Essay): string {
  const field = group.slice(0, group.indexOf(':'))
  const value = group.slice(field.length + 1)
  const candidates = [...essay.meta.tags, ...[essay.frontmatter[field]].flat()].filter(
    (v): v is string => typeof v === 'string',
  )
  return candidates.find((c) => c.trim().toLowerCase() === value)?.trim() ?? value
}

/** Why a reader of `self` would read `r.essay` next, from what was measured. */
export function reasonFor(self: Essay, r: Relation): string {
  if (r.parts.title > 0) return `Its subject, “${r.essay.meta.title}”, comes up in this essay`
  const group = sharedGroups(self, r.essay)[0]
  if (r.type === 'topical' && group)
    return `Also ${describeGroup(group, self)}${r.shared.length ? `; shares ${quoteList(r.shared.slice(0, 2))}` : ''}`
  if (r.shared.length) return `Shares the concepts ${quoteList(r.shared.slice(0, 3))}`
  if (r.type === 'structural') return 'Similar structure and approach'
  return 'Similar topics and themes'
}

export function quoteList(items: string[]): string {
  const q = items.map((i) => `“${i}”`)
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`
}

/** A sentence for a sidebar snippet: whole when short, else cut at a word near 200 characters. */
export function clip(text: string, max = 200): string {
  const t = text.replace(/\s+/g, ' ').trim()
  if (t.length <= max) return t
  const cut = t.slice(0, max)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 30))}…`
}

/** A test for a concept as a word or phrase of its own ("sum" is not in "assume"), plurals included. */
export function phraseTest(concept: string): RegExp {
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${concept.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|es)?(?![\\p{L}\\p{N}])`,
    'iu',
  )
}
