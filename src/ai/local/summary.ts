import type { EssayInput } from '../provider.js'
import type { EssayDoc, Sentence } from '../../text/essay-doc.js'
import { cosine, type SiteIndex, type TermVector } from '../../text/site-index.js'
import { joinReadable } from '../../text/sentences.js'
import { closeUpPunctuation } from '../../shared/punctuation-spacing.js'
import { termsOf } from '../../text/terms.js'
import { purposeStatement } from './purpose.js'
import { introAndClose } from './summary-region.js'
import { textRank } from './text-rank.js'
import { hasTexInProse } from '../guard/tex-in-prose.js'

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
  // The author's own statement of purpose comes first (issue 39): front matter, "In this post we …".
  const purpose = purposeStatement(input, doc)
  const all = unitsOf(doc, index, input.post.id)
  const section = ownSection(doc, all)
  // The author's purpose says what the essay sets out to do; its findings come from its own
  // closing section when it has one, else from the sentences most central to the essay.
  // A purpose read from the closing section itself ("In this section we introduced …") is that section's.
  const inSection = section?.some((u) => purpose?.includes(u.text) || (purpose !== null && u.text.includes(purpose)))
  if (purpose && section && !inSection)
    return joinReadable([[purpose, ...section.slice(0, OWN_MAX - 1).map((u) => tidy(u.text))].join(' ')])
  const words = doc.sentences.reduce((n, s) => n + wordCount(s), 0)
  const wanted = words < 400 ? 2 : words < 2000 ? 3 : 4
  // The purpose takes one of the places a summary of that length has; its findings the others.
  if (purpose && !section) return withLead(purpose, wanted - 1, all, doc, index, input.post.id)
  const theorem = section ? null : theoremStatement(doc, all)
  if (theorem) return theorem
  // Whole sentences first; fragments only when the essay has too few (they get "…").
  const strict = all.filter(complete)
  const pool =
    strict.length >= wanted
      ? strict
      : [...strict, ...all.filter((u) => !strict.includes(u) && u.sentences.every(usable))]
  if (pool.length === 0) return fallback(input)

  const centre = centroid(all.map((u) => u.vector))
  if (section) {
    // The essay's own summary, after the one sentence of the body most central to the essay
    // (a summary section often recaps the details and leaves the point to the introduction).
    const lead = pool
      .filter(
        (u) =>
          strict.includes(u) &&
          standsAlone(u) &&
          !section.includes(u) &&
          !section.some((c) => cosine(c.vector, u.vector) > REDUNDANT),
      )
      .map((u) => ({ u, score: cosine(u.vector, centre) + LEAD_WEIGHT * (1 - u.index / doc.sentences.length) }))
      .sort((a, b) => b.score - a.score || a.u.index - b.u.index)[0]?.u
    return render(lead ? [lead, ...section.slice(0, OWN_MAX - 1)] : section.slice(0, OWN_MAX))
  }
  // TextRank over the sentences of the introduction and the close, where authors state their point.
  const region = introAndClose(doc)
  const inRegion = pool.filter((u) => region.has(u.sentences[0].paragraph))
  const candidates = inRegion.filter((u) => strict.includes(u)).length >= wanted ? inRegion : pool
  const rank = textRank(candidates.map((u) => u.vector))
  const top = Math.max(...rank)
  const total = doc.sentences.length
  const ranked = candidates
    .map((u, i) => ({ u, score: rank[i] / top + LEAD_WEIGHT * (1 - u.index / total) }))
    .sort((a, b) => b.score - a.score || a.u.index - b.u.index)
  const chosen: Unit[] = []
  const wholeFirst = ranked.filter((r) => strict.includes(r.u)).concat(ranked.filter((r) => !strict.includes(r.u)))
  for (const { u } of wholeFirst) {
    if (chosen.length >= wanted) break
    if (chosen.some((c) => cosine(c.vector, u.vector) > REDUNDANT)) continue
    chosen.push(u)
  }
  return render(chosen.sort((a, b) => a.index - b.index))
}

