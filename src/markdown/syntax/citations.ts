/**
 * Citation syntaxes of the sites essays come from, all read into one representation and left in
 * the text as a placeholder (private-use characters, like the cross-reference placeholders in
 * placeholders.ts) that markdown leaves alone; `rehype-citations` turns each into its marks once
 * the tree is sanitised. Syntaxes: pandoc/Quarto `[@a; -@b, p. 3]` and narrative `@a`, distill
 * `<d-cite key="a,b">`, d2l `:cite:`/`:citet:`, jekyll-scholar `{% cite a b %}`; the list's place
 * is `{% bibliography %}` or `<d-bibliography>`.
 */

import { z } from 'zod'
import { quartoPrefix } from '../dialects/pandoc/labels.js'

const CitationItemSchema = z.object({
  key: z.string(),
  /** Text before the mark: "see" in `[see @a]`. */
  prefix: z.string().optional(),
  /** Text after the mark, as written: ", p. 3" in `[@a, p. 3]`. */
  suffix: z.string().optional(),
  /** `[-@a]`: the year (or number) alone, the author being named in the sentence. */
  suppressAuthor: z.boolean().optional(),
})
export type CitationItem = z.infer<typeof CitationItemSchema>

const CitationSchema = z.object({
  /** Parenthetical "(Vaswani et al., 2017)" or narrative "Vaswani et al. (2017)". */
  mode: z.enum(['parenthetical', 'narrative']),
  items: z.array(CitationItemSchema).min(1),
})
export type Citation = z.infer<typeof CitationSchema>

/** What the inline rewriter needs to tell citations from other uses of `@` and brackets. */
export interface CitationScope {
  /** Keys of the essay's bibliography: a bare `@name` is a citation only when `name` is one. */
  keys?: ReadonlyMap<string, unknown>
  /** Labels of link definitions written in the essay (`[@user]: https://…`): those brackets are links. */
  linkLabels: ReadonlySet<string>
}

export interface Handled {
  text: string
  end: number
}

const OPEN = '\uE000'
const SEP = '\uE001'
const CLOSE = '\uE002'
const CITE = 'cite'
const LIST = 'bibliography'
/**
 * Punctuation (Unicode Pi and Pf, which no markdown syntax reads) a placeholder carries on a side
 * where an emphasis delimiter touches it and the syntax it stands for began or ended with
 * punctuation: markdown then reads `__bold__<d-cite …>` as it reads the original, the `__`
 * closing before `<`, where a private-use character, read like a letter, would keep it open.
 */
const PUNCTUATION_BEFORE = '\u2E1C'
const PUNCTUATION_AFTER = '\u2E1D'
export const CITATION_PLACEHOLDER = /\u2E1C?\uE000(cite|bibliography)\uE001([A-Za-z0-9%]*)\uE002\u2E1D?/g

