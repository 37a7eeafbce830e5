import type { Annotation } from '../../shared/schemas/index.js'
import type { EssayInput } from '../provider.js'
import type { EssayDoc, Sentence } from '../../text/essay-doc.js'
import { findKeyTerms, type KeyTerm } from '../../text/key-terms.js'
import type { SiteIndex } from '../../text/site-index.js'
import { clip, quoteList } from '../../text/format.js'
import { formulaText } from '../guard/formula-text.js'
import { hasTexInProse } from '../guard/tex-in-prose.js'
import { guardContext } from '../guard/guard-context.js'
import type { MacroTable } from '../guard/tex-macros.js'

const MAX_ANNOTATIONS = 8
const SPARE = 4
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
  // A few spare terms: one with nothing to add is left out and the next takes its place.
  const terms = findKeyTerms(doc, index, {
    selfId: input.post.id,
    title: input.post.title,
    plainText: input.plainText,
    limit: limit + SPARE,
    ownLimit: MAX_ANNOTATIONS + SPARE,
  })
  const related = index.related(index.vectorFor(input.post, input.plainText), input.post.id, RELATED_SEARCHED)
  const kept = Math.min(limit, terms.length)
  const annotated = terms
    .map((term, rank) => ({
      a: annotate(guardContext(input).macros, term, rank, kept, input, doc, related, index),
      at: term.sentences[0]?.index ?? 0,
    }))
    .filter((x): x is { a: Annotation; at: number } => x.a !== null)
  // The essay's own terms (links, names it gives) need no room from the word count; they come first.
  const own = terms.filter(
    (t, i) => t.source !== undefined && annotated.some((x) => x.a.targetText === terms[i].surface),
  ).length
  annotated.splice(Math.max(limit, Math.min(MAX_ANNOTATIONS, own)))
  // Nothing to add for any term: the first term still gets a note of where the essay uses it.
  if (annotated.length === 0 && terms.length > 0)
    annotated.push({ a: usage(terms[0], input), at: terms[0].sentences[0]?.index ?? 0 })
  // In reading order, as a reader meets them.
  return annotated.sort((x, y) => x.at - y.at).map((x) => x.a)
}

/**
 * What the reader does not have in the sentence they are reading: the essay's definition
 * elsewhere, with its formula; the post of the site that explains the term; the page the essay
 * links it to; an example from the essay; other posts that discuss it. Null when there is none
 * of these (quoting the sentence the term stands in would only repeat it).
 */
