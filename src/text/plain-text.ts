/**
 * Turning short pieces of markup (a title, an author field, a description) into plain text.
 *
 * These run on untrusted text of any length, so every pattern here is linear: no nested
 * quantifiers, no lazy `.*?` spanning the input.
 */

import { decodeNamedCharacterReference } from 'decode-named-character-reference'

/**
 * Decodes character references: numeric ones, and every name HTML defines (all 2,125 names
 * written with their semicolon, from `decode-named-character-reference`, which micromark uses
 * too). Unknown names and impossible code points stay as written.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  // The longest HTML name, CounterClockwiseContourIntegral, has 31 characters.
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole
      return String.fromCodePoint(code)
    }
    return decodeNamedCharacterReference(ref) || whole
  })
}

/** Removes HTML comments, tags and `<user@host>` addresses, leaving the text between tags. */
export function stripHtml(text: string): string {
  return removeHtmlComments(text)
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, ' ')
    .replace(/<[^<>\s@]+@[^<>\s]+>/g, ' ')
}

function removeHtmlComments(text: string): string {
  // indexOf instead of a lazy regex, so an unclosed `<!--` costs one scan, not one per match.
  let out = ''
  let from = 0
  for (;;) {
    const open = text.indexOf('<!--', from)
    if (open < 0) return out + text.slice(from)
    const close = text.indexOf('-->', open + 4)
    out += text.slice(from, open) + ' '
    if (close < 0) return out
    from = close + 3
  }
}

/** Collapses runs of whitespace (including newlines and NBSP) into single spaces and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Keeps pieces of text (code, math) out of reach of the markup clean-up: each is swapped for a
 * private-use placeholder, and swapped back at the end.
 */
export class TextProtector {
  private readonly kept: string[] = []

  /** Removes stray private-use delimiters from input, so they cannot forge placeholders. */
  static clean(text: string): string {
    return text.replace(/[\uE000\uE001]/g, '')
  }

  protect(value: string): string {
    this.kept.push(value)
    return `\uE000${this.kept.length - 1}\uE001`
  }

  restore(text: string): string {
    return text.replace(/\uE000(\d+)\uE001/g, (_m, index: string) => this.kept[Number(index)] ?? '')
  }
}

/**
 * Inline markdown/HTML → plain text, for one-line fields such as titles and descriptions.
 * Code spans keep their content, inline math keeps its TeX between `$…$`, links keep their
 * text, images and footnote references disappear. Block syntax is deliberately ignored
 * (a title "1. Introduction" must stay as written, not become a list).
 */
export function inlineMarkdownToText(source: string): string {
  const protector = new TextProtector()
  const protect = (value: string): string => protector.protect(value)
  const text = TextProtector.clean(source)

  let scanned = ''
  let i = 0
  while (i < text.length) {
    const ch = text[i]
    if (ch === '\\' && i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text[i + 1])) {
      scanned += protect(text[i + 1])
      i += 2
      continue
    }
    if (ch === '`') {
      let run = 1
      while (text[i + run] === '`') run++
      const fence = '`'.repeat(run)
      const close = findClosingRun(text, fence, i + run)
      if (close >= 0) {
        scanned += protect(collapseWhitespace(text.slice(i + run, close)))
        i = close + run
        continue
      }
      scanned += fence
      i += run
      continue
    }
    if (ch === '$') {
      const math = readInlineMath(text, i)
      if (math) {
        scanned += protect(`$${math.tex}$`)
        i = math.end
        continue
      }
    }
    scanned += ch
    i++
  }

  const stripped = decodeEntities(
    stripEmphasis(
      stripHtml(
        scanned
          // Each bracket class also excludes its opening bracket: a run of "[[[[" then costs one
          // short attempt per bracket instead of a scan to the end of the text.
          .replace(/!\[[^[\]\n]*\]\([^()\n]*\)/g, ' ')
          .replace(/!\[[^[\]\n]*\]\[[^[\]\n]*\]/g, ' ')
          .replace(/\[\^[^[\]\s]+\]/g, '')
          .replace(/\[([^[\]\n]*)\]\([^()\n]*\)/g, '$1')
          .replace(/\[([^[\]\n]*)\]\[[^[\]\n]*\]/g, '$1')
          .replace(/<((?:https?|mailto|ftp):[^<>\s]+)>/g, '$1'),
      ),
    ),
  )
  return collapseWhitespace(protector.restore(stripped))
}

function findClosingRun(text: string, fence: string, from: number): number {
  let at = text.indexOf(fence, from)
  while (at >= 0) {
    const longer = text[at + fence.length] === '`' || text[at - 1] === '`'
    if (!longer) return at
    let next = at
    while (text[next] === '`') next++
    at = text.indexOf(fence, next)
  }
  return -1
}

/** Pandoc's rule: `$` opens only before a non-space and closes only after one, not before a digit. */
function readInlineMath(text: string, start: number): { tex: string; end: number } | null {
  const display = text[start + 1] === '$'
  const open = display ? 2 : 1
  const delimiter = display ? '$$' : '$'
  let at = text.indexOf(delimiter, start + open)
  while (at >= 0 && text[at - 1] === '\\') at = text.indexOf(delimiter, at + 1)
  if (at < 0) return null
  const tex = text.slice(start + open, at)
  if (!tex.trim()) return null
  if (!display && (/^\s/.test(tex) || /\s$/.test(tex) || /[0-9]/.test(text[at + 1] ?? ''))) return null
  return { tex: collapseWhitespace(tex), end: at + open }
}

/** Drops `*`, `_` and `~~` used as emphasis; keeps `snake_case` and a lone `a * b`. */
export function stripEmphasis(text: string): string {
  return text
    .replace(/~~/g, '')
    .replace(/\*+/g, (run, offset: number, whole: string) => {
      const before = whole[offset - 1] ?? ' '
      const after = whole[offset + run.length] ?? ' '
      return /\s/.test(before) && /\s/.test(after) ? run : ''
    })
    .replace(/_+/g, (run, offset: number, whole: string) => {
      const before = whole[offset - 1] ?? ' '
      const after = whole[offset + run.length] ?? ' '
      const wordBefore = /[\p{L}\p{N}]/u.test(before)
      const wordAfter = /[\p{L}\p{N}]/u.test(after)
      // Intraword underscores are never emphasis in CommonMark.
      return wordBefore && wordAfter ? run : wordBefore || wordAfter ? '' : run
    })
}

/**
 * Shortens text to at most `max` characters, cutting at a word boundary and adding '…'.
 * Text without spaces near the cut (CJK, long URLs) is cut mid-word instead.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = max - 1
  const space = text.lastIndexOf(' ', cut)
  if (space >= max * 0.6) cut = space
  // Never leave half of a surrogate pair before the ellipsis.
  const last = text.charCodeAt(cut - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut--
  return trimCharacters(text.slice(0, cut), /[\s,;:.\-–—]/, 'end') + '…'
}

/**
 * Removes characters matching `unwanted` (a one-character test) from both ends, or only the
 * end. Written as a loop because `/[…]+$/` costs quadratic time on long runs that are not at
 * the end of the text.
 */
export function trimCharacters(text: string, unwanted: RegExp, side: 'both' | 'end' = 'both'): string {
  let start = 0
  let end = text.length
  if (side === 'both') while (start < end && unwanted.test(text[start])) start++
  while (end > start && unwanted.test(text[end - 1])) end--
  return text.slice(start, end)
}