/** A key after `@`: pandoc's rule (letters, digits, `_`, inner punctuation), or any text in braces. */
/** Pandoc's key: letters and digits of any script (`Hernán2009`), `_`, and punctuation inside. */
const BARE_KEY = /^(?:\{([^{}\n]+)\}|([\p{L}\p{N}_][\p{L}\p{N}_:.#$%&+?~/-]*))/u
const LINK_DEFINITION = /^ {0,3}\[(-?@[^\]\n]+)\]:/gm
const DISTILL_CITE = /<d-cite\b([^>]*?)\/?>(?:\s*<\/d-cite>)?/y
const DISTILL_BIBLIOGRAPHY = /<d-bibliography\b[^>]*?\/?>(?:\s*<\/d-bibliography>)?/y
const KEY_ATTRIBUTE = /\b(?:key|bibtex-key)\s*=\s*(?:"([^"]*)"|'([^']*)')/

/** The scope of one document: its bibliography keys and its link labels that look like citations. */
export function citationScope(text: string, keys?: ReadonlyMap<string, unknown>): CitationScope {
  const linkLabels = new Set<string>()
  if (text.includes('@')) for (const m of text.matchAll(LINK_DEFINITION)) linkLabels.add(normalizeLabel(m[1]))
  return { keys, linkLabels }
}

/** The placeholder standing for one citation. */
export function citationPlaceholder(citation: Citation): string {
  return OPEN + CITE + SEP + encode(JSON.stringify(citation)) + CLOSE
}

/** The placeholder marking where the references list goes. */
export function bibliographyPlaceholder(): string {
  return OPEN + LIST + SEP + CLOSE
}

/** The citation a placeholder's payload stands for; null for the list marker or a damaged payload. */
export function decodeCitation(kind: string, payload: string): Citation | null {
  if (kind !== CITE) return null
  try {
    const value = CitationSchema.safeParse(JSON.parse(decodeURIComponent(payload)))
    return value.success ? value.data : null
  } catch {
    return null
  }
}

/** `[@a]`, `[see @a, p. 3; -@b]` at `start` (an opening bracket); null when it is not a citation (a link, an e-mail). */
export function bracketCitation(text: string, start: number, scope: CitationScope | undefined): Handled | null {
  const close = text.indexOf(']', start + 1)
  if (close < 0) return null
  const inner = text.slice(start + 1, close)
  if (inner.includes('[') || inner.includes('\n\n')) return null
  const next = text[close + 1]
  // `[@x](url)`, `[@x][ref]` and `[@x]: url` are links; so is `[@x]` when the essay defines it.
  if (next === '(' || next === '[' || next === ':' || scope?.linkLabels.has(normalizeLabel(inner))) return null
  const items: CitationItem[] = []
  for (const part of inner.split(';')) {
    const item = parseItem(part)
    if (!item) return null
    items.push(item)
  }
  if (items.length === 0) return null
  return {
    text: flanked(citationPlaceholder({ mode: 'parenthetical', items }), text, start, close + 1),
    end: close + 1,
  }
}

/** The placeholder for the syntax between `start` and `end`, with punctuation where an emphasis delimiter touches it. */
function flanked(placeholder: string, text: string, start: number, end: number, after = true): string {
  const delimiter = (c: string | undefined): boolean => c === '_' || c === '*'
  return (
    (delimiter(text[start - 1]) ? PUNCTUATION_BEFORE : '') +
    placeholder +
    (after && delimiter(text[end]) ? PUNCTUATION_AFTER : '')
  )
}

/** Narrative `@a` (or `@a [p. 3]`) at `start` (the `@`), only when `a` is in the bibliography. */
export function narrativeCitation(text: string, start: number, scope: CitationScope | undefined): Handled | null {
  if (!scope?.keys) return null
  const key = readKey(text.slice(start + 1, start + 301))
  if (!key || !scope.keys.has(key.key)) return null
  let end = start + 1 + key.length
  const item: CitationItem = { key: key.key }
  const locator = /^ \[([^\][\n@]+)\](?![([:])/.exec(text.slice(end, end + 200))
  if (locator) {
    item.suffix = `, ${locator[1].trim()}`
    end += locator[0].length
  }
  // `@a` begins with punctuation and ends with a letter, as the placeholder then does.
  return { text: flanked(citationPlaceholder({ mode: 'narrative', items: [item] }), text, start, end, false), end }
}

/** distill `<d-cite key="a,b"></d-cite>` at `start`, and `<d-bibliography>` (the list's place). */
export function distillCitation(text: string, start: number): Handled | null {
  DISTILL_BIBLIOGRAPHY.lastIndex = start
  const list = DISTILL_BIBLIOGRAPHY.exec(text)
  if (list)
    return {
      text: flanked(bibliographyPlaceholder(), text, start, start + list[0].length),
      end: start + list[0].length,
    }
  DISTILL_CITE.lastIndex = start
  const m = DISTILL_CITE.exec(text)
  if (!m) return null
  const attr = KEY_ATTRIBUTE.exec(m[1])
  const keys = splitKeys(attr?.[1] ?? attr?.[2] ?? '', /,/)
  if (keys.length === 0) return null
  const end = start + m[0].length
  return {
    text: flanked(
      citationPlaceholder({ mode: 'parenthetical', items: keys.map((key) => ({ key })) }),
      text,
      start,
      end,
    ),
    end,
  }
}

/** d2l `:cite:` (parenthetical) and `:citet:` (narrative) with a comma-separated key list. */
export function d2lCitation(role: 'cite' | 'citet', list: string): string {
  const keys = splitKeys(list, /,/)
  if (keys.length === 0) return ''
  return citationPlaceholder({
    mode: role === 'citet' ? 'narrative' : 'parenthetical',
    items: keys.map((key) => ({ key })),
  })
}

/** Keys from a list written with `separator` between them, blanks dropped. */
export function splitKeys(list: string, separator: RegExp): string[] {
  return list
    .split(separator)
    .map((k) => k.trim())
    .filter(Boolean)
}

function parseItem(part: string): CitationItem | null {
  const at = /(^|\s)(-?)@/.exec(part)
  if (!at) return null
  const keyStart = at.index + at[0].length
  const key = readKey(part.slice(keyStart))
  // `@thm-x`, `@fig-x`: Quarto cross-references (dialects/pandoc), never bibliography keys.
  if (!key || quartoPrefix(key.key) !== null) return null
  const item: CitationItem = { key: key.key }
  const prefix = part.slice(0, at.index + at[1].length).trim()
  const suffix = part.slice(keyStart + key.length).trimEnd()
  if (prefix) item.prefix = prefix
  if (suffix.trim()) item.suffix = suffix
  if (at[2] === '-') item.suppressAuthor = true
  return item
}

/** The key at the start of `text` (without its `@`), and how many characters it takes; trailing punctuation is prose. */
function readKey(text: string): { key: string; length: number } | null {
  const m = BARE_KEY.exec(text)
  if (!m) return null
  if (m[1] !== undefined) return { key: m[1].trim(), length: m[0].length }
  let key = m[2]
  while (key.length > 0 && !/[\p{L}\p{N}_]/u.test(key[key.length - 1])) key = key.slice(0, -1)
  return key ? { key, length: key.length } : null
}

function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** JSON as letters, digits and `%` only: nothing markdown or HTML would read as syntax. */
function encode(json: string): string {
  return encodeURIComponent(json).replace(/[!'()*~._-]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}
