/**
 * Pandoc's attribute block, `{#id .class key=value key2="v w"}`, as fenced divs, bracketed
 * spans, headings and images carry it (pandoc MANUAL, "Extension: attributes"). Read by hand in
 * one pass: the text comes from the essay, so a malformed block must give what it can, never
 * throw, and never cost more than its length.
 */
export interface PandocAttributes {
  id: string | null
  classes: string[]
  /** `key=value` pairs, in the order written (a repeated key keeps its last value). */
  values: Map<string, string>
}

/** Blocks longer than this are not attributes but runaway text (a lone `{` in prose). */
export const MAX_ATTRIBUTE_LENGTH = 2_000

/** The attributes inside `{…}` (`inner` without the braces), or a bare word (`::: warning`) as a class. */
export function parseAttributes(inner: string): PandocAttributes {
  const attributes: PandocAttributes = { id: null, classes: [], values: new Map() }
  const text = inner.length > MAX_ATTRIBUTE_LENGTH ? inner.slice(0, MAX_ATTRIBUTE_LENGTH) : inner
  let p = 0
  while (p < text.length) {
    const c = text[p]
    if (c === ' ' || c === '\t' || c === '\n') {
      p++
      continue
    }
    const start = p
    // A word runs to the next blank, except inside a quoted value.
    let quote = ''
    while (p < text.length) {
      const ch = text[p]
      if (quote) {
        if (ch === '\\' && p + 1 < text.length) p++
        else if (ch === quote) quote = ''
      } else if (ch === '"' || ch === "'") quote = ch
      else if (ch === ' ' || ch === '\t' || ch === '\n') break
      p++
    }
    addWord(attributes, text.slice(start, p))
  }
  return attributes
}

function addWord(attributes: PandocAttributes, word: string): void {
  if (word.startsWith('#')) {
    if (word.length > 1 && attributes.id === null) attributes.id = word.slice(1)
    return
  }
  if (word.startsWith('.')) {
    if (word.length > 1) attributes.classes.push(word.slice(1))
    return
  }
  // `{-}` is pandoc's short form of `.unnumbered`.
  if (word === '-') {
    attributes.classes.push('unnumbered')
    return
  }
  const eq = word.indexOf('=')
  if (eq <= 0) {
    // A bare word: pandoc reads `::: warning` as the class `warning`.
    if (/^[\w-]+$/.test(word)) attributes.classes.push(word)
    return
  }
  attributes.values.set(word.slice(0, eq), unquote(word.slice(eq + 1)))
}

function unquote(value: string): string {
  const q = value[0]
  if ((q === '"' || q === "'") && value.length >= 2 && value.endsWith(q))
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  return value
}

/** Whether a `{…}` written right after some text is pandoc attributes rather than prose or TeX. */
export function looksLikeAttributes(inner: string): boolean {
  const trimmed = inner.trim()
  if (trimmed === '' || trimmed.length > MAX_ATTRIBUTE_LENGTH) return false
  if (trimmed === '-') return true
  // Every word must be an id, a class or a key=value; one plain word is not enough (`{x}` is TeX).
  return /^(?:(?:#[\w:.-]+|\.[\w-]+|[\w:-]+=(?:"[^"]*"|'[^']*'|[^\s"'{}]*))(?:\s+|$))+$/.test(trimmed)
}