/**
 * The author's statement, then the sentences of the essay most central to it that say something
 * else (a statement of purpose often names the topic and leaves its result to the text): as many
 * as a summary of the essay's length has places after the statement, those that announce a
 * result first.
 */
function withLead(
  purpose: string,
  wanted: number,
  all: Unit[],
  doc: EssayDoc,
  index: SiteIndex,
  selfId: number,
): string {
  const own = vectorOf([{ prose: purpose } as Sentence], index, selfId)
  const fit = all.filter(
    (u) => complete(u) && standsAlone(u) && !purpose.includes(u.text) && cosine(u.vector, own) <= REDUNDANT,
  )
  const centre = centroid(all.map((u) => u.vector))
  const ranked = fit
    .map((u) => ({
      u,
      score:
        cosine(u.vector, centre) +
        LEAD_WEIGHT * (1 - u.index / doc.sentences.length) +
        (FINDING.test(u.text) ? FINDING_WEIGHT : 0),
    }))
    .sort((a, b) => b.score - a.score || a.u.index - b.u.index)
  const chosen: Unit[] = []
  for (const { u } of ranked) {
    if (chosen.length >= wanted) break
    if (!chosen.some((c) => cosine(c.vector, u.vector) > REDUNDANT)) chosen.push(u)
  }
  return joinReadable([[purpose, ...chosen.sort((a, b) => a.index - b.index).map((u) => tidy(u.text))].join(' ')])
}

/**
 * How authors announce a result ("We find that …", "the authors show that …", "To conclude, …",
 * "The key insight is …"): such a sentence states a finding rather than a step towards one.
 */
const FINDING =
  /\b(?:(?:we|they|authors?|results?|experiments?|findings?|analysis|study)\s+(?:\w+\s+)?(?:shows?|showed|shown|finds?|found|observes?|observed|demonstrates?|demonstrated|concludes?|concluded|confirms?|confirmed|suggests?|suggested|indicates?|indicated|reveals?|revealed|proves?|proved)\s+that|to\s+conclude|in\s+conclusion|in\s+summary|to\s+summari[sz]e|to\s+sum\s+up|(?:key|main|central)\s+(?:insight|finding|result|observation|takeaway|message)s?)\b/i
/** The weight of announcing a result, against a sentence's centrality (a cosine, at most 1). */
const FINDING_WEIGHT = 0.15

/** A sentence a reader understands out of its paragraph, that says something of the subject. */
const standsAlone = (u: Unit): boolean => !ANAPHORIC.test(u.text) && !LEANS_BACK.test(u.text) && !ROADMAP.test(u.text)

/**
 * A sentence that leans on the one before it ("In this region, the convergence only depends on
 * …", "It is …"): taken out of its paragraph, the reader cannot tell what it speaks of.
 */
const ANAPHORIC =
  /^(?:in\s+(?:this|that|these|those|such)\b|(?:this|these|that|those|it|its|they|their|here|such|the\s+(?:latter|former|same))\b)/i

/**
 * A sentence that names what it speaks of by pointing back within its first words ("By using it,
 * this limitation has been overcome", "Especially for the latter two, …"); the essay itself
 * ("this post") is no such pointer.
 */
const LEANS_BACK =
  /^(?:\S+\s+){0,5}?(?:this|these|those|the\s+(?:latter|later|former|above|previous))\s+(?!(?:post|blog|article|essay|chapter|paper|work|section|tutorial|note|piece)\b)\w+/i

/**
 * The narrator steering the reading ("Before jumping into …, let's look at", "In the following
 * sections …", "I will refer to these as …", "the results are presented", "is the following
 * result"): it says where the essay goes, not what it finds.
 */
