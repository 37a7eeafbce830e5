import type { Annotation } from '../../shared/schemas/index.js'
import type { EssayInput } from '../provider.js'
import type { EssayDoc, Sentence } from '../../text/essay-doc.js'
import { findKeyTerms, type KeyTerm } from '../../text/key-terms.js'
import type { SiteIndex } from '../../text/site-index.js'
import { clip } from '../../text/format.js'
import { addsBeyond, laterStatements, termPassage } from './term-passage.js'
import { symbolNote } from './symbol-note.js'
import { BACK_NAMING, definers, exemplifies, lower, termPattern } from './term-patterns.js'
import { definingPost } from './site-definitions.js'
import { glossaryDefinition } from './site-glossary.js'
import { usedAsNoun } from './terms/noun-use.js'
import { labelledItem } from './labelled-item.js'
import { categoryFor, priority, usage } from './note-meta.js'
import { formulaForNote, formulaText } from '../guard/formula-text.js'
import { hasTexInProse } from '../guard/tex-in-prose.js'
import { guardContext } from '../guard/guard-context.js'
import { guardAnnotations } from '../guard/guard-aids.js'
import type { MacroTable } from '../guard/tex-macros.js'

const MAX_ANNOTATIONS = 8
/** A long essay introduces more terms: one more note per this many words, up to LONG_MAX. */
const WORDS_PER_NOTE = 130
const LONG_MAX = 16
const SPARE = 16
/**
 * A term whose note weighs under this share of the essay's second best is no key term of it. At
 * 0.4 the notes of an essay's less frequent terms ("CNFs", "ordinary differential equations" in an
 * essay on flow matching) were left out, far more of them key terms than not (issue 39, measured
 * on the check halves: recall 0.38 → 0.46, precision 0.75 → 0.73 on the unseen essays).
 */
const FLOOR = 0.3
/**
 * A phrase whose first word most of the site's essays use ("test data", "training features",
 * "input positions", "model class") describes a thing in the site's common words rather than
 * naming a concept: its note weighs this share, unless the essay itself marks the phrase.
 */
const COMMON_MODIFIER = 0.5
/** The share of the site's other essays that makes a word common vocabulary. */
const COMMON_SPREAD = 0.6

/**
 * Annotations for the essay's key terms (TF-IDF against the site), each explained by what the
 * essay says beyond the sentence the term stands in: its definition elsewhere ("X is a …", "we
 * call … X") with its formula, the section its heading names, the passage where it is the
 * subject, the symbol and formula it is written as, a post of the site that explains it. Terms
 * are ranked by salience times how surely the note shows an explained term (issue 39: precise
 * before plentiful); a long essay gets up to LONG_MAX. Nothing is written that the essay does
 * not say, except the names of those other essays.
 */
