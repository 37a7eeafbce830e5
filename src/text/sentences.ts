import { closeUpPunctuation } from '../shared/punctuation-spacing.js'
import { readableTex } from './readable.js'
import { keyAsName } from './citation-text.js'
import type { Segment } from './essay-doc.js'

/** Words after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set(
  'e.g i.e i.i.d etc al fig figs eq eqs eqn sec ch cf vs resp approx dr mr mrs ms prof no nos vol vols pp p ref refs st jr sr inc ltd co ca viz def thm lem prop cor ex'.split(
    ' ',
  ),
)
/** A full stop, question or exclamation mark, its closing quotes, then space; or CJK end punctuation. */
const END = /([.!?]+)(["'”’)\]]*)(\s+)|([。！？]+)(["'”’）」]*)\s*/g

/** The readable form of one segment (what a reader sees in its place). */
export function readableOf(segment: Segment): string {
  switch (segment.kind) {
    case 'math':
      return readableTex(segment.tex)
    case 'cite':
      // An unresolved narrative citation still names someone ("as shown by Smith and Jones (2019)").
      return segment.narrative ? segment.keys.map(keyAsName).join(', ') : ''
    default:
      return segment.text
  }
}

/** Joins readable pieces: no space between two CJK characters, collapsed whitespace elsewhere. */
export function joinReadable(pieces: string[]): string {
  let text = pieces.join('').replace(/\s+/g, ' ')
  if (/[\u3000-\u9fff\uff00-\uffef]/.test(text))
    text = text.replace(/([\p{Script=Han}。，、；：！？（）“”]) (?=[\p{Script=Han}。，、；：！？（）“”])/gu, '$1')
  return closeUpPunctuation(text).trim()
}

/**
 * Splits a paragraph's segments into sentences. A sentence ends at `.`, `!` or `?` followed by
 * space and something that can start a sentence (not after an abbreviation or an initial), or at
 * CJK end punctuation. Formulas, links and code never split one.
 */
export function splitSentences(segments: Segment[]): Segment[][] {
  const sentences: Segment[][] = []
  let current: Segment[] = []
  const flush = () => {
    if (current.some((s) => s.kind !== 'text' || s.text.trim() !== '')) sentences.push(current)
    current = []
  }
  segments.forEach((segment, i) => {
    if (segment.kind !== 'text') {
      current.push(segment)
      return
    }
    const text = segment.text
    let from = 0
    for (const m of text.matchAll(END)) {
      const cut = m.index + (m[1] ?? m[4]).length + (m[2] ?? m[5] ?? '').length
      const after = m.index + m[0].length
      if (m[1] && !endsSentence(text, m.index, after, segments[i + 1])) continue
      current.push(sliceText(segment, from, cut))
      flush()
      from = after
    }
    if (from < text.length) current.push(sliceText(segment, from, text.length))
  })
  flush()
  return sentences
}

type TextSegment = Extract<Segment, { kind: 'text' }>

/** Part of a text run, with the emphasised runs that fall in it. */
function sliceText(segment: TextSegment, from: number, to: number): TextSegment {
  const text = segment.text.slice(from, to)
  const emphasis = (segment.emphasis ?? [])
    .filter((r) => r.end > from && r.start < to)
    .map((r) => ({ ...r, start: Math.max(r.start, from) - from, end: Math.min(r.end, to) - from }))
  return emphasis.length > 0 ? { kind: 'text', text, emphasis } : { kind: 'text', text }
}

/** The emphasised runs of a sentence's text, as written ("*masked softmax operation*"). */
export function emphasisedRuns(segments: readonly Segment[]): string[] {
  return segments.flatMap((s) =>
    s.kind === 'text' && s.emphasis ? s.emphasis.map((r) => s.text.slice(r.start, r.end)) : [],
  )
}

function endsSentence(text: string, stop: number, after: number, next: Segment | undefined): boolean {
  const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, stop - 12), stop))?.[1] ?? ''
  const following = after < text.length ? text.slice(after) : next ? (next.kind === 'text' ? next.text : '$') : ''
  // A list's "etc." before a capital ends its sentence ("… and so on, etc. The next …"); other abbreviations and initials never do.
  const abbreviation = ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word)
  if (text[stop] === '.' && abbreviation && !(word.toLowerCase() === 'etc' && /^\p{Lu}/u.test(following.trimStart())))
    return false
  // The end of the paragraph, a formula or link, or a capital, digit, quote or bracket.
  return following === '' || /^[\p{Lu}\p{N}"'“‘([$]/u.test(following.trimStart())
}
