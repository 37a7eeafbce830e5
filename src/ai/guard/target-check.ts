import { STOP_WORDS } from '../../text/stop-words.js'

/**
 * Why a target is no term a reader needs explained (issue 39), or null when it may be one. The
 * rules hold for any essay: how citations and names are written, which words open a clause, what
 * a stop phrase is; none names an essay's own terms.
 */
export type TargetFault = 'citation' | 'name' | 'stop-phrase' | 'not-a-noun-phrase' | 'not-in-essay'

export interface TargetContext {
  /** The essay as the reader reads it, whitespace runs as one space. */
  page: string
  /** Lower-case surnames of the people the essay cites or is written by. */
  people: ReadonlySet<string>
}

/** Words that open or close a clause, never the edge of a term. */
const EDGE_WORDS = new Set([...STOP_WORDS].filter((w) => !['first', 'second', 'last', 'least', 'next'].includes(w)))
const FINITE = new Set(
  'is are was were be been being am can could will would shall should may might must do does did has have had isn aren doesn don'.split(
    ' ',
  ),
)
/** Phrases that point at the text or a place in it: never a term. */
const STOP_PHRASE =
  /^(?:(?:this|that|the|our|my|a|an|next|previous|following)\s+)?(?:post|posts|paper|papers|article|blog|essay|chapter|section|figure|fig|table|example|examples|following|above|below|here|there|authors?|reader|readers|code|notebook|link|page|tutorial|docs?|documentation|appendix|exercise|exercises|summary|introduction|conclusion|discussion|result|results|thing|things|way|ways|case|cases|lot|bit|part|parts|idea|ideas|work|question|problem|answer|today|time|note|notes)$/i

const norm = (t: string) => t.normalize('NFKC').replace(/\s+/g, ' ').trim()

export function targetFault(target: string, ctx: TargetContext): TargetFault | null {
  const t = norm(target)
  if (t === '' || !ctx.page.toLowerCase().includes(t.toLowerCase())) return 'not-in-essay'
  if (/\bet\.?\s*al\b|\b(?:1[5-9]|20)\d\d[a-z]?\b|\[\d+(?:[,–-]\s*\d+)*\]|\(\s*\d{4}/i.test(t)) return 'citation'
  const words = t.split(' ')
  const lower = words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, ''))
  if (lower.every((w) => w === '' || STOP_WORDS.has(w)) || STOP_PHRASE.test(t)) return 'stop-phrase'
  if (isName(t, words, lower, ctx)) return 'name'
  if (
    words.length > 6 ||
    /[;:!?"“”()[\]{}<>=+*/\\|@#$%^&~`]/.test(t) ||
    /[.,]$/.test(t) ||
    EDGE_WORDS.has(lower[0]) ||
    EDGE_WORDS.has(lower[lower.length - 1]) ||
    lower.some((w) => FINITE.has(w)) ||
    (words.length > 1 && /ly$/.test(lower[lower.length - 1])) ||
    /^\d+$/.test(t) ||
    t.replace(/[^\p{L}]/gu, '').length < 2
  )
    return 'not-a-noun-phrase'
  return null
}

/**
 * A person, as the essay cites or credits them: a surname of a cited work's author, or a
 * capitalised word the essay writes before "et al.", a year ("Watson, 1964", "Smith (2019)") or
 * a numbered reference ("Smith [3]").
 */
function isName(t: string, words: string[], lower: string[], ctx: TargetContext): boolean {
  if (words.length <= 3 && lower.some((w) => ctx.people.has(w)) && /^\p{Lu}/u.test(t)) return true
  if (!words.every((w) => /^\p{Lu}/u.test(w))) return false
  const e = t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(
    `(?<![\\p{L}])${e}(?:[’']s)?(?:\\s+(?:and|&)\\s+\\p{Lu}[\\p{L}-]+)?\\s*(?:et\\.?\\s+al|,?\\s*\\(?\\s*(?:1[5-9]|20)\\d\\d|\\[\\d)`,
    'u',
  ).test(ctx.page)
}