function annotate(
  macros: MacroTable,
  term: KeyTerm,
  rank: number,
  total: number,
  input: EssayInput,
  doc: EssayDoc,
  related: ReturnType<SiteIndex['related']>,
  index: SiteIndex,
): Annotation | null {
  const pattern = termPattern(term.key)
  // Definitions come early; the first 40 uses are enough to find one and bound the work on long essays.
  const usable = term.sentences.slice(0, 40).filter(readable)
  const pool = usable.length > 0 ? usable : term.sentences.slice(0, 40)
  const first = term.sentences[0]
  const base = { targetText: term.surface, category: categoryFor(term, input), priority: priority(rank, total) }
  const parts: string[] = []
  let type: Annotation['type'] | null = null

  const defining = definers(pattern)
  const definition = pool.find((s) => defining.some((d) => d.hint.test(lower(s)) && d.pattern.test(lower(s))))
  if (definition && definition !== first) {
    parts.push(`The essay defines it: ${quote(definition, 260)}`)
    type = 'definition'
  }
  const display = definition ? doc.displays.find((d) => d.before === definition) : undefined
  if (display) {
    // As the page typesets it, or left out: never TeX or ASCII-math (issue 39).
    const text = formulaText(display.tex, macros)
    const formula = text && text.length <= 200 ? text : null
    if (formula)
      parts.push(`Formula${display.label ? ` (${display.label})` : ''}: ${formula}${/[.!?]$/.test(formula) ? '' : '.'}`)
    if (display.after && /^where\b/i.test(display.after.text) && !pattern.test(lower(display.after)))
      parts.push(quote(display.after, 220))
    type ??= 'definition'
  }
  const post = definingPost(term, index, input.post.id)
  if (post) {
    parts.push(`Explained in “${post.title}” on this site${post.sentence ? `: ${post.sentence}` : '.'}`)
    type ??= post.defines ? 'definition' : 'connection'
  }
  // A link alone says nothing the reader cannot see (the link is on the page): no note rests on it.
  const example = pool.find((s) => s !== first && s !== definition && exemplifies(lower(s), pattern))
  // An example holds the term too: it adds to a note, it is no note alone.
  if (example && parts.length > 0 && parts.length < 3) {
    parts.push(`An example from the essay: ${quote(example, 240)}`)
    type ??= 'example'
  }
  // The formula the essay writes right after a sentence using the term ("Adam's update is …").
  const near =
    parts.length === 0
      ? doc.displays
          .filter((d) => d.before !== null && term.sentences.slice(0, 40).includes(d.before))
          .map((d) => ({ d, text: formulaText(d.tex, macros) }))
          .find((x) => x.text !== null && x.text.length >= 5 && x.text.length <= 200)
      : undefined
  if (near) {
    parts.push(`The essay's formula for it${near.d.label ? ` (${near.d.label})` : ''}: ${near.text}`)
    type = 'elaboration'
  }
  // Defined where first used: the next sentence, when it goes on about it ("It …", "This …"), says more.
  const next = parts.length === 0 && definition === first && first ? doc.sentences[first.index + 1] : undefined
  if (
    next &&
    next.paragraph === first!.paragraph &&
    /^(?:it|this|these|they|such|its|their|that|the latter)\b/i.test(next.text) &&
    !pattern.test(lower(next)) &&
    readable(next)
  ) {
    parts.push(`The essay goes on: ${quote(next, 260)}`)
    type = 'elaboration'
  }
  // Named after it is described ("… Since it is such a common problem, it has a name: the X"): the sentence before says what it is.
  const described =
    parts.length === 0 && first && BACK_NAMING.test(lower(first)) ? doc.sentences[first.index - 1] : undefined
  if (
    described &&
    described.paragraph === first!.paragraph &&
    !pattern.test(lower(described)) &&
    described.text.length >= 25 &&
    !texSpelled(described.text)
  ) {
    parts.push(`What the essay names so: ${quote(described, 260)}`)
    type = 'definition'
  }
  if (parts.length === 0 && pattern.source.length > 4) {
    const counter = new RegExp(pattern.source, 'g')
    const probe = term.key.split(' ')[0].slice(0, -1)
    // A connection says why (issue 39): the other post defines the same term, and its definition is quoted.
    const defs = definers(pattern)
    const shared = related
      .filter((p) => index.mentions(p.id, probe, counter) >= 2)
      .map((p) => ({ p, sentence: definingSentence(index, p.id, pattern, defs) }))
      .find((x) => x.sentence !== null)
    if (shared) {
      parts.push(`“${shared.p.title}” on this site defines ${term.surface} too: ${shared.sentence}`)
      type = 'connection'
    }
  }
  if (parts.length === 0 || type === null) return null
  return { ...base, type, annotation: clip(parts.join(' '), 700) }
}

/** The sentence of another post that defines the term (one the guard would keep), or null. */
function definingSentence(
  index: SiteIndex,
  postId: number,
  pattern: RegExp,
  defs: { hint: RegExp; pattern: RegExp }[],
): string | null {
  const post = index.site.posts.find((p) => p.id === postId)
  if (!post) return null
  const found = post.plainText
    .split(/(?<=[.!?])\s+|\n+/)
    .map((x) => x.trim())
    .find(
      (x) =>
        x.length >= 25 &&
        x.length <= 300 &&
        pattern.test(x.toLowerCase()) &&
        defs.some((d) => d.hint.test(x.toLowerCase()) && d.pattern.test(x.toLowerCase())) &&
        !hasTexInProse(x),
    )
  return found ?? null
}

