import type { EssayInput } from '../provider.js'
import type { EssayDoc, Sentence } from './essay/types.js'
import { cosine, type SiteIndex, type TermVector } from './site-index.js'
import { joinReadable } from './essay/sentences.js'
import { termsOf } from './text/terms.js'

/** Two chosen sentences more alike than this say the same thing; the second is skipped. */
const REDUNDANT = 0.5
/** Weight of position: essays tend to state their point early. */
const LEAD_WEIGHT = 0.15
const PROSE_BLOCKS = new Set(['paragraph', 'item', 'quote'])

/** A sentence, or one that a display formula interrupts, read as one with "…" where the formula stood. */
interface Unit {
  sentences: Sentence[]
  text: string
  index: number
  vector: TermVector
}

/**
 * An extractive summary: the essay's own sentences that are most central to it (cosine of each
 * sentence's TF-IDF vector with the whole essay's), with a little weight for coming early and
 * none for repeating a chosen one; 2 sentences for a short essay, 3 or 4 for longer ones, in
 * the essay's order. Fragments around formulas, code-only and formula-only sentences are left out.
 */
export function localSummary(input: EssayInput, doc: EssayDoc, index: SiteIndex): string {
  const all = unitsOf(doc, index, input.post.id)
  const words = doc.sentences.reduce((n, s) => n + wordCount(s), 0)
  const wanted = words < 400 ? 2 : words < 2000 ? 3 : 4
  // Whole sentences first; fragments only when the essay has too few (they get "…").
  const strict = all.filter(complete)
  const pool = strict.length >= wanted ? strict : [...strict, ...all.filter((u) => !strict.includes(u) && u.sentences.every(usable))]
  if (pool.length === 0) return fallback(input)

  const centre = centroid(all.map((u) => u.vector))
  const total = doc.sentences.length
  const ranked = pool
    .map((u) => ({ u, score: cosine(u.vector, centre) + LEAD_WEIGHT * (1 - u.index / total) }))
    .sort((a, b) => b.score - a.score || a.u.index - b.u.index)
  const chosen: Unit[] = []
  const wholeFirst = ranked.filter((r) => strict.includes(r.u)).concat(ranked.filter((r) => !strict.includes(r.u)))
  for (const { u } of wholeFirst) {
    if (chosen.length >= wanted) break
    if (chosen.some((c) => cosine(c.vector, u.vector) > REDUNDANT)) continue
    chosen.push(u)
  }
  const texts = chosen.sort((a, b) => a.index - b.index).map((u) => (/[.!?。！？…]["'”’)]*$/u.test(u.text) ? u.text : `${u.text} …`))
  return joinReadable([texts.join(' ')])
}

/** Sentences in order, those a display formula splits ("…is given by [formula] where x is…") joined. */
function unitsOf(doc: EssayDoc, index: SiteIndex, selfId: number): Unit[] {
  const continues = new Map<Sentence, Sentence>()
  for (const d of doc.displays) {
    if (d.before && d.after && !/[.!?。！？]["'”’)]*$/u.test(d.before.text) && /^\p{Ll}/u.test(d.after.text)) continues.set(d.before, d.after)
  }
  const units: Unit[] = []
  for (let i = 0; i < doc.sentences.length; ) {
    const group = [doc.sentences[i]]
    for (let next = continues.get(group[0]); next && group.length < 4; next = continues.get(next)) group.push(next)
    units.push({ sentences: group, text: group.map((s) => s.text).join(' … '), index: group[0].index, vector: vectorOf(group, index, selfId) })
    i = group[group.length - 1].index + 1
  }
  return units
}

const wordCount = (s: Sentence): number => s.prose.split(/\s+/).filter(Boolean).length

/** A whole sentence of prose: starts like one, ends like one, is not mostly formula or code. */
function complete(u: Unit): boolean {
  if (!PROSE_BLOCKS.has(u.sentences[0].block) || !u.sentences.every(usable)) return false
  const n = u.sentences.reduce((sum, s) => sum + wordCount(s), 0)
  if (n < 6 || n > 100) return false
  return /^["“‘(]?[\p{Lu}\p{N}\p{Script=Han}]/u.test(u.text) && /[.!?。！？]["'”’)]*$/u.test(u.text) && !/https?:\/\//.test(u.text)
}

function usable(s: Sentence): boolean {
  let formal = 0
  for (const seg of s.segments) if (seg.kind === 'math' || seg.kind === 'code') formal += seg.kind === 'math' ? seg.tex.length : seg.text.length
  return wordCount(s) >= 3 && formal < s.text.length * 0.3
}

function vectorOf(sentences: Sentence[], index: SiteIndex, selfId: number): TermVector {
  const counts = new Map<string, number>()
  for (const s of sentences) for (const t of termsOf(s.prose)) counts.set(t.key, (counts.get(t.key) ?? 0) + 1)
  const v = new Map<string, number>()
  let norm = 0
  for (const [k, tf] of counts) {
    const w = (1 + Math.log(tf)) * index.idf(k, selfId)
    v.set(k, w)
    norm += w * w
  }
  norm = Math.sqrt(norm) || 1
  for (const [k, w] of v) v.set(k, w / norm)
  return v
}

function centroid(vectors: TermVector[]): TermVector {
  const sum = new Map<string, number>()
  for (const v of vectors) for (const [k, w] of v) sum.set(k, (sum.get(k) ?? 0) + w)
  const norm = Math.sqrt([...sum.values()].reduce((s, w) => s + w * w, 0)) || 1
  for (const [k, w] of sum) sum.set(k, w / norm)
  return sum
}

/** An essay without prose sentences: its own excerpt, or a plain statement of that. */
function fallback(input: EssayInput): string {
  const excerpt = input.post.excerpt.trim()
  return excerpt || `“${input.post.title}” has no prose to summarise: it consists of code, formulas or links only.`
}
