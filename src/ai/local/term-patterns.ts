import type { Sentence } from '../../text/essay-doc.js'

const EXAMPLE = /\b(?:for example|for instance|e\.g\.|such as)/

/** "such as X", "for example, X", "X, for instance": the sentence gives the term as an example, or one of it. */
export function exemplifies(text: string, term: RegExp): boolean {
  if (!EXAMPLE.test(text)) return false
  const t = term.source
  return new RegExp(
    `(?:for example|for instance|e\\.g\\.|such as)[,:]?\\s+(?:[^.;]{0,25}?\\s)?${t}|${t}[,)]?\\s+(?:for example|for instance|e\\.g\\.|such as)`,
  ).test(text)
}

/** Lower-case text of a sentence: patterns run without the (slow) case-insensitive Unicode flag. */
const lowered = new WeakMap<Sentence, string>()
export function lower(s: Sentence): string {
  let text = lowered.get(s)
  if (text === undefined) lowered.set(s, (text = s.text.toLowerCase()))
  return text
}

/**
 * The term, in lower case, in any inflection the key folds together ("model", "models";
 * "entry", "entries"). `\b` rather than Unicode-aware boundaries: those make every pattern
 * cost a millisecond to compile, and a key is nearly always ASCII (CJK keys need no boundary).
 */
export function termPattern(key: string, short?: string): RegExp {
  const cjk = !/^[ -~]*$/.test(key)
  const words = key.split(' ').map((w) => {
    const e = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return cjk ? e : w.endsWith('y') ? `${e.slice(0, -1)}(?:y|ies)` : `${e}(?:e?s)?`
  })
  const body = words.join('[\\s-]+')
  if (cjk) return new RegExp(body)
  // The short form the essay introduced for it ("mlm" in lower-case text) stands for it as well.
  const acronym = short
    ?.replace(/s$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
  const abbreviated = acronym ? `|${acronym}s?` : ''
  return new RegExp(abbreviated ? `\\b(?:${body}${abbreviated})\\b` : `\\b${body}\\b`)
}

/**
 * A name given to what the sentence before described: "…, it has a name:", "This is called",
 * "Such a … is known as", "This kind of learning is called", "We call this the …" (a clause's
 * subject, not "that are known as").
 */
export const BACK_NAMING =
  /(?:^|[,;:]\s*|\b(?:and|so|hence|thus)\s+)(?:(?:it|this|these|they|such\s+(?:an?\s+)?\w+|(?:this|these|such)\s+(?:kinds?|types?|sorts?|forms?|class(?:es)?)\s+of\s+\w+)\s+(?:(?:also\s+)?(?:has|have|goes\s+by)\s+(?:a|the)\s+name|(?:is|are)\s+(?:often\s+|usually\s+|also\s+|commonly\s+|sometimes\s+)?(?:called|known\s+as|referred\s+to\s+as|termed|dubbed))|we\s+(?:often\s+|usually\s+)?call\s+(?:this|these|it|them|such\s+\w+))\b/

/**
 * Where a clause's subject starts: "X is a …" says what X is only when X is the subject, not in
 * "The biggest obstacle to studying X is the compute required". Before the term: the sentence's
 * or a clause's start, a conjunction, or an article with at most two words of its own.
 */
const SUBJECT_START = String.raw`(?:^|[,;:(“"]\s*|\b(?:that|where|which|whereas|while|but|so|thus|hence|then|here|now)\s+|,\s*and\s+|\b(?:the|a|an|this|these|our|its|their|such)\s+(?:[\w'’-]+\s+){0,2})["“‘']?`
const DEFINING_AFTER = String.raw`\s*(?:\([^)]{0,60}\)\s*)?(?:,[^,]{1,80},\s*)?(?:is|are|was|were)\s+(?:also\s+)?(?:(?:called|defined\s+as|known\s+as)\s+)?(?:a|an|the|one|any|some|simply|essentially|just)\b`
const DEFINING_VERB = String.raw`[^.;:]{0,40}?\b(?:means|denotes|refers\s+to|is\s+defined\s+as|stands\s+for|describes|represents|consists\s+of)\b`
const DEFINING_BEFORE = String.raw`\b(?:(?:called|termed|named|known\s+as|referred\s+to\s+as)\s+|(?:we\s+call|define[sd]?)\s+(?:[^.;:"“”]{0,60}?\s)?|(?:^|[,;:]\s*)(?:the|a|our|one)\s+definition\s+of\s+)(?:an?\s+|the\s+)?["“‘']?`

/**
 * "X is a …", "X denotes …", "… is called X", "we define X": patterns for a sentence that says
 * what X is, each with a quick test for its verb so most sentences skip the full pattern.
 */
export function definers(term: RegExp): { hint: RegExp; pattern: RegExp }[] {
  const t = term.source
  return [
    { hint: /\b(?:is|are|was|were)\b/, pattern: new RegExp(`${SUBJECT_START}${t}${DEFINING_AFTER}`) },
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