const ROADMAP =
  /\b(?:let['’]s|let\s+us|(?:we|i)\s+will|we['’]ll|i['’]ll|(?:in|over)\s+the\s+(?:following|next|coming)\b|before\s+(?:jumping|diving|going|we)\b|throughout\s+(?:this|the)\b|the\s+following\b|as\s+follows\b|(?:is|are|will\s+be)\s+(?:then\s+)?(?:presented|discussed|explained|introduced|described|elaborated|outlined|reviewed)\b)/i

/** Units as one text: "…" after one that runs on into a formula, citation leftovers tidied. */
function render(units: Unit[]): string {
  const texts = units.map((u) => tidy(u.text)).map((t) => (/[.!?。！？…]["'”’)]*$/u.test(t) ? t : `${t} …`))
  return joinReadable([texts.join(' ')])
}

/** What removing a citation leaves: "( )", "(; )", a space before a comma or full stop. */
export function tidy(text: string): string {
  return closeUpPunctuation(text.replace(/\s*\((?:\s|[;,])*\)/g, '').replace(/\[(?:\s|[;,])*\]/g, ''))
    .replace(/([,;])(?=[.!?])/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

/** Headings of the essay's own summary: its Summary, Conclusion, Abstract or TL;DR section. */
const SUMMARY_HEADING =
  /^(?:[\d.]+\s*)?(?:summary|summary and (?:discussion|outlook)|conclusions?|concluding remarks|in conclusion|abstract|tl;?\s?dr|takeaways?|key takeaways|wrap(?:ping)?[- ]up|总结|小结|结论|结语|摘要|概要)\s*[:.：]?$/iu
const SUMMARY_LEAD = /^(?:summary|abstract|tl;?\s?dr|in short|conclusion)\b/i
/** The most sentences taken from an essay's own summary section. */
const OWN_MAX = 6

/** The essay's own summary: the prose of its Summary/Conclusion/Abstract/TL;DR section or lead-in paragraph. */
function ownSection(doc: EssayDoc, units: Unit[]): Unit[] | null {
  const paragraphs = new Set(
    doc.paragraphs
      .filter(
        (p) =>
          (p.heading !== null && SUMMARY_HEADING.test(p.heading.trim())) ||
          (p.lead !== null && SUMMARY_LEAD.test(p.lead.trim())),
      )
      .map((p) => p.index),
  )
  if (paragraphs.size === 0) return null
  const inside = units.filter(
    (u) =>
      paragraphs.has(u.sentences[0].paragraph) &&
      PROSE_BLOCKS.has(u.sentences[0].block) &&
      u.sentences.every(usable) &&
      !texLeft(u.text),
  )
  if (inside.length === 0) return null
  // A closing section also thanks, hopes and points ahead; its findings are the rest.
  const findings = inside.filter(
    (u) => !AFTERWORD.test(u.text) && !TO_THE_READER.test(u.text) && !/\?["'”’)]*$/u.test(u.text),
  )
  return findings.length > 0 ? findings : inside
}

/** What a closing section says besides its findings: hopes, thanks, future work, the narrator steering. */
const AFTERWORD =
  /\b(?:(?:we|i)(?:\s+|['’]d\s+)(?:hope|wish|thank|(?:would\s+)?like\s+to\s+thank|would\s+like\s+to\s+(?!announce)|look\s+forward)|thanks\s+to\s+(?:all|everyone|everybody)|future\s+(?:work|research|directions?)|acknowledg|(?:we|i)\s+(?:will|plan\s+to)|let['’]s|let\s+us)\b/i

const THEOREM_LEAD = /^(?:theorem|proposition|lemma|corollary|定理|命题|引理)\b/iu

/** A theorem's statement, when the essay states one: its paragraphs up to the proof (or the next lead-in). */
function theoremStatement(doc: EssayDoc, units: Unit[]): string | null {
  const start = doc.paragraphs.find((p) => p.lead !== null && THEOREM_LEAD.test(p.lead.trim()))
  if (!start) return null
  const paragraphs = new Set<number>()
  for (const p of doc.paragraphs.slice(doc.paragraphs.indexOf(start))) {
    if (p !== start && (p.lead !== null || p.heading !== start.heading)) break
    paragraphs.add(p.index)
  }
  const inside = units.filter(
    (u) => paragraphs.has(u.sentences[0].paragraph) && u.sentences.some((s) => wordCount(s) >= 3),
  )
  if (inside.length === 0) return null
  return render(inside).replace(/^(?:theorem|proposition|lemma|corollary)\s*[:.]\s*/i, '')
}

/** TeX spelled out rather than read: a command name stuck to a letter ("hatvₜ", "mathbf x"). */
function texLeft(text: string): boolean {
  return /\\[A-Za-z]|\b(?:hat|bar|tilde|vec|mathbf|mathrm|mathcal|boldsymbol|operatorname|frac|textrm|mathit)(?:[A-Za-z\u2080-\u209c]|\s+[A-Za-z]\b)/u.test(
    text,
  )
}

/** Sentences in order, those a display formula splits ("…is given by [formula] where x is…") joined. */
function unitsOf(doc: EssayDoc, index: SiteIndex, selfId: number): Unit[] {
  const continues = new Map<Sentence, Sentence>()
  for (const d of doc.displays) {
    if (d.before && d.after && !/[.!?。！？]["'”’)]*$/u.test(d.before.text) && /^\p{Ll}/u.test(d.after.text))
      continues.set(d.before, d.after)
  }
  const units: Unit[] = []
  for (let i = 0; i < doc.sentences.length;) {
    const group = [doc.sentences[i]]
    for (let next = continues.get(group[0]); next && group.length < 4; next = continues.get(next)) group.push(next)
    units.push({
      sentences: group,
      text: group.map((s) => s.text).join(' … '),
      index: group[0].index,
      vector: vectorOf(group, index, selfId),
    })
    i = group[group.length - 1].index + 1
  }
  return units
}

const wordCount = (s: Sentence): number => s.prose.split(/\s+/).filter(Boolean).length

/** A sentence that points at a figure ("The next figure displays …", "Figure 3 shows …", "this plot"). */
const FIGURE_POINTER =
  /\b(?:above|below|next|following|previous)\s+(?:figures?|plots?|graphs?|charts?|diagrams?|images?|tables?|animations?|visuali[sz]ations?)\b|\b(?:this|the)\s+(?:figure|plot|graph|chart|diagram|animation|visuali[sz]ation)\s+(?:below|above)\b|\b(?:this|the)\s+(?:figure|plot|graph|animation|visuali[sz]ation)\b|\b(?:fig(?:ure)?\.?|table)\s*\d+\s+(?:shows?|displays?|illustrates?|depicts?|plots?)\b/i

/** Words addressed to the reader, or about the narrator rather than the subject. */
const TO_THE_READER = /\b(?:you|your|yours|yourself|you['’](?:re|ve|ll|d)|me|my|myself)\b/i

/** A whole sentence of prose: starts like one, ends like one, is not mostly formula or code. */
function complete(u: Unit): boolean {
  if (!PROSE_BLOCKS.has(u.sentences[0].block) || !u.sentences.every(usable)) return false
  const n = u.sentences.reduce((sum, s) => sum + wordCount(s), 0)
  if (n < 6 || n > 100) return false
  return (
    !texLeft(u.text) &&
    // What the guard would drop from the summary (ASCII-math, a command's name) never takes a place in it.
    !hasTexInProse(u.text) &&
    // "The next figure displays …": a sentence about a figure says nothing without it.
    !FIGURE_POINTER.test(u.text) &&
    // "If you are, like me, confused by …, keep on reading": the narrator talking to the reader, no point of the essay.
    !TO_THE_READER.test(u.text) &&
    // Thanks, hopes and plans are the author's afterword, not what the essay says.
    !AFTERWORD.test(u.text) &&
    /^["“‘(]?[\p{Lu}\p{N}\p{Script=Han}]/u.test(u.text) &&
    // A question asks what the essay goes on to answer.
    /[.!。！]["'”’)]*$/u.test(u.text) &&
    !/https?:\/\//.test(u.text)
  )
}

function usable(s: Sentence): boolean {
  let formal = 0
  for (const seg of s.segments)
    if (seg.kind === 'math' || seg.kind === 'code') formal += seg.kind === 'math' ? seg.tex.length : seg.text.length
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
