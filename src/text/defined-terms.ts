import { emphasisedRuns } from './sentences.js'
import { quotedTerms } from './quoted-terms.js'
import type { EssayDoc, Sentence } from './essay-doc.js'
import { STOP_WORDS, WEAK_WORDS } from './stop-words.js'

/** Where a term of the essay's own definition structure comes from. */
export type TermSource = 'link' | 'defined' | 'named' | 'emphasised'

export interface StructuralTerm {
  /** As the essay writes it (a reader sees it highlighted). */
  surface: string
  source: TermSource
  sentence: Sentence
  /** The page a link text leads to. */
  url?: string
  /** The short form the essay introduces for it ("MLM" for "masked language model"). */
  short?: string
}

/** Words a phrase may hold inside ("sum of squares", "expectation of a linear form"). */
const INNER = new Set(['of', 'a', 'an'])
/** Words that open a clause, never part of a term. */
const VERBS = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'can',
  'will',
  'has',
  'have',
  'do',
  'does',
  'did',
  'should',
  'would',
  'may',
  'must',
])
/** Link texts that name a place, not a concept ("here", "this post", "the docs"). */
const GENERIC_LINK =
  /^(?:here|there|this|that|link|links|paper|papers|post|posts|blog|article|section|chapter|figure|fig|table|docs?|documentation|manual|source|code|repo|repository|github|website|site|page|above|below|previous|next|click|read more|see|video|slides?|thread|issue|pr|discussions?|(?:traditional |simplified )?(?:chinese|english|japanese|korean|french|german|spanish|portuguese|russian)(?: version| translation)?|translations?|中文|繁體中文|简体中文)\b/iu
/** Pages of software (repositories, package indexes, API docs): their link texts name code, not concepts. */
const SOFTWARE =
  /^(?:https?:)?\/\/(?:[\w-]+\.)*(?:github\.com|gitlab\.com|bitbucket\.org|pypi\.org|npmjs\.com|juliahub\.com|juliapackages\.com|crates\.io|pkg\.go\.dev|readthedocs\.io|docs\.rs)\b/i
const ARTICLE = /^(?:the|a|an|our|its|their|this|these|those|such)\s+/i

/**
 * A candidate phrase trimmed to the term it names: without a leading article, a trailing
 * qualifier ("… for the multivariate normal distribution", "… of x") or trailing weak words;
 * null when what is left is no term (a clause, a single letter, only function words).
 */
