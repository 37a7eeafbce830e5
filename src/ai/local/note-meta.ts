import type { Annotation } from '../../shared/schemas/index.js'
import type { EssayInput } from '../provider.js'
import type { KeyTerm } from '../../text/key-terms.js'
import { quoteList } from '../../text/format.js'

/** Where the essay uses a term: how often and under which headings, which its sentence does not say. */
export function usage(term: KeyTerm, input: EssayInput): Annotation {
  const headings = [...new Set(term.sentences.map((s) => s.heading).filter((h): h is string => h !== null))].slice(0, 3)
  const times = term.sentences.length === 1 ? 'once' : `in ${term.sentences.length} sentences`
  const where = headings.length > 0 ? `, under ${quoteList(headings)}` : ''
  return {
    targetText: term.surface,
    type: 'context',
    annotation: `A key term of “${input.post.title}”: the essay uses it ${times}${where}.`,
    category: categoryFor(term, input),
    priority: 'high',
  }
}

/** The essay's own subject: a tag sharing a word with the term, else the first tag, else its topic. */
export function categoryFor(term: KeyTerm, input: EssayInput): string {
  const words = new Set(term.key.split(' '))
  const tag =
    input.post.tags.find((t) =>
      t
        .toLowerCase()
        .split(/\W+/)
        .some((w) => words.has(w)),
    ) ?? input.post.tags[0]
  if (tag) return tag
  const fm = input.frontmatter
  for (const key of ['topic', 'section', 'chapter', 'category', 'categories']) {
    const v = fm[key]
    if (typeof v === 'string' && v.trim()) return v.trim()
    if (Array.isArray(v) && typeof v[0] === 'string' && v[0].trim()) return v[0].trim()
  }
  return 'Key term'
}

export function priority(rank: number, total: number): 'high' | 'medium' | 'low' {
  if (rank < Math.ceil(total / 3)) return 'high'
  return rank < Math.ceil((2 * total) / 3) ? 'medium' : 'low'
}
