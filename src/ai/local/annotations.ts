import type { Annotation } from '../../shared/schemas/index.js'
import type { EssayInput } from '../provider.js'
import type { EssayDoc, Sentence } from './essay/types.js'
import { findKeyTerms, type KeyTerm } from './key-terms.js'
import type { SiteIndex } from './site-index.js'
import { clip, quoteList } from './text/format.js'

const MAX_ANNOTATIONS = 8
/** Related essays searched for a term when looking for connections. */
const RELATED_SEARCHED = 20
const EXAMPLE = /\b(?:for example|for instance|e\.g\.|such as)/

/**
 * Annotations for the essay's key terms (TF-IDF against the site), each explained by the essay's
 * own sentence: the one that defines it when there is one ("X is a …", "we call … X"), else an
 * example, a link to other essays of the site that discuss it, a fuller explanation, or its first
 * use. Nothing is written that the essay does not say, except the names of those other essays.
 */
export function localAnnotations(input: EssayInput, doc: EssayDoc, index: SiteIndex): Annotation[] {
  const words = doc.sentences.reduce((n, s) => n + s.prose.split(/\s+/).filter(Boolean).length, 0)
  // About one term per 20 words: a short note has few terms worth explaining.
  const limit = Math.max(1, Math.min(MAX_ANNOTATIONS, Math.ceil(words / 20)))
  const terms = findKeyTerms(doc, index, { selfId: input.post.id, title: input.post.title, plainText: input.plainText, limit })
  const related = index.related(index.vectorFor(input.post, input.plainText), input.post.id, RELATED_SEARCHED)
  const annotations = terms.map((term, rank) => annotate(term, rank, terms.length, input, related, index))
  // In reading order, as a reader meets them.
  return annotations
    .map((a, i) => ({ a, at: terms[i].sentences[0]?.index ?? 0 }))
    .sort((x, y) => x.at - y.at)
    .map((x) => x.a)
}

function annotate(term: KeyTerm, rank: number, total: number, input: EssayInput, related: ReturnType<SiteIndex['related']>, index: SiteIndex): Annotation {
  const pattern = termPattern(term.key)
  // Definitions come early; the first 40 uses are enough to find one and bound the work on long essays.
  const usable = term.sentences.slice(0, 40).filter(readable)
  const pool = usable.length > 0 ? usable : term.sentences.slice(0, 40)
  const base = { targetText: term.surface, category: categoryFor(term, input), priority: priority(rank, total) }

  const defining = definers(pattern)
  const definition = pool.find((s) => defining.some((d) => d.hint.test(lower(s)) && d.pattern.test(lower(s))))
  if (definition) return { ...base, type: 'definition', annotation: quote(definition) }
  const example = pool.find((s) => exemplifies(lower(s), pattern))
  if (example) return { ...base, type: 'example', annotation: quote(example) }
  const counter = new RegExp(pattern.source, 'g')
  const probe = term.key.split(' ')[0].slice(0, -1)
  const elsewhere = related.filter((p) => index.mentions(p.id, probe, counter) >= 2).slice(0, 2)
  const first = pool[0]
  const firstText = first ? quote(first, 280) : `“${term.surface}” is one of the essay's key terms.`
  if (elsewhere.length > 0) {
    return { ...base, type: 'connection', annotation: `${firstText} Also discussed in ${quoteList(elsewhere.map((p) => p.title))} on this site.` }
  }
  if (pool.length >= 3) {
    // Used throughout: the longest later sentence using it says most about it.
    const fullest = pool.slice(1).reduce((best, s) => (s.text.length > best.text.length ? s : best), pool[1])
    return { ...base, type: 'elaboration', annotation: quote(fullest) }
  }
  return { ...base, type: 'context', annotation: firstText }
}