export function termPhrase(text: string): string | null {
  let t = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.,;:!?)"”’]+$/u, '')
    .replace(/^["“‘(]+/u, '')
  t = t.replace(ARTICLE, '')
  t = t.replace(/\s+(?:for|in|on|with|from|between|under|over|to)\s+(?:a|an|the|two|all|each|any)\b.*$/i, '')
  // A qualifier after the name is what is said of it ("random vector with finite variance").
  t = t.replace(/\s+(?:for|in|on|with|from|between|under|over|by|at|via|using)\s+\S.*$/i, '')
  t = t.replace(/\s+(?:of|for|in|between|on)\s+\S{1,2}$/i, '')
  let words = t.split(' ')
  // A relative clause is what is said of the term, not part of it ("Yogi which addresses these issues").
  const clause = words.findIndex((w, i) => i > 0 && RELATIVE.has(w.toLowerCase()))
  if (clause > 0) words = words.slice(0, clause)
  if (words.length > 4) {
    const cut = words.findIndex(
      (w, i) => i > 0 && w.toLowerCase() === 'of' && ['the'].includes(words[i + 1]?.toLowerCase() ?? ''),
    )
    if (cut > 0) words = words.slice(0, cut)
  }
  while (words.length > 0 && isStop(words[words.length - 1])) words.pop()
  while (words.length > 0 && (isLeadingStop(words[0]) || (words.length === 1 && isStop(words[0])))) words.shift()
  if (words.length === 0 || words.length > 5) return null
  if (words.some((w) => VERBS.has(w.toLowerCase()))) return null
  if (!words.every((w) => /^[\p{L}][\p{L}\p{N}'’:.-]*$/u.test(w) && !/[.:]$/.test(w))) return null
  if (words.every((w) => isStop(w) || isWeak(w) || INNER.has(w.toLowerCase()))) return null
  if (words.length === 1 && isWeak(words[0])) return null
  const phrase = words.join(' ')
  return phrase.replace(/[^\p{L}]/gu, '').length >= 3 ? phrase : null
}

/** Words that open a relative clause after a name. */
const RELATIVE = new Set(['which', 'that', 'who', 'whose', 'whom', 'where', 'whereby', 'wherein'])

/** Function words that open a term as its modifier ("least squares", "second moment"). */
const MODIFIERS = new Set(['least', 'first', 'second', 'third', 'last', 'next', 'former', 'latter'])
const isStop = (w: string) => STOP_WORDS.has(w.toLowerCase()) && !INNER.has(w.toLowerCase())
const isLeadingStop = (w: string) => isStop(w) && !MODIFIERS.has(w.toLowerCase())
const isWeak = (w: string) => STOP_WORDS.has(w.toLowerCase()) || WEAK_WORDS.has(w.toLowerCase())

/** Up to four words after a naming cue, with "of"/"a" allowed inside: the name itself. */
const NP = String.raw`((?:[\p{L}][\p{L}\p{N}'’:-]*)(?:\s+(?:(?:of|a|an)\s+)?[\p{L}][\p{L}\p{N}'’:-]*){0,3})`
const NAMING = [
  // "… is called X", "known as X", "it has a name: X", "referred to as X"
  new RegExp(
    String.raw`\b(?:(?:is|are|be)\s+called|also\s+called|so-called|termed|dubbed|known\s+as|referred\s+to\s+as|has\s+a\s+name:?|goes\s+by\s+the\s+name)\s+(?:the\s+|an?\s+)?["“‘]?${NP}`,
    'giu',
  ),
  // "called X, which …" after a noun: "a hotfix to Adam, called Yogi"
  new RegExp(String.raw`,\s+called\s+${NP}`, 'giu'),
  // "The X is defined as", "X is given by", "X refers to"
  new RegExp(String.raw`(?:^|[.;:]\s+|\bthe\s+)${NP}\s+(?:is|are)\s+(?:defined\s+as|given\s+by)\b`, 'giu'),
  new RegExp(String.raw`(?:^|\bthe\s+|\ban?\s+)${NP}\s+(?:refers?\s+to|stands?\s+for)\b`, 'giu'),
  // "we call this number the condition number", "we call such a matrix a design matrix"
  new RegExp(
    String.raw`\bwe\s+(?:will\s+)?call\s+(?:such\s+an?\s+[\p{L}-]+|(?:this|that|these|those)\s+[\p{L}-]+|it|this|that|them|these|those)\s+(?:the\s+|an?\s+)?["“‘]?${NP}`,
    'giu',
  ),
  // "We often call $z$ as the latent variable": the name given to a symbol (a formula, ∎ below, or a letter or two).
  new RegExp(
    String.raw`\bwe\s+(?:(?:often|usually|also|sometimes|typically|commonly|generally|simply|will)\s+)?call\s+(?:∎|[^\s,.;:∎]{1,3})\s+(?:as\s+)?(?:the|an?)\s+["“‘]?${NP}`,
    'giu',
  ),
  // "let the learning rate be …": the name a sentence gives a quantity it introduces
  new RegExp(String.raw`\blet\s+(?:the\s+|an?\s+|our\s+)?${NP}\s+be\b`, 'giu'),
]
/**
 * "what we call “nonsymmetric with offset”", "is called 'leaky averaging'": the quotes delimit the
 * name exactly, so it is taken whole, a word like "with" inside it included.
 */
const QUOTED_NAME =
  /\b(?:we\s+(?:will\s+)?call|(?:is|are|be)\s+called|so-called|termed|dubbed|known\s+as|referred\s+to\s+as)\s+(?:(?:it|this|them|these)\s+)?(?:the\s+|an?\s+)?["“‘]([\p{L}][\p{L}'’ -]{2,60}?)["”’]/giu

/** The quoted name, when it reads as a term: two to five words, none a verb, not opening or closing on a function word. */
function quotedName(text: string): string | null {
  const words = text.replace(/\s+/g, ' ').trim().split(' ')
  if (words.length < 2 || words.length > 5) return null
  if (words.some((w) => VERBS.has(w.toLowerCase()) || !/^\p{L}[\p{L}'’-]*$/u.test(w))) return null
  if (isStop(words[0]) || isStop(words[words.length - 1]) || INNER.has(words[words.length - 1].toLowerCase()))
    return null
  return words.join(' ')
}

/** Head nouns of a named method or result: "the Euler method", "the Universal Approximation Theorem". */
const EPONYM_HEADS =
  'method methods theorem algorithm equation equations inequality lemma distribution process transform rule test criterion estimator'
    .split(' ')
    .map((h) => `[${h[0]}${h[0].toUpperCase()}]${h.slice(1)}`)
/** "the", one to three capitalised words and a head noun: a name a reader may look up, not a person or a place. */
const EPONYM = new RegExp(
  String.raw`\b[Tt]he\s+((?:\p{Lu}[\p{L}'’-]*\s+){1,3}?(?:${EPONYM_HEADS.join('|')}))(?![\p{L}\p{N}-])`,
  'gu',
)
/** "$x$ is the sample variance", "let $X$ be a random vector": the name a formula is given. */
const SYMBOL_NAME = new RegExp(String.raw`^\s*(?:,\s*)?(?:is|are|be|denotes?)\s+(?:the|a|an|our)\s+${NP}`, 'iu')

/** Head nouns of a link text that names a resource to read or watch, not a concept ("ODE tutorial"). */
const RESOURCE =
  /\b(?:tutorials?|documentation|docs|guides?|videos?|slides|talks?|notebooks?|repositor(?:y|ies)|repo|websites?|homepage|threads?|posts?|blogs?|articles?|papers?|preprints?|courses?|lectures?|manuals?|readme|pages?|channels?)$/i

/**
 * A link text as a term: the name of the page it leads to when the text says more than that
 * ("[Lotka-Volterra equations describe the dynamics of …](…/wiki/Lotka–Volterra_equations)"),
 * else the text trimmed to its term; null for a resource ("the ODE tutorial").
 */
export function linkTerm(text: string, url: string): string | null {
  const page = pageName(url)
  const words = text.replace(/\s+/g, ' ').trim().split(' ')
  const fold = (w: string) =>
    w
      .toLowerCase()
      .replace(/[‐-―−]/g, '-')
      .replace(/[^\p{L}\p{N}-]+/gu, '')
  if (page && page.length >= 2 && words.length > page.length) {
    const at = words.findIndex((_, i) => page.every((p, k) => fold(words[i + k] ?? '') === p))
    if (at >= 0) return termPhrase(words.slice(at, at + page.length).join(' '))
  }
  const surface = termPhrase(text)
  return surface && !RESOURCE.test(surface) ? surface : null
}

/** The words of a page's name in its address (`/wiki/Lotka%E2%80%93Volterra_equations`), lower case; null when it has none. */
function pageName(url: string): string[] | null {
  let last: string
  try {
    last = decodeURIComponent(
      url
        .replace(/[?#].*$/, '')
        .replace(/\/+$/, '')
        .split('/')
        .pop() ?? '',
    )
  } catch {
    return null
  }
  const words = last
    .replace(/\.(?:html?|php|aspx?)$/i, '')
    .replace(/_\(.*\)$/, '')
    .split(/[_\s+]+/)
    .map((w) => w.toLowerCase().replace(/[‐-―−]/g, '-'))
  return words.every((w) => /^\p{L}[\p{L}-]*$/u.test(w)) ? words : null
}

/**
 * An emphasised run that reads as a new term: a compound word ("*intra-attention*") or a phrase of two to five words, none of them a
 * function word (but "of", "a" inside and "least", "second" in front), no code, TeX or number,
 * not a participle at its end. Stress ("*much more slowly*", "*not*") and whole clauses are none.
 */
export function emphasisedTerm(run: string): string | null {
  const raw = run
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.,;:!?)"”’]+$/u, '')
    .replace(/^["“‘(]+/u, '')
    .replace(ARTICLE, '')
  const words = raw.split(' ')
  // One word is stress ("*not*"), unless it is a compound only a term is ("*intra-attention*").
  if (words.length === 1) return /^\p{L}{2,}(?:-\p{L}{2,})+$/u.test(raw) && termPhrase(raw) === raw ? raw : null
  if (words.length > 5) return null
  if (!words.every((w) => /^[\p{L}][\p{L}'’-]*$/u.test(w) && !/['’-]$/u.test(w))) return null
  if (words.some((w, i) => VERBS.has(w.toLowerCase()) || (isStop(w) && !(i === 0 && MODIFIERS.has(w.toLowerCase())))))
    return null
  if (
    INNER.has(words[0].toLowerCase()) ||
    INNER.has(words[words.length - 1].toLowerCase()) ||
    /ed$/i.test(words[words.length - 1])
  )
    return null
  return termPhrase(raw) === raw ? raw : null
}

/**
 * Terms the essay itself marks as terms: the texts of its links (to posts or definition pages),
 * what it names ("is called X", "known as X", "X is defined as"), the names it gives its
 * symbols ("$s^2$ is the sample variance", "let $X$ be a random vector"), and phrases it
 * emphasises where it first uses them ("we use the *scaled dot product attention*"). In reading order.
 */
export function structuralTerms(doc: EssayDoc): StructuralTerm[] {
  const out: StructuralTerm[] = []
  const urls = new Set<string>()
  for (const link of doc.links) {
    if (
      SOFTWARE.test(link.url) ||
      /\.(?:jl|py|js|ts|rs|rb|go|cpp|h|R|md)$/.test(link.text.trim()) ||
      /^(?:https?:|www\.)/i.test(link.text.trim()) ||
      GENERIC_LINK.test(link.text.trim())
    )
      continue
    const surface = linkTerm(link.text, link.url)
    // One term per page linked to ("Kullback-Leibler divergence", later "KL divergence"): the first name.
    if (surface && !/^#/.test(link.url) && !urls.has(link.url))
      out.push({ surface, source: 'link', sentence: link.sentence, url: link.url })
    urls.add(link.url)
  }
  for (const s of doc.sentences) {
    // A formula stands as a mark no name holds, so "we call $z$ as the latent variable" reads across it.
    for (const line of [s.prose.replace(/\n/g, ' ∎ ')]) {
      // "known as (adjoint) sensitivity analysis": the bracketed word is part of the name.
      const named = line.replace(/\((\p{L}[\p{L}-]*)\)\s+(?=\p{L})/gu, '$1 ')
      QUOTED_NAME.lastIndex = 0
      for (const m of named.matchAll(QUOTED_NAME)) {
        const surface = quotedName(m[1])
        if (surface) out.push({ surface, source: 'defined', sentence: s })
      }
      for (const [i, re] of NAMING.entries()) {
        re.lastIndex = 0
        for (const m of named.matchAll(re)) {
          // "The entropy of a source is defined as": the term is "entropy".
          const surface = termPhrase(i === 2 ? m[1].replace(/\s+of\s+(?:a|an|the|this|its)\s+.*$/i, '') : m[1])
          // Two cues may give one name ("we call this number the condition number").
          if (surface && !out.some((t) => t.sentence === s && t.surface === surface))
            out.push({ surface, source: 'defined', sentence: s })
        }
      }
    }
    for (const m of s.prose.matchAll(EPONYM)) {
      const surface = termPhrase(m[1])
      if (surface) out.push({ surface, source: 'named', sentence: s })
    }
    s.segments.forEach((seg, i) => {
      const next = s.segments[i + 1]
      if (seg.kind !== 'math' || next?.kind !== 'text') return
      const m = SYMBOL_NAME.exec(next.text)
      const surface = m ? termPhrase(m[1]) : null
      if (surface) out.push({ surface, source: 'named', sentence: s })
    })
  }
  out.push(...emphasisedTerms(doc), ...quotedTerms(doc))
  // A heading names a term once more only when nothing else marked it.
  const marked = new Set(out.map((t) => t.surface.toLowerCase()))
  out.push(...headingTerms(doc).filter((t) => !marked.has(t.surface.toLowerCase())))
  return out.sort((a, b) => a.sentence.index - b.sentence.index)
}

/**
 * Phrases emphasised at their first use in the prose (headings aside): how textbooks and d2l
 * introduce a term. A later emphasis is stress, and so is a bold lead-in ("**Main result:**")
 * or a bracketed d2l marker (`[**implement it**]`).
 */
function emphasisedTerms(doc: EssayDoc): StructuralTerm[] {
  const out: StructuralTerm[] = []
  const seen = new Set<string>()
  for (const s of doc.sentences) {
    const lead = doc.paragraphs[s.paragraph]?.lead?.toLowerCase()
    for (const run of emphasisedRuns(s.segments)) {
      const surface = emphasisedTerm(run)
      if (!surface) continue
      const key = surface.toLowerCase()
      if (
        seen.has(key) ||
        lead ===
          run
            .replace(/[:.]\s*$/, '')
            .trim()
            .toLowerCase() ||
        s.text.includes(`[${run}]`)
      )
        continue
      seen.add(key)
      const used = new RegExp(`(?<![\\p{L}\\p{N}])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u')
      if (doc.sentences.slice(0, s.index).some((e) => used.test(e.text.toLowerCase()))) continue
      out.push({ surface, source: 'emphasised', sentence: s })
    }
  }
  return out
}

/** Section names that say what part of an essay this is, not what it is about. */
const SECTION_WORDS =
  /^(?:summary|exercises?|introduction|conclusions?|discussion|results?|background|references?|related\s+work|appendix|overview|motivation|notes?|acknowledg(?:e)?ments?|further\s+reading|implementation|experiments?|evaluation|training|prediction|setup|data|model|examples?|proof|theorem|definition|sources?|metadata|preliminaries|outline|recap|next\s+steps?|future\s+work|the\s+end)$/i

/**
 * A section heading that is a noun phrase of two words or more ("Relative Positional
 * Information", "Scaled Dot Product Attention") names a term the section explains: the essay
 * gives it a section of its own. Its first use in the prose is where the reader meets it.
 */
function headingTerms(doc: EssayDoc): StructuralTerm[] {
  const out: StructuralTerm[] = []
  for (const h of doc.headings) {
    if (h.depth < 2) continue
    const text = h.text
      .replace(/[[\]*_`]/g, '')
      .replace(/^\s*(?:[\dA-Z]+(?:\.\d+)*\.?|[IVX]+\.)\s+/, '')
      .trim()
    if (SECTION_WORDS.test(text) || /^\p{L}+ing\b/iu.test(text)) continue
    const surface = termPhrase(text)
    // The whole heading is the name (an article aside): not a question, a sentence or a phrase with a qualifier.
    if (!surface || surface.toLowerCase() !== text.replace(/^(?:the|an?)\s+/i, '').toLowerCase()) continue
    if (surface.split(' ').length < 2 || SECTION_WORDS.test(surface.split(' ').pop()!)) continue
    const used = new RegExp(
      `(?<![\\p{L}\\p{N}])${surface.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
      'u',
    )
    const uses = doc.sentences.filter((s) => used.test(s.text.toLowerCase()))
    const first = uses[0]
    // Capitalised wherever the prose writes it ("Alan Edelman", "Google Summer of Code"): a name, not a concept.
    const proper = uses.every((s) => {
      const at = s.text.toLowerCase().search(used)
      return s.text
        .substr(at, surface.length)
        .split(' ')
        .every((w) => /^\p{Lu}/u.test(w) || /^(?:of|and|the|for|in|on)$/.test(w))
    })
    if (first && !proper)
      out.push({
        surface: first.text.substr(first.text.toLowerCase().search(used), surface.length),
        source: 'emphasised',
        sentence: first,
      })
  }
  return out
}