export function localAnnotations(input: EssayInput, doc: EssayDoc, index: SiteIndex): Annotation[] {
  const words = doc.sentences.reduce((n, s) => n + s.prose.split(/\s+/).filter(Boolean).length, 0)
  // About one term per 20 words (a short note has few terms worth explaining), one per 150 in a long essay.
  const limit = Math.max(
    1,
    Math.min(MAX_ANNOTATIONS, Math.ceil(words / 20)),
    Math.min(LONG_MAX, Math.floor(words / WORDS_PER_NOTE)),
  )
  // A few spare terms: one with nothing to add is left out and the next takes its place. A single
  // lower-case word the essay never writes as a noun ("operate", "ensure", "definitely") is no term,
  // whatever its score: it leaves its place to the next (issue 39: verbs took term slots).
  const terms = findKeyTerms(doc, index, {
    selfId: input.post.id,
    title: input.post.title,
    plainText: input.plainText,
    limit: limit + SPARE,
    ownLimit: limit + SPARE,
  }).filter((t) => t.source === 'defined' || usedAsNoun(t.key, t.surface, t.sentences))
  const kept = Math.min(limit, terms.length)
  const macros = guardContext(input).macros
  const annotated = terms
    .map((term, rank) => {
      const made = annotate(macros, term, rank, kept, input, doc, index)
      return (
        made && {
          ...made,
          term,
          at: term.sentences[0]?.index ?? 0,
          weight:
            term.score *
            made.evidence *
            shape(term) *
            (commonModifier(term, index, input.post.id) ? COMMON_MODIFIER : 1),
        }
      )
    })
    .filter((x) => x !== null)
    // What the guard would delete gives its place to the next term, not to nothing.
    .filter((x) => guardAnnotations([x.a], input).value.length === 1)
    .sort((x, y) => y.weight - x.weight)
  // Far below the essay's best terms is no key term of it, however much room there is. The
  // second best sets the bar: the essay's subject (its title's term) stands far above every other.
  const floor = (annotated[1]?.weight ?? annotated[0]?.weight ?? 0) * FLOOR
  const weak = annotated.findIndex((x) => x.weight < floor)
  if (weak >= 0) annotated.splice(weak)
  // The essay's own terms (links, names it gives) need no room from the word count.
  const own = annotated.filter((x) => x.term.source !== undefined).length
  annotated.splice(Math.max(limit, Math.min(MAX_ANNOTATIONS, own)))
  // Nothing to add for any term: the first term still gets a note of where the essay uses it.
  if (annotated.length === 0 && terms.length > 0)
    annotated.push({
      a: usage(terms[0], input),
      evidence: 0,
      term: terms[0],
      at: terms[0].sentences[0]?.index ?? 0,
      weight: 0,
    })
  // In reading order, as a reader meets them.
  return annotated.sort((x, y) => x.at - y.at).map((x) => x.a)
}

/** A phrase the essay does not mark whose first word is the site's common vocabulary ("test data"). */
function commonModifier(term: KeyTerm, index: SiteIndex, selfId: number): boolean {
  if (term.n < 2 || term.source !== undefined) return false
  return index.spread(term.key.split(' ')[0], selfId) >= COMMON_SPREAD
}

/**
 * A single common word ("keys", "update") is rarely the term an essay explains: its phrases are.
 * A name it capitalises inside a sentence (Adam, RMSProp) or one its structure marks is kept as is.
 */
function shape(term: KeyTerm): number {
  if (term.n > 1 || term.source !== undefined) return 1
  return /^\p{Lu}/u.test(term.surface) ? 1 : 0.6
}

/**
 * What the reader does not have in the sentence they are reading: the essay's definition
 * elsewhere, with its formula; the post of the site that explains the term; the item of a list
 * that the term labels; an example from the essay; another post's sentence defining it. Null
 * when there is none of these (quoting the sentence the term stands in would only repeat it).
 */
