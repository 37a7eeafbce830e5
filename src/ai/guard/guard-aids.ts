import type { Annotation, MathematicalModel } from '../../shared/schemas/index.js'
import type { EssayInput } from '../provider.js'
import { guardContext } from './guard-context.js'
import { selfNamed } from './self-named.js'
import { targetFault } from './target-check.js'
import { hasTexInProse } from './tex-in-prose.js'

/**
 * The one guard every reading aid passes before it is stored, whichever provider made it
 * (issue 39: "precise before plentiful, never junk"). It drops what a careful editor would
 * delete and never adds anything: an aid it cannot clean is left out, and counted.
 */
export interface Guarded<T> {
  value: T
  dropped: number
}

/** Sentences of an aid's text (after . ! ? or …, before a capital, a quote or a bracket). */
const parts = (text: string) => text.split(/(?<=[.!?…]["'”’)]*)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)

/** An aid's text without the sentences that show TeX or a bare address; '' when none is left. */
export function cleanProse(text: string): string {
  return parts(text)
    .filter((p) => !hasTexInProse(p) && !/(?:https?:\/\/|www\.)\S+|\blinks? it to \/\S+/i.test(p))
    .join(' ')
    .trim()
}

const words = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

export function guardAnnotations(list: readonly Annotation[], input: EssayInput): Guarded<Annotation[]> {
  const ctx = guardContext(input)
  const seen = new Set<string>()
  const value: Annotation[] = []
  for (const a of list) {
    const key = words(a.targetText)
    if (seen.has(key) || targetFault(a.targetText, ctx) !== null) continue
    const annotation = cleanProse(a.annotation)
    // What is left must say something beyond the term itself (a note of three words or more).
    if (
      words(annotation)
        .replace(key, '')
        .trim()
        .split(' ')
        .filter((w) => w.length > 2).length < 3
    )
      continue
    // A link's label written as an address or a label key ("bahdanau-attention") is no phrase.
    if (
      ctx.linkTexts.has(a.targetText.trim().toLowerCase()) &&
      /^[\p{Ll}\d]+(?:[-_:.][\p{Ll}\d]+)+$/u.test(a.targetText.trim())
    )
      continue
    // A link text alone is no term: the note must rest on more than the link it stands in.
    if (ctx.linkTexts.has(a.targetText.trim().toLowerCase()) && /\blinks? it\b/i.test(annotation)) continue
    // A connection says why: the shared term it rests on, named in its text.
    if (a.type === 'connection' && !` ${words(annotation)} `.includes(` ${key} `)) continue
    seen.add(key)
    value.push({ ...a, annotation })
  }
  return { value, dropped: list.length - value.length }
}

/**
 * Symbols named by their own glyph lose the name (the panel says the essay does not name them);
 * names, descriptions, equation notes and applications that would show TeX are left out.
 */
export function guardModel(model: MathematicalModel): Guarded<MathematicalModel> {
  let dropped = 0
  const variables = model.variables.map((v) => {
    const description = cleanProse(v.description)
    const unnamed = v.name.trim() === '' || selfNamed(v.symbol, v.name) || hasTexInProse(v.name)
    if (unnamed && v.name.trim() !== '') dropped++
    return {
      ...v,
      name: unnamed ? '' : v.name,
      description:
        unnamed && !/\bnot? name/i.test(description)
          ? joinNote(description, 'The essay does not name it.')
          : description,
    }
  })
  const equations = model.equations.map((e) => ({
    ...e,
    name: hasTexInProse(e.name) ? '' : e.name,
    description: cleanProse(e.description),
  }))
  const practicalApplications = model.practicalApplications.filter((p) => !hasTexInProse(p))
  dropped += model.practicalApplications.length - practicalApplications.length
  return {
    value: { ...model, abstract: cleanProse(model.abstract), variables, equations, practicalApplications },
    dropped,
  }
}

/** A summary without sentences that would show TeX; the essay's excerpt or a plain note when none is left. */
export function guardSummary(summary: string, input: EssayInput): Guarded<string> {
  const clean = cleanProse(summary)
  if (clean !== '') return { value: clean, dropped: clean === summary.trim() ? 0 : 1 }
  const excerpt = cleanProse(input.post.excerpt)
  return {
    value: excerpt || `“${input.post.title}” states its point in formulas; read the essay for it.`,
    dropped: 1,
  }
}

const joinNote = (text: string, note: string) => (text ? `${text.replace(/[.\s]*$/, '.')} ${note}` : note)
