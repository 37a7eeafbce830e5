import type { EssayDoc, Sentence } from './essay-doc.js'
import type { SiteIndex } from './site-index.js'
import { abbreviations } from './abbreviations.js'
import { structuralTerms, termPhrase, type TermSource } from './defined-terms.js'
import { normaliseForMatch } from './readable.js'
import { normaliseWord } from './stem.js'
import { termsOf } from './terms.js'

export interface KeyTerm {
  key: string
  n: 1 | 2 | 3
  /** The words as the essay's prose first writes them: the text a reader sees highlighted. */
  surface: string
  score: number
  /** Sentences using the term, in their order (link text included). */
  sentences: Sentence[]
  /** Set when the essay's own structure marks it as a term: a link text, a name it gives. */
  source?: TermSource
  /** The page the essay links the term to. */
  url?: string
  /** The short form the essay introduces for it and uses after ("MLM"). */
  short?: string
}

interface Tally {
  n: 1 | 2 | 3
  tf: number
  sentences: Sentence[]
  /** Occurrences outside links, code and formulas, as written. */
  surfaces: string[]
  /** The prose just before and after each occurrence (same line), to tell a fragment of a longer phrase. */
  around: { before: string; after: string }[]
}

export interface KeyTermOptions {
  selfId: number
  title: string
  /** What the reader's page shows as text; a target must occur in it (whitespace aside). */
  plainText: string
  limit: number
  /** How many of the essay's own terms (links, names it gives) may be taken; `limit` when not set. */
  ownLimit?: number
}

/** Several words name a concept more precisely than one ("gradient descent" over "gradient"). */
const PHRASE_WEIGHT = [1, 1, 1.5, 1.8]
/** A term in the title or a heading is what the essay is about. */
const HEADING_WEIGHT = 1.5
/** Terms used by more than this share of the other essays are the site's vocabulary, not this essay's. */
const MAX_SPREAD = 0.4

/**
 * The essay's key terms by TF-IDF against the site: frequent here, rare elsewhere. Only
 * prose counts (code and formulas are skipped); each term must occur outside links and
 * formulas, where the page can highlight it.
 */
export function findKeyTerms(doc: EssayDoc, index: SiteIndex, opts: KeyTermOptions): KeyTerm[] {
  const tallies = tally(doc)
  const emphasised = new Set(
    [opts.title, ...doc.headings.map((h) => h.text)].flatMap((t) => termsOf(t, { triples: true }).map((x) => x.key)),
  )
  const page = normaliseForMatch(opts.plainText)
  const words = doc.sentences.reduce((sum, s) => sum + s.prose.split(/\s+/).length, 0)
  const structural = ownTerms(doc, index, page, emphasised, opts.ownLimit ?? opts.limit, opts.title)
  const pick = (minTf: number) =>
    select(rank(tallies, index, opts.selfId, emphasised, minTf), tallies, page, opts.limit, structural)
  const chosen = pick(words < 150 ? 1 : 2)
  const all = chosen.length > structural.length ? chosen : pick(1)
  return all
}

/** How much each kind of evidence says "this is a term of the essay". */
const SOURCE_WEIGHT: Record<TermSource, number> = { defined: 3, named: 2.5, emphasised: 2.5, link: 2 }

/**
 * The terms the essay's own structure marks (link texts, names it gives, what it defines),
 * strongest evidence first: a term both linked and defined, used often, or in a heading ranks higher.
 */