/** TeX the reading could not turn into text: a command name stuck to its argument ("hatvₜ", "fracvₜ1"). */
function texSpelled(text: string): boolean {
  return /\\[A-Za-z]|(?:^|[^\p{L}])(?:hat|bar|tilde|vec|frac|dfrac|mathbf|mathrm|mathcal|boldsymbol|operatorname|textrm|left|right)(?=[\p{L}\p{N}\u2080-\u209c{])/u.test(
    text,
  )
}

/** Where the essay uses a term: how often and under which headings, which its sentence does not say. */
function usage(term: KeyTerm, input: EssayInput): Annotation {
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

/**
 * The post of the site that explains the term: the one the essay links it to, else one whose
 * title is the term (or holds it), with its sentence defining the term when it has one.
 */
function definingPost(
  term: KeyTerm,
  index: SiteIndex,
  selfId: number,
): { title: string; sentence: string | null; defines: boolean } | null {
  const posts = index.site.posts.filter((p) => p.id !== selfId)
  const slug = term.url
    ?.replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .replace(/\.(?:md|html?)$/, '')
    .split('/')
    .pop()
  const norm = (t: string) =>
    ` ${t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()} `
  const want = norm(term.surface)
  const byLink =
    slug && term.url && !/^https?:/.test(term.url)
      ? posts.find((p) => p.slug === slug || p.slug.endsWith(`-${slug}`))
      : undefined
  const byTitle = posts.filter((p) => norm(p.title).includes(want)).sort((a, b) => a.title.length - b.title.length)[0]
  const post =
    byLink ??
    (byTitle && norm(byTitle.title).trim().split(' ').length <= want.trim().split(' ').length + 3 ? byTitle : undefined)
  if (!post) return null
  const pattern = termPattern(term.key)
  const sentences = post.plainText
    .split(/(?<=[.!?])\s+|\n+/)
    .map((x) => x.trim())
    .filter((x) => x.length >= 25 && x.length <= 400)
  const uses = sentences.filter((x) => pattern.test(x.toLowerCase()))
  const defs = definers(pattern)
  const defining = uses.find((x) => defs.some((d) => d.pattern.test(x.toLowerCase())))
  const sentence = defining ?? uses[0] ?? null
  return { title: post.title, sentence: sentence ? clip(sentence, 240) : null, defines: defining !== undefined }
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
  return new RegExp(
    `(?:for example|for instance|e\\.g\\.|such as)[,:]?\\s+(?:[^.;]{0,25}?\\s)?${t}|${t}[,)]?\\s+(?:for example|for instance|e\\.g\\.|such as)`,
  ).test(text)
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

/** A name given to what the sentence before described: "…, it has a name:", "This is called", "Such a … is known as" (a clause's subject, not "that are known as"). */
const BACK_NAMING =
  /(?:^|[,;:]\s*|\b(?:and|so|hence|thus)\s+)(?:it|this|these|they|such\s+(?:an?\s+)?\w+)\s+(?:(?:also\s+)?(?:has|have|goes\s+by)\s+(?:a|the)\s+name|(?:is|are)\s+(?:often\s+|usually\s+|also\s+)?(?:called|known\s+as|referred\s+to\s+as|termed|dubbed))\b/

const DEFINING_AFTER = String.raw`\s*(?:\([^)]{0,60}\)\s*)?(?:,[^,]{1,80},\s*)?(?:is|are|was|were)\s+(?:also\s+)?(?:(?:called|defined\s+as|known\s+as)\s+)?(?:a|an|the|one|any|some|simply|essentially|just)\b`
const DEFINING_VERB = String.raw`[^.;:]{0,40}?\b(?:means|denotes|refers\s+to|is\s+defined\s+as|stands\s+for|describes|represents|consists\s+of)\b`
const DEFINING_BEFORE = String.raw`\b(?:(?:called|termed|named|known\s+as|referred\s+to\s+as)\s+|(?:we\s+call|define[sd]?|definition\s+of)\s+(?:[^.;]{0,60}?\s)?)(?:an?\s+|the\s+)?["“‘']?`

/**
 * "X is a …", "X denotes …", "… is called X", "we define X": patterns for a sentence that says
 * what X is, each with a quick test for its verb so most sentences skip the full pattern.
 */
function definers(term: RegExp): { hint: RegExp; pattern: RegExp }[] {
  const t = term.source
  return [
    { hint: /\b(?:is|are|was|were)\b/, pattern: new RegExp(`${t}${DEFINING_AFTER}`) },
    {
      hint: /\b(?:means|denotes|refers|defined|stands|describes|represents|consists)\b/,
      pattern: new RegExp(`${t}${DEFINING_VERB}`),
    },
    {
      hint: /\b(?:called|termed|named|known|referred|call|define|defines|defined|definition)\b/,
      pattern: new RegExp(`${DEFINING_BEFORE}${t}`),
    },
  ]
}

/** The essay's own subject: a tag sharing a word with the term, else the first tag, else its topic. */
function categoryFor(term: KeyTerm, input: EssayInput): string {
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

function priority(rank: number, total: number): 'high' | 'medium' | 'low' {
  if (rank < Math.ceil(total / 3)) return 'high'
  return rank < Math.ceil((2 * total) / 3) ? 'medium' : 'low'
}
