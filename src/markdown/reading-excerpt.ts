import type { ReadingBlock, ReadingSegment } from '../shared/schemas/index.js'
import { isAttribution, isByline } from '../shared/byline.js'
import { isEditorialNote } from '../shared/editorial-note.js'
import { texToReadableText } from './tex-to-text.js'
import { MAX_EXCERPT_LENGTH } from '../shared/excerpt-limit.js'
import { closeUpPunctuation } from '../shared/punctuation-spacing.js'

type Prose = Extract<ReadingBlock, { kind: 'prose' }>

/**
 * What a link reads as, by its address and its own text, when that is not its text: a
 * reference to another post's section, or a link that only names the other post's file (a d2l
 * table of contents lists `gan` for `gan.md`), resolved once the other post is known
 * (src/importer/excerpt-references.ts).
 */
export type LinkText = (url: string, text: string) => string | undefined

/**
 * The essay's first paragraph of prose as plain text, from its one reading: what a card or a
 * feed shows when the front matter gives no description. Read after rendering, it says what
 * the page says: citations as their marks ("Vaswani et al., 2017"), cross-references as
 * "(1)", formulas as readable text, never a label or a TeX command. '' when there is no prose.
 *
 * Prefers a paragraph at the top of the essay that reads as prose (four words, or eight CJK
 * characters) and is not a note about the post (src/shared/editorial-note.ts), with the rest
 * of its sentence when a display formula breaks it (see throughDisplays). Failing that, the
 * first paragraph anywhere that reads as prose (an item, a quote); failing that, the first at
 * all, a list of short items (a chapter's contents) whole.
 */
export function readingExcerpt(reading: readonly ReadingBlock[], linkText?: LinkText): string {
  let fallback = ''
  for (let i = 0; i < reading.length; i++) {
    const block = reading[i]
    if (block.kind !== 'prose' || block.block !== 'paragraph' || isBylineBlock(block)) continue
    const text = blockText(block, linkText)
    if (!text || isAttribution(text) || isEditorialNote(text)) continue
    // the rest of a sentence a display formula broke ("where uⱼ is …") is no opening
    if (reading[i - 1]?.kind === 'display' && /^\p{Ll}/u.test(text)) continue
    const sentence = throughDisplays(text, reading, i, linkText)
    if (isProse(sentence)) return withoutUnreadable(sentence)
  }
  for (let i = 0; i < reading.length; i++) {
    const block = reading[i]
    if (block.kind !== 'prose' || block.block === 'footnote' || block.block === 'table' || isBylineBlock(block))
      continue
    const text = blockText(block, linkText)
    if (!text || isAttribution(text)) continue
    if (isProse(text)) return withoutUnreadable(text)
    // a list that opens with a short item (a chapter's contents) reads as the list, not as an item of it
    if (block.block === 'item') {
      const list = itemsFrom(reading, i, linkText)
      fallback ||= list.text
      i = list.end - 1
    } else fallback ||= text
  }
  return withoutUnreadable(fallback)
}

/** The texts of the list items from `at` on, as one line ("Gradient Descent; Momentum; Adam"), and where they end. */
function itemsFrom(reading: readonly ReadingBlock[], at: number, linkText?: LinkText): { text: string; end: number } {
  const items: string[] = []
  let i = at
  for (; i < reading.length; i++) {
    const block = reading[i]
    if (block.kind !== 'prose' || block.block !== 'item') break
    const text = blockText(block, linkText)
    if (text) items.push(text)
  }
  return { text: items.join('; '), end: i }
}

/** A paragraph that names the essay's authors (src/shared/byline.ts), from its bold runs. */
function isBylineBlock(block: Prose): boolean {
  const names: string[] = []
  let rest = ''
  for (const segment of block.segments) {
    if (segment.kind !== 'text') return false
    let text = segment.text
    const strong = (segment.emphasis ?? []).filter((e) => e.strong).sort((a, b) => b.start - a.start)
    for (const { start, end } of strong) {
      names.push(text.slice(start, end))
      text = `${text.slice(0, start)} ${text.slice(end)}`
    }
    rest += text
  }
  return isByline(names, rest)
}