function ownTerms(
  doc: EssayDoc,
  index: SiteIndex,
  page: string,
  emphasised: Set<string>,
  limit: number,
  title: string,
): KeyTerm[] {
  const byKey = new Map<
    string,
    { surface: string; source: TermSource; url?: string; short?: string; weight: number; first: number }
  >()
  const found = structuralTerms(doc)
  // "masked language model (MLM)": the essay names a term it will keep using.
  for (const a of abbreviations(doc))
    found.push({ surface: a.long, source: 'defined', sentence: a.sentence, short: a.short })
  // The title's head ("Ordinary least squares" of "Ordinary least squares for simple linear regression") names the subject.
  const head = termPhrase(
    title
      .replace(/\s*[:–—(|].*$/u, '')
      .replace(/\s+(?:for|in|with|and|on|under|via|using|from|to|vs\.?|versus)\s+.*$/i, ''),
  )
  const subject = head ? (phraseAround(head, page) ?? head) : null
  const headSentence = subject
    ? doc.sentences.find((s) => s.prose.toLowerCase().includes(subject.toLowerCase()))
    : undefined
  if (subject && headSentence)
    found.push({
      surface: headSentence.prose.substr(
        headSentence.prose.toLowerCase().indexOf(subject.toLowerCase()),
        subject.length,
      ),
      source: 'named',
      sentence: headSentence,
    })
  for (const t of found) {
    if (!page.includes(normaliseForMatch(t.surface))) continue
    const key = keyOf(t.surface)
    const entry = byKey.get(key)
    if (!entry)
      byKey.set(key, {
        surface: t.surface,
        source: t.source,
        url: t.url,
        short: t.short,
        weight: SOURCE_WEIGHT[t.source] + linkWeight(t.url, index),
        first: t.sentence.index,
      })
    else {
      entry.weight += entry.source === t.source ? 0.25 : SOURCE_WEIGHT[t.source] / 2
      if (SOURCE_WEIGHT[t.source] > SOURCE_WEIGHT[entry.source]) entry.source = t.source
      entry.url ??= t.url
      entry.short ??= t.short
    }
  }
  const terms: KeyTerm[] = []
  for (const [key, e] of byKey) {
    const pattern = surfacePattern(key)
    // After "masked language model (MLM)" the essay says "MLM": those sentences are about the term too.
    const short = e.short ? shortPattern(e.short) : null
    const sentences = doc.sentences.filter((s) => pattern.test(s.text.toLowerCase()) || short?.test(s.text) === true)
    if (sentences.length === 0) continue
    // In a heading or the title as a phrase, or by its head noun: "Julia Slack" is not about "A Julia Library".
    const parts = termsOf(e.surface, { triples: true })
    const head = parts.filter((x) => x.n === 1).pop()
    const heading = parts.some((x) => emphasised.has(x.key) && (x.n > 1 || x === head)) ? 1 : 0
    const score = 10 + e.weight + Math.log(sentences.length) + heading
    terms.push({
      key,
      n: Math.min(3, key.split(' ').length) as 1 | 2 | 3,
      surface: e.surface,
      score,
      sentences,
      source: e.source,
      url: e.url,
      ...(e.short ? { short: e.short } : {}),
    })
  }
  terms.sort((a, b) => b.score - a.score || a.sentences[0].index - b.sentences[0].index)
  // None inside another: the longer, more precise phrase is kept when both were found.
  const kept: KeyTerm[] = []
  for (const t of terms) {
    if (kept.some((k) => within(k.key, t.key) || within(t.key, k.key))) continue
    kept.push(t)
    if (kept.length >= limit) break
  }
  return kept
}

/**
 * The phrase a title's word stands for in the essay: "Decay No More" is about "weight decay" when
 * most of the essay's uses of "decay" follow "weight". Null when the word mostly stands alone.
 */
function phraseAround(head: string, page: string): string | null {
  if (head.includes(' ')) return null
  const escaped = head.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const uses = [
    ...page
      .toLowerCase()
      .matchAll(new RegExp(`(?:^|[^\\p{L}\\p{N}-])([\\p{L}][\\p{L}-]*\\s+)?${escaped}(?![\\p{L}\\p{N}])`, 'gu')),
  ]
  const before = new Map<string, number>()
  for (const u of uses) {
    const w = u[1]?.trim()
    if (w && !FUNCTION.has(w)) before.set(w, (before.get(w) ?? 0) + 1)
  }
  const [word, count] = [...before].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
  return count >= 2 && count >= uses.length * 0.6 ? `${word} ${head}` : null
}

/**
 * A link to a definition page (an encyclopedia, a post of the site) marks a concept; a link to a
 * code repository or a package index names software, which the reader rarely needs explained.
 * On a site of some size, a relative link that leads to none of its posts (a chat room, a list
 * of projects) is no definition page.
 */
function linkWeight(url: string | undefined, index: SiteIndex): number {
  if (!url) return 0
  if (
    /^(?:https?:)?\/\/(?:[\w-]+\.)*(?:github\.com|gitlab\.com|pypi\.org|npmjs\.com|juliahub\.com|crates\.io|docs\.julialang\.org|twitter\.com|x\.com|youtube\.com|discourse\.)/i.test(
      url,
    )
  )
    return -1.5
  if (/wikipedia\.org|mathworld|encyclopedia|\/wiki\//i.test(url)) return 1
  if (/^(?:[a-z][a-z+.-]*:|\/\/)/i.test(url)) return 0
  return index.size < 10 || index.postAt(url) ? 1 : 0
}

/** A phrase's key: lower case, each word's plural folded. */
const keyOf = (surface: string): string => surface.split(/\s+/).map(normaliseWord).join(' ')
const within = (a: string, b: string) => ` ${b} `.includes(` ${a} `)

/** A short form as written, its plural too ("CNF", "CNFs"): capitals keep it from matching a word. */
function shortPattern(short: string): RegExp {
  const stem = short.replace(/s$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\p{L}\\p{N}])${stem}s?(?![\\p{L}\\p{N}])`, 'u')
}

/** The words of a key in any inflection the key folds, in lower-case text. */
function surfacePattern(key: string): RegExp {
  const words = key.split(' ').map((w) => {
    const e = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return w.endsWith('y') ? `${e.slice(0, -1)}(?:y|ies)` : `${e}(?:e?s)?`
  })
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'u')
}

function tally(doc: EssayDoc): Map<string, Tally> {
  const tallies = new Map<string, Tally>()
  for (const s of doc.sentences) {
    const counted = s.segments.map((seg) => (seg.kind === 'text' || seg.kind === 'link' ? seg.text : '\n')).join('')
    for (const t of termsOf(counted, { triples: true })) {
      let entry = tallies.get(t.key)
      if (!entry) tallies.set(t.key, (entry = { n: t.n, tf: 0, sentences: [], surfaces: [], around: [] }))
      entry.tf++
      if (entry.sentences[entry.sentences.length - 1] !== s) entry.sentences.push(s)
    }
    for (const t of termsOf(s.prose, { triples: true })) {
      const entry = tallies.get(t.key)
      if (!entry) continue
      entry.surfaces.push(s.prose.slice(t.start, t.end))
      entry.around.push({
        before: s.prose.slice(0, t.start).split('\n').pop()!,
        after: s.prose.slice(t.end).split('\n')[0],
      })
    }
  }
  return tallies
}

function rank(tallies: Map<string, Tally>, index: SiteIndex, selfId: number, emphasised: Set<string>, minTf: number) {
  const scored: { key: string; score: number }[] = []
  const broadSite = index.size >= 10
  for (const [key, t] of tallies) {
    if (t.tf < minTf || t.surfaces.length === 0) continue
    if (broadSite && t.n < 3 && index.spread(key, selfId) > MAX_SPREAD) continue
    const score =
      (1 + Math.log(t.tf)) *
      idf(key, t.n, index, selfId) *
      PHRASE_WEIGHT[t.n] *
      (emphasised.has(key) ? HEADING_WEIGHT : 1)
    scored.push({ key, score })
  }
  return scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
}

/** A triple is not indexed: it is at most as common on the site as its rarer pair. */
function idf(key: string, n: number, index: SiteIndex, selfId: number): number {
  if (n < 3) return index.idf(key, selfId)
  const [a, b, c] = key.split(' ')
  return Math.max(index.idf(`${a} ${b}`, selfId), index.idf(`${b} ${c}`, selfId))
}

/** The best terms, none inside another: the essay's own terms first, then the best by TF-IDF. */
function select(
  ranked: { key: string; score: number }[],
  tallies: Map<string, Tally>,
  page: string,
  limit: number,
  own: KeyTerm[],
): KeyTerm[] {
  const chosen: KeyTerm[] = [...own]
  const surfaces = new Set<string>(own.map((t) => t.surface.toLowerCase()))
  const phrases = ranked.filter((r) => tallies.get(r.key)!.n > 1)
  for (const ranking of ranked) {
    if (chosen.length >= limit) break
    const t0 = tallies.get(ranking.key)!
    const whole = wholePhrase(t0)
    if (!whole) continue
    const { key, score } = whole.extended ? { key: keyOf(whole.surface), score: ranking.score } : ranking
    // No term inside another ("sort" beside "merge sort"); two phrases may share a word ("merge sort", "quick sort").
    if (chosen.some((c) => within(key, c.key) || within(c.key, key))) continue
    const t = t0
    // "deeper networks tend (to learn)": a phrase always followed by "to" ends in a verb.
    if (t.around.length > 1 && t.around.every((a) => /^\s*to\s+\p{L}/u.test(a.after))) continue
    // "Arguably", "Overall": a capital the sentence's start gives, not a name's.
    if (t.n === 1 && t.around.length > 0 && t.around.every((a) => a.before.trim() === '')) continue
    // "gradient" is mostly said as "gradient descent": the phrase is the term (it comes later in the ranking).
    if (
      phrases.some(
        (p) => p.key !== ranking.key && within(ranking.key, p.key) && tallies.get(p.key)!.tf >= Math.max(2, t.tf / 2),
      )
    )
      continue
    const surface = whole.extended
      ? whole.surface
      : usualSurface(t.surfaces.map((s) => s.trim()).filter((s) => s !== '' && page.includes(normaliseForMatch(s))))
    if (!surface || surfaces.has(surface.toLowerCase()) || !page.includes(normaliseForMatch(surface))) continue
    surfaces.add(surface.toLowerCase())
    // As the page shows it: a line break of the source inside a phrase is a space.
    chosen.push({ key, n: t.n, surface: surface.replace(/\s+/g, ' '), score, sentences: t.sentences })
  }
  return chosen.sort((a, b) => b.score - a.score)
}

/**
 * The form the essay uses most ("maximum path length" four times, "maximum path lengths" once):
 * a reader looks the term up as the essay usually writes it. Ties go to the first met.
 */
function usualSurface(surfaces: readonly string[]): string | undefined {
  const counts = new Map<string, number>()
  for (const s of surfaces) counts.set(s.toLowerCase(), (counts.get(s.toLowerCase()) ?? 0) + 1)
  let best: string | undefined
  for (const s of surfaces)
    if (best === undefined || counts.get(s.toLowerCase())! > counts.get(best.toLowerCase())!) best = s
  return best
}

/** The word met most often, compared with plurals folded; ties go to the first met. */
function mostOften(words: readonly string[]): string | undefined {
  const counts = new Map<string, number>()
  for (const w of words) counts.set(normaliseWord(w), (counts.get(normaliseWord(w)) ?? 0) + 1)
  let best: string | undefined
  for (const w of words)
    if (best === undefined || counts.get(normaliseWord(w))! > counts.get(normaliseWord(best))!) best = w
  return best
}

/** Words that may stand beside a term without being part of it. */
const FUNCTION = new Set(
  'a an the of to in on for and or with by from as at is are was were be that this these those its their our it we which who than then but not no so such each every all any both'.split(
    ' ',
  ),
)

/**
 * The term as a whole phrase: "squares parameter estimates" always follows "ordinary least", so
 * the phrase is "ordinary least squares parameter estimates" (up to five words). Null when the
 * candidate is no noun phrase: a verb form at its edge ("moved inside", "parameters minimizing").
 */
function wholePhrase(t: Tally): { surface: string; extended: boolean } | null {
  const first = t.surfaces[0]?.trim()
  if (!first) return null
  let words = first.split(/\s+/)
  const plural = words.length > 1 && /[^s]s$/i.test(words[0]) && /ing$/i.test(words[words.length - 1])
  if (/ed$/i.test(words[0]) || /ed$/i.test(words[words.length - 1]) || plural) return null
  if (t.around.length === 0 || t.surfaces.some((s) => s.trim().toLowerCase() !== first.toLowerCase()))
    return { surface: first, extended: false }
  let extended = false
  for (let step = 0; step < 2 && words.length < 5; step++) {
    const befores = t.around.map(
      (a) =>
        a.before
          .trim()
          .split(/\s+/)
          .slice(-1 - step, step === 0 ? undefined : -step)[0] ?? '',
    )
    const b = befores[0]
    if (
      b &&
      /^\p{L}[\p{L}-]*$/u.test(b) &&
      !FUNCTION.has(b.toLowerCase()) &&
      befores.every((x) => x === b) &&
      !/ed$/.test(b)
    ) {
      words = [b, ...words]
      extended = true
    } else break
  }
  // "residual sum" always followed by "of squares": "residual sum of squares".
  const next2 = (after: string) =>
    after
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w.replace(/[^\p{L}\p{N}-]+$/u, ''))
  const of = t.around.map((a) => next2(a.after).join(' ').toLowerCase())
  if (
    words.length < 4 &&
    /^of [\p{L}][\p{L}-]+$/u.test(of[0]) &&
    !FUNCTION.has(of[0].slice(3)) &&
    of.every((x) => x === of[0])
  ) {
    words = [...words, ...next2(t.around[0].after)]
    return { surface: words.join(' '), extended: true }
  }
  for (let step = 0; step < 2 && words.length < 5; step++) {
    const afters = t.around.map((a) => a.after.trim().split(/\s+/)[step] ?? '')
    // The word that most often follows, plurals folded ("singular value", "singular values"):
    // a phrase cut before its noun ("smallest non-zero singular") is no term.
    const a = mostOften(afters.filter((x) => /^\p{L}[\p{L}-]*$/u.test(x)))
    if (
      a &&
      /^\p{L}[\p{L}-]*$/u.test(a) &&
      !FUNCTION.has(a.toLowerCase()) &&
      afters.filter((x) => normaliseWord(x) === normaliseWord(a)).length >= Math.ceil((afters.length * 2) / 3) &&
      !/(?:ed|ing)$/.test(a) &&
      !/^[A-Z]/.test(a) === !/^[A-Z]/.test(words[0])
    ) {
      words = [...words, a]
      extended = true
    } else break
  }
  return { surface: words.join(' '), extended }
}