function annotate(
  macros: MacroTable,
  term: KeyTerm,
  rank: number,
  total: number,
  input: EssayInput,
  doc: EssayDoc,
  index: SiteIndex,
): { a: Annotation; evidence: number } | null {
  const pattern = termPattern(term.key, term.short)
  // Definitions come early; the first 40 uses are enough to find one and bound the work on long essays.
  const usable = term.sentences.slice(0, 40).filter(readable)
  const pool = usable.length > 0 ? usable : term.sentences.slice(0, 40)
  const first = placement(term)
  const base = { targetText: term.surface, category: categoryFor(term, input), priority: priority(rank, total) }
  const parts: string[] = []
  let type: Annotation['type'] | null = null
  // How surely the note shows a term the essay explains (EVIDENCE), the best of what it rests on.
  let evidence = 0
  const rests = (on: keyof typeof EVIDENCE) => (evidence = Math.max(evidence, EVIDENCE[on]))

  const defining = definers(pattern)
  const definition = pool.find((s) => defining.some((d) => d.hint.test(lower(s)) && d.pattern.test(lower(s))))
  const display = definition ? doc.displays.find((d) => d.before === definition) : undefined
  if (definition && definition !== first) {
    const said = `The essay defines it: ${quote(definition, 260)}`
    // A definition the reader meets again where the term stands later: what the essay goes on to say of it adds to it.
    const more = display || addsBeyond(said, term.surface, [definition.text]) ? undefined : goesOn(doc, definition)
    parts.push(more ? `${said} ${quote(more, 240)}` : said)
    type = 'definition'
    rests('definition')
  }
  if (display) {
    // As the page typesets it, or left out: never TeX or ASCII-math (issue 39).
    const text = formulaText(display.tex, macros)
    const formula = text && text.length <= 200 ? text : null
    if (formula)
      parts.push(`Formula${display.label ? ` (${display.label})` : ''}: ${formula}${/[.!?]$/.test(formula) ? '' : '.'}`)
    if (display.after && /^where\b/i.test(display.after.text) && !pattern.test(lower(display.after)))
      parts.push(quote(display.after, 220))
    type ??= 'definition'
    rests('definition')
  }
  const post = definingPost(term, index, input.post.id)
  if (post) {
    parts.push(`Explained in “${post.title}” on this site${post.sentence ? `: ${post.sentence}` : '.'}`)
    type ??= post.defines ? 'definition' : 'connection'
    rests('post')
  }
  // A link alone says nothing the reader cannot see (the link is on the page): no note rests on it.
  const example = pool.find((s) => s !== first && s !== definition && exemplifies(lower(s), pattern))
  // An example holds the term too: it adds to a note, it is no note alone.
  if (example && parts.length > 0 && parts.length < 3) {
    parts.push(`An example from the essay: ${quote(example, 240)}`)
    type ??= 'example'
  }
  // The formula the essay writes right after a sentence using the term ("Adam's update is …").
  // A single word ("model", "gradient") in the sentence before a formula is rarely what the formula is of.
  const near =
    parts.length === 0 && term.surface.split(/[\s-]+/).length > 1
      ? doc.displays
          .filter((d) => d.before !== null && introduces(doc, d.before, term.sentences.slice(0, 40)))
          .map((d) => ({ d, text: formulaForNote(d.tex, macros) }))
          .find((x) => x.text !== null && x.text.length >= 5)
      : undefined
  if (near) {
    parts.push(`The essay's formula for it${near.d.label ? ` (${near.d.label})` : ''}: ${near.text}`)
    type = 'elaboration'
    // A formula is surely the term's when the sentence leading to it is about the term (it opens
    // or closes that sentence, or the essay marks the term); a phrase in its middle ("… has the
    // explicit form, for …:") may be any of the sentence's nouns.
    rests(term.source !== undefined || leadsWith(near.d.before!, pattern) ? 'formula' : 'nearFormula')
  }
  // The symbol the essay writes for it ("x̄ and ȳ are the sample means") and a formula using it.
  const symbol = parts.length === 0 && term.source !== undefined ? symbolNote(doc, pattern, macros) : null
  if (symbol) {
    parts.push(symbol)
    type = 'elaboration'
    rests('formula')
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
    rests('passage')
  }
  // A list item or footnote labelled with the term ("Task migration: A task can …") says what it is.
  const item = parts.length === 0 ? labelledItem(doc, pattern, term.sentences) : null
  if (item) {
    parts.push(`The essay explains it: ${item}`)
    type = 'definition'
    rests('definition')
  }
  // Named after it is described ("… Since it is such a common problem, it has a name: the X"): the sentence before says what it is.
  const described =
    parts.length === 0 && first && BACK_NAMING.test(lower(first)) ? doc.sentences[first.index - 1] : undefined
  if (
    described &&
    described.paragraph === first!.paragraph &&
    !pattern.test(lower(described)) &&
    described.text.length >= 25 &&
    !texSpelled(described.text) &&
    // A whole sentence that describes: not the tail of one a formula broke, a question, one case of
    // several ("If we are dealing with speech, …"), or a sentence that names something else itself.
    /^[\p{Lu}\p{N}"“‘(]/u.test(described.text) &&
    !/\?\s*$/.test(described.text) &&
    !/^if\b/i.test(described.text) &&
    !/\b(?:called|known\s+as|referred\s+to\s+as|termed|dubbed)\b/i.test(described.text)
  ) {
    parts.push(`What the essay names so: ${quote(described, 260)}`)
    type = 'definition'
    rests('definition')
  }
  // The essay's own passage about it: the section its heading names, or where it is the subject.
  const passage = termPassage(doc, pattern, term.sentences, first)
  // A passage is quoted only when it says what no sentence naming the term says already.
  if (
    passage &&
    addsBeyond(passage.text, term.surface, texts(doc)) &&
    // Not the definition again, under another lead.
    (parts.length === 0 || addsBeyond(passage.text, term.surface, [parts.join(' ')])) &&
    !parts.join(' ').toLowerCase().includes(passage.text.slice(0, 40).toLowerCase()) &&
    (parts.length === 0 || !addsBeyond(parts.join(' '), term.surface, texts(doc)))
  ) {
    const lead = passage.heading
      ? `Under “${passage.heading}” the essay explains:`
      : passage.continues
        ? 'The essay goes on:'
        : 'The essay explains:'
    parts.push(`${lead} ${passage.text}`)
    type = 'elaboration'
    rests('passage')
  }
  // Another post of the site defines the term: its definition, said to be from there (issue 39: a connection says why).
  const glossed = parts.length === 0 ? glossaryDefinition(index, pattern, term.key.split(' '), input.post.id) : null
  if (glossed) {
    parts.push(`“${glossed.title}” on this site defines ${term.surface}: ${glossed.sentence}`)
    type = 'connection'
    rests('connection')
  }
  // Nothing else: what the essay says of it where it comes back to it, in two other places.
  const marked = term.source === 'defined' || term.source === 'emphasised' || term.source === 'named'
  const later =
    parts.length === 0 && nounLike(term) && ownWord(term, index, input.post.id)
      ? laterStatements(doc, pattern, term.sentences, first, marked ? 1 : 2)
      : null
  if (later) {
    parts.push(`Where the essay comes back to it: ${later}`)
    type = 'elaboration'
    rests('statements')
  }
  if (parts.length === 0 || type === null) return null
  const annotation = clip(parts.join(' '), 700)
  // A note whose words are all in a sentence the reader sees beside the term adds nothing.
  // The essay's definition elsewhere is new to a reader at the first use: only that sentence must not hold the whole note.
  const own = first ? [first.text] : []
  return addsBeyond(annotation, term.surface, own) ? { a: { ...base, type, annotation }, evidence } : null
}

/**
 * How surely a note shows a term the essay explains: its own definition or a formula most, a
 * section under its name or a passage about it next, sentences that only use it or another
 * post's definition least. Ranks the notes when there are more than room for.
 */
const EVIDENCE = {
  definition: 1,
  formula: 0.9,
  post: 0.9,
  passage: 0.9,
  connection: 0.7,
  nearFormula: 0.55,
  statements: 0.5,
}

/** The term opens the sentence (within its first words) or ends it: the sentence is about it. */
function leadsWith(s: Sentence, pattern: RegExp): boolean {
  const text = lower(s)
  const m = pattern.exec(text)
  if (!m) return false
  const before = text.slice(0, m.index).trim().split(/\s+/).filter(Boolean).length
  const after = text
    .slice(m.index + m[0].length)
    .replace(/[\s:.,;]+$/, '')
    .trim()
  return before <= 3 || after.split(/\s+/).filter(Boolean).length <= 3
}

/** A single word most of the site never uses ("stiff", "codebook"): not one every essay says ("space", "distribution"). */
const OWN_WORD_SPREAD = 0.15
function ownWord(term: KeyTerm, index: SiteIndex, selfId: number): boolean {
  return term.n > 1 || /^\p{Lu}/u.test(term.surface) || index.spread(term.key, selfId) <= OWN_WORD_SPREAD
}

/**
 * A term that can be looked up as a thing: a phrase, a name, or a word not shaped like a verb,
 * adjective or adverb ("customize", "extensible", "efficiently"). Notes that only gather what the
 * essay says of a word need it to be a noun; a defined word ("stiff") is one whatever its shape.
 */
function nounLike(term: KeyTerm): boolean {
  if (term.n > 1 || /^\p{Lu}/u.test(term.surface)) return true
  // "attends" is as likely a verb as a plural: a single word counts as a noun in its bare form only.
  return !/(?:i[sz]e|ify|ible|able|ous|ful|ive|ly|ed|ing|[^s]s)$/.test(term.surface.toLowerCase())
}

/**
 * The sentence before a formula introduces the term's formula: it holds the term, or it is the
 * next sentence of its paragraph and speaks of it as "they"/"it" ("the Lotka-Volterra equations
 * describe … They can be written as:").
 */
function introduces(doc: EssayDoc, before: Sentence, uses: readonly Sentence[]): boolean {
  if (uses.includes(before)) return true
  const prior = doc.sentences[before.index - 1]
  return (
    prior !== undefined &&
    prior.paragraph === before.paragraph &&
    uses.includes(prior) &&
    /^(?:it|they|this|these|its|their)\b/i.test(before.text) &&
    before.text.length <= 80
  )
}

/**
 * The sentence the reader meets the term in: where the page highlights its target, the first
 * that writes it as the target does (exactly, else in any case, as lib/annotations.ts places
 * it). Not always the term's first use: the target is its usual form ("maximum path length"),
 * and an earlier sentence may hold another ("maximum path lengths").
 */
function placement(term: KeyTerm): Sentence | undefined {
  const body = term.surface
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+')
  const edges = (re: string) => `(?<![\\p{L}\\p{N}])${re}(?![\\p{L}\\p{N}])`
  const exact = new RegExp(edges(body), 'u')
  const anyCase = new RegExp(edges(body), 'iu')
  return (
    term.sentences.find((s) => exact.test(s.text)) ??
    term.sentences.find((s) => anyCase.test(s.text)) ??
    term.sentences[0]
  )
}

/** The next sentence of the same paragraph, when it is prose worth quoting (a long one is clipped). */
function goesOn(doc: EssayDoc, s: Sentence): Sentence | undefined {
  const next = doc.sentences[s.index + 1]
  return next &&
    next.paragraph === s.paragraph &&
    readable(next) &&
    !/\?\s*$|[`<>]/.test(next.text) &&
    !hasTexInProse(next.text)
    ? next
    : undefined
}

/** TeX the reading could not turn into text: a command name stuck to its argument ("hatvₜ", "fracvₜ1"). */
function texSpelled(text: string): boolean {
  return /\\[A-Za-z]|(?:^|[^\p{L}])(?:hat|bar|tilde|vec|frac|dfrac|mathbf|mathrm|mathcal|boldsymbol|operatorname|textrm|left|right)(?=[\p{L}\p{N}\u2080-\u209c{])/u.test(
    text,
  )
}

/** The sentence as the essay writes it; "…" where it runs on into a formula left out here. */
function quote(s: Sentence, max = 360): string {
  const text = clip(s.text, max)
  return /[.!?:。！？…]["'”’)]*$/u.test(text) ? text : `${text} …`
}

const sentenceTexts = new WeakMap<EssayDoc, string[]>()
function texts(doc: EssayDoc): string[] {
  let t = sentenceTexts.get(doc)
  if (!t) sentenceTexts.set(doc, (t = doc.sentences.map((s) => s.text)))
  return t
}

/** Sentences worth quoting: prose of some length, not mostly formula. */
function readable(s: Sentence): boolean {
  if (s.block === 'table' || s.text.length < 25) return false
  const math = s.segments.reduce((n, seg) => n + (seg.kind === 'math' ? seg.tex.length : 0), 0)
  return math < s.text.length * 0.5
}
