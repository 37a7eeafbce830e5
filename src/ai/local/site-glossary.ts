import type { SiteIndex } from '../../text/site-index.js'
import { hasTexInProse } from '../guard/tex-in-prose.js'

/**
 * The site's glossary: every sentence of every post that could define a term ("X is a …",
 * "… is called X", "X refers to …"), indexed by its words. Built once per site index, so each
 * term of each essay looks up a handful of sentences instead of scanning the whole site (a
 * scan per term made a run 2.5× slower).
 */
interface GlossSentence {
  postId: number
  text: string
  lower: string
}

interface Glossary {
  sentences: GlossSentence[]
  /** Lower-case word → indices into `sentences`. */
  byWord: Map<string, number[]>
}

/** The verbs a defining sentence holds; most sentences of a site have none and are never indexed. */
const DEFINING_HINT =
  /\b(?:is|are)\s+(?:\S+\s+){0,2}?(?:an?|the|one|any)\b|\b(?:called|termed|named|known\s+as|referred\s+to\s+as|defined\s+as|refers?\s+to|denotes?|means|stands?\s+for)\b/

const glossaries = new WeakMap<SiteIndex, Glossary>()

function glossaryOf(index: SiteIndex): Glossary {
  let g = glossaries.get(index)
  if (g) return g
  g = { sentences: [], byWord: new Map() }
  for (const post of index.site.posts) {
    for (const raw of post.plainText.split(/(?<=[.!?])\s+|\n+/)) {
      const text = raw.trim()
      if (text.length < 25 || text.length > 300) continue
      const lower = text.toLowerCase()
      // A sentence the guard would not show (TeX, an address) is no quote for a note.
      // A line that opens in lower case, or stops without a full stop, is a piece of a sentence a formula broke.
      if (!/^[\p{Lu}"“‘(]/u.test(text) || !/[.!?]["”’)]*$/u.test(text)) continue
      if (!DEFINING_HINT.test(lower) || hasTexInProse(text) || /https?:\/\/|`/.test(text)) continue
      const at = g.sentences.push({ postId: post.id, text, lower }) - 1
      for (const w of new Set(lower.split(/[^\p{L}\p{N}]+/u)))
        if (w.length > 1) {
          const list = g.byWord.get(w)
          if (list) list.push(at)
          else g.byWord.set(w, [at])
        }
    }
  }
  glossaries.set(index, g)
  return g
}

/**
 * An opener that leaves the term the sentence's subject ("Then, X is …", "In Julia, X is …"). "X is
 * called Y" names Y, not X ("a tensor is called a matrix"): that form is no definition of its subject.
 */
const OPENER = String.raw`^(?:[^,;:.]{0,40},\s+)?(?:an?\s+|the\s+)?`
const AS_SUBJECT = String.raw`\s*(?:\([^)]{0,60}\)\s*)?(?:,[^,]{1,80},\s*)?(?:(?:is|are)\s+(?:also\s+)?(?:defined\s+as\s+)?(?:an?|the|one|any|simply|essentially|just)\b|(?:means|denotes|refers\s+to|is\s+defined\s+as|stands\s+for)\b)`
const NAMED = String.raw`\b(?:(?:is|are)\s+(?:then\s+|also\s+|often\s+|usually\s+|commonly\s+|sometimes\s+)?(?:called|termed|named|known\s+as|referred\s+to\s+as)|we\s+call\s+[^.;]{0,60}?)\s+(?:an?\s+|the\s+)?["“‘']?`
/** The name ends with the term: "called gradient descent" names no "gradient". */
const NAME_ENDS = String.raw`(?=["”’']?(?:\s*[.,;:!?)]|\s+(?:and|or|if|when|which|that|of|for|in|on|by|is|are|as|because|since|where|with|to)\b|\s*$))`

/**
 * The sentence of another post that says what the term is: the term as its subject ("Momentum
 * is a …", "Then, X is called …") or as the name it gives ("… is called a race condition").
 * A post whose title holds the term is preferred, then a naming sentence, then the shortest.
 * `term` is the term's pattern on lower-case text (term-patterns.ts), `words` the key's words.
 */
export function glossaryDefinition(
  index: SiteIndex,
  term: RegExp,
  words: readonly string[],
  selfId: number,
): { postId: number; title: string; sentence: string } | null {
  const g = glossaryOf(index)
  // The sentences holding the key's rarest word, in any inflection the pattern allows.
  let pool: number[] | undefined
  for (const w of words.flatMap((x) => x.split('-')).filter((x) => x.length > 1)) {
    const stem = w.endsWith('y') ? w.slice(0, -1) : w
    const forms = [w, `${w}s`, `${w}es`, `${stem}ies`]
    const hits = forms.flatMap((f) => g.byWord.get(f) ?? [])
    if (!pool || hits.length < pool.length) pool = hits
  }
  if (!pool || pool.length === 0) return null
  const subject = new RegExp(`${OPENER}${term.source}${AS_SUBJECT}`)
  const named = new RegExp(`${NAMED}${term.source}${NAME_ENDS}`)
  let best: { s: GlossSentence; rank: number } | null = null
  for (const i of new Set(pool)) {
    const s = g.sentences[i]
    if (s.postId === selfId || !term.test(s.lower)) continue
    const kind = named.test(s.lower) ? 2 : subject.test(s.lower) ? 1 : 0
    if (kind === 0) continue
    const title = index.site.posts.find((p) => p.id === s.postId)?.title.toLowerCase() ?? ''
    const rank = (term.test(title) ? 10 : 0) + kind - s.text.length / 1000
    if (!best || rank > best.rank) best = { s, rank }
  }
  if (!best) return null
  const post = index.site.posts.find((p) => p.id === best.s.postId)!
  return { postId: post.id, title: post.title, sentence: best.s.text }
}
