import type { ReadingBlock, ReadingSegment } from '../shared/schemas/index.js'
import { isAttribution, isByline } from '../shared/byline.js'
import { texToText } from './tex-to-text.js'

type Prose = Extract<ReadingBlock, { kind: 'prose' }>

/**
 * What a link reads as, by its address, when that is not its text: a reference to another
 * post's section, resolved once the other post is known (src/importer/excerpt-references.ts).
 */
export type LinkText = (url: string) => string | undefined

/**
 * The essay's first paragraph of prose as plain text, from its one reading: what a card or a
 * feed shows when the front matter gives no description. Read after rendering, it says what
 * the page says: citations as their marks ("Vaswani et al., 2017"), cross-references as
 * "(1)", formulas as readable text, never a label or a TeX command. '' when there is no prose.
 *
 * Prefers a paragraph at the top of the essay that reads as prose (four words, or eight CJK
 * characters); mathematical writing often breaks one sentence around a display formula ("Let"
 * / formula / "be a linear model…"), which is put back together. Failing that, the first
 * paragraph anywhere that reads as prose (an item, a quote); failing that, the first at all.
 */
export function readingExcerpt(reading: readonly ReadingBlock[], linkText?: LinkText): string {
  let fallback = ''
  for (let i = 0; i < reading.length; i++) {
    const block = reading[i]
    if (block.kind !== 'prose' || block.block !== 'paragraph' || isBylineBlock(block)) continue
    const text = blockText(block, linkText)
    if (!text || isAttribution(text)) continue
    if (isProse(text)) return text
    const continued = aroundDisplay(text, reading[i + 1], reading[i + 2], linkText)
    if (continued) return continued
  }
  for (const block of reading) {
    if (block.kind !== 'prose' || block.block === 'footnote' || block.block === 'table' || isBylineBlock(block))
      continue
    const text = blockText(block, linkText)
    if (!text || isAttribution(text)) continue
    fallback ||= text
    if (isProse(text)) return text
  }
  return fallback
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

function aroundDisplay(
  text: string,
  display: ReadingBlock | undefined,
  rest: ReadingBlock | undefined,
  linkText?: LinkText,
): string {
  if (display?.kind !== 'display' || rest?.kind !== 'prose' || rest.block !== 'paragraph' || /[.!?]$/.test(text))
    return ''
  const continuation = blockText(rest, linkText)
  if (!/^\p{Ll}/u.test(continuation)) return ''
  const sentence = `${text} ${texToText(display.tex)} ${continuation}`.replace(/\s+/g, ' ').trim()
  return isProse(sentence) ? sentence : ''
}

/** A block's text as a reader reads it; '' for one that is only formulas. */
function blockText(block: Prose, linkText?: LinkText): string {
  if (block.segments.every((s) => s.kind === 'math' || (s.kind === 'text' && s.text.trim() === ''))) return ''
  return block.segments
    .map((s) => segmentText(s, linkText))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?)])/g, '$1')
    .trim()
}

function segmentText(s: ReadingSegment, linkText?: LinkText): string {
  switch (s.kind) {
    case 'link':
      return linkText?.(s.url) ?? s.text
    case 'math':
      return texToText(s.tex)
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