/** The sentence as the essay writes it; "…" where it runs on into a formula left out here. */
function quote(s: Sentence, max = 360): string {
  const text = clip(s.text, max)
  return /[.!?:。！？…]["'”’)]*$/u.test(text) ? text : `${text} …`
}

/** Sentences worth quoting: prose of some length, not mostly formula. */
function readable(s: Sentence): boolean {
  if (s.block === 'table' || s.text.length < 25) return false
  const math = s.segments.reduce((n, seg) => n + (seg.kind === 'math' ? seg.tex.length : 0), 0)
  return math < s.text.length * 0.5
}

/** "such as X", "for example, X", "X, for instance": the sentence gives the term as an example, or one of it. */
function exemplifies(text: string, term: RegExp): boolean {
  if (!EXAMPLE.test(text)) return false
  const t = term.source
  return new RegExp(`(?:for example|for instance|e\\.g\\.|such as)[,:]?\\s+(?:[^.;]{0,25}?\\s)?${t}|${t}[,)]?\\s+(?:for example|for instance|e\\.g\\.|such as)`).test(text)
}

/** Lower-case text of a sentence: patterns run without the (slow) case-insensitive Unicode flag. */
const lowered = new WeakMap<Sentence, string>()
function lower(s: Sentence): string {
  let text = lowered.get(s)
  if (text === undefined) lowered.set(s, (text = s.text.toLowerCase()))
  return text
}

/**
 * The term, in lower case, in any inflection the key folds together ("model", "models";
 * "entry", "entries"). `\b` rather than Unicode-aware boundaries: those make every pattern
 * cost a millisecond to compile, and a key is nearly always ASCII (CJK keys need no boundary).
 */
function termPattern(key: string): RegExp {
  const cjk = !/^[ -~]*$/.test(key)
  const words = key.split(' ').map((w) => {
    const e = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return cjk ? e : w.endsWith('y') ? `${e.slice(0, -1)}(?:y|ies)` : `${e}(?:e?s)?`
  })
  const body = words.join('[\\s-]+')
  return new RegExp(cjk ? body : `\\b${body}\\b`)
}

const DEFINING_AFTER = String.raw`\s*(?:\([^)]{0,60}\)\s*)?(?:,[^,]{1,80},\s*)?(?:is|are|was|were)\s+(?:also\s+)?(?:(?:called|defined\s+as|known\s+as)\s+)?(?:a|an|the|one|any|some|simply|essentially|just)\b`
const DEFINING_VERB = String.raw`[^.;:]{0,40}?\b(?:means|denotes|refers\s+to|is\s+defined\s+as|stands\s+for|describes|represents|consists\s+of)\b`
const DEFINING_BEFORE = String.raw`\b(?:called|termed|named|known\s+as|referred\s+to\s+as|we\s+call|define[sd]?|definition\s+of)\s+(?:[^.;]{0,60}?\s)?(?:an?\s+|the\s+)?["“‘']?`

/**
 * "X is a …", "X denotes …", "… is called X", "we define X": patterns for a sentence that says
 * what X is, each with a quick test for its verb so most sentences skip the full pattern.
 */
function definers(term: RegExp): { hint: RegExp; pattern: RegExp }[] {
  const t = term.source
  return [
    { hint: /\b(?:is|are|was|were)\b/, pattern: new RegExp(`${t}${DEFINING_AFTER}`) },
    { hint: /\b(?:means|denotes|refers|defined|stands|describes|represents|consists)\b/, pattern: new RegExp(`${t}${DEFINING_VERB}`) },
    { hint: /\b(?:called|termed|named|known|referred|call|define|defines|defined|definition)\b/, pattern: new RegExp(`${DEFINING_BEFORE}${t}`) },
  ]
}

/** The essay's own subject: a tag sharing a word with the term, else the first tag, else its topic. */
function categoryFor(term: KeyTerm, input: EssayInput): string {
  const words = new Set(term.key.split(' '))
  const tag = input.post.tags.find((t) => t.toLowerCase().split(/\W+/).some((w) => words.has(w))) ?? input.post.tags[0]
  if (tag) return tag
  const fm = input.frontmatter
  for (const key of ['topic', 'section', 'chapter', 'category', 'categories']) {
    const v = fm[key]
    if (typeof v === 'string' && v.trim()) return v.trim()
    if (Array.isArray(v) && typeof v[0] === 'string' && v[0].trim()) return v[0].trim()
  }
  return 'Key term'
}

function priority(rank: number, total: number): 'high' | 'medium' | 'low' {
  if (rank < Math.ceil(total / 3)) return 'high'
  return rank < Math.ceil((2 * total) / 3) ? 'medium' : 'low'
}