/** The longest formula an excerpt writes out as text; a longer one, or one text cannot show, is an ellipsis. */
const LONGEST_FORMULA_TEXT = 60

/**
 * Mathematical writing often breaks one sentence around display formulas ("The one-way
 * analysis of variance model" / formula / "can be rewritten using parameters μ and δᵢ" /
 * formula / …): a paragraph that does not end its sentence, followed by a display formula, is
 * put back together with the formula, read as text, and with the paragraph after it when that
 * carries the sentence on in lower case; and so on until the sentence ends or there is more
 * than an excerpt holds. A card that stopped at the first formula ended mid-sentence.
 */
function throughDisplays(text: string, reading: readonly ReadingBlock[], at: number, linkText?: LinkText): string {
  let sentence = text
  let endsInFormula = false
  for (let i = at; sentence.length < MAX_EXCERPT_LENGTH && !/[.!?]$/.test(sentence); i += 2) {
    const display = reading[i + 1]
    if (display?.kind !== 'display') break
    const readable = texToReadableText(display.tex)?.replace(/\s+/g, ' ').trim()
    sentence = `${sentence} ${readable === undefined ? UNREADABLE : readable.length <= LONGEST_FORMULA_TEXT ? readable : '…'}`
    endsInFormula = true
    const rest = reading[i + 2]
    const continuation = rest?.kind === 'prose' && rest.block === 'paragraph' ? blockText(rest, linkText) : ''
    if (!/^\p{Ll}/u.test(continuation)) break
    sentence = `${sentence} ${continuation}`
    endsInFormula = false
  }
  // one that goes on past what is kept, from words (into a list, say), says so; a formula may end it
  if (sentence !== text && !endsInFormula && !/[.!?:;…]$/.test(sentence)) sentence += ' …'
  return closeUpPunctuation(sentence.replace(/\s+/g, ' ')).trim()
}

/** Where a formula stood that text cannot show as the page does (`x_T`, `ȳ_(•••)`). */
const UNREADABLE = '\uE020'
/** Words before such a formula that make an excerpt on their own. */
const WORDS_BEFORE_CUT = 8

/**
 * A card never spells a formula in TeX or ASCII math: the excerpt stops before the first one
 * text cannot show ("… are given by …"), or, when too little comes before it, each such
 * formula is an ellipsis.
 */
function withoutUnreadable(text: string): string {
  const at = text.indexOf(UNREADABLE)
  if (at < 0) return text
  const before = text.slice(0, at).trimEnd()
  if (before.split(' ').filter((w) => /\p{L}/u.test(w)).length >= WORDS_BEFORE_CUT) return `${before} …`
  return closeUpPunctuation(text.replaceAll(UNREADABLE, '…'))
}

/** A block's text as a reader reads it; '' for one that is only formulas. */
function blockText(block: Prose, linkText?: LinkText): string {
  if (block.segments.every((s) => s.kind === 'math' || (s.kind === 'text' && s.text.trim() === ''))) return ''
  return closeUpPunctuation(
    block.segments
      .map((s) => segmentText(s, linkText))
      .join('')
      .replace(/\s+/g, ' '),
  ).trim()
}

function segmentText(s: ReadingSegment, linkText?: LinkText): string {
  switch (s.kind) {
    case 'link':
      return linkText?.(s.url, s.text) ?? s.text
    case 'math':
      return texToReadableText(s.tex) ?? UNREADABLE
    case 'cite':
      return ''
    default:
      return s.text
  }
}

function isProse(text: string): boolean {
  const words = text.split(' ').filter((word) => /\p{L}/u.test(word)).length
  const cjk = (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? []).length
  return words >= 4 || cjk >= 8
}
