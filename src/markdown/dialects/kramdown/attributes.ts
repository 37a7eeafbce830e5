/**
 * kramdown's attribute syntax (https://kramdown.gettalong.org/syntax.html#attribute-list-definitions):
 * what a `{: …}` tag is, and the HTML properties an inline attribute list (IAL) gives.
 */

/** One kramdown tag in braces, as read from the text. */
export type KramdownTag =
  | { kind: 'ial'; attributes: Attributes }
  /** `{:name: …}`: an attribute list definition, referred to by name; nothing to show. */
  | { kind: 'ald' }
  /** `{::name …}` opening an extension; `selfClosing` when written `{::name …/}`. */
  | { kind: 'extension'; name: string; selfClosing: boolean }
  /** `{:/name}` or `{:/}`: the end of the extension opened last. */
  | { kind: 'end'; name: string }

export interface Attributes {
  id?: string
  classes: string[]
  /** key=value pairs as written, lower-case keys. */
  pairs: Map<string, string>
  /** Bare words: names of attribute list definitions, and `toc` (kramdown's contents marker). */
  references: string[]
}

/** A tag's body is short; a longer run of text before `}` is prose, not an attribute list. */
const MAX_TAG_LENGTH = 500
/** One token of an attribute list: `.class`, `#id`, `key="v"`, `key='v'`, `key=v` or a bare name. */
const TOKEN = /\s*(?:\.([\w-]+)|#([\w:.-]+)|([\w:-]+)=(?:"([^"]*)"|'([^']*)'|([^\s"'}]*))|([\w-]+))/y

/**
 * The kramdown tag that starts at `from` in `text` (at its `{`), and where it ends, or null when
 * none does. Quoted values may hold braces; anything unreadable means "not a tag".
 */
export function readTag(text: string, from = 0): { tag: KramdownTag; end: number } | null {
  if (text[from] !== '{' || text[from + 1] !== ':') return null
  const close = closingBrace(text, from + 2)
  if (close < 0) return null
  const body = text.slice(from + 2, close)
  const end = close + 1
  if (body.startsWith('/')) {
    const name = body.slice(1).trim()
    return /^[\w-]*$/.test(name) ? { tag: { kind: 'end', name }, end } : null
  }
  if (body.startsWith(':')) {
    const m = /^:([\w-]+)(?:\s[^]*?)?(\/?)\s*$/.exec(body)
    return m ? { tag: { kind: 'extension', name: m[1], selfClosing: m[2] === '/' }, end } : null
  }
  if (/^[\w-]+:/.test(body) && !/^[\w-]+:\/\//.test(body)) return { tag: { kind: 'ald' }, end }
  const attributes = readAttributes(body)
  return attributes ? { tag: { kind: 'ial', attributes }, end } : null
}

/** The `}` closing a tag whose body starts at `from`, skipping quoted values; -1 if none near. */
function closingBrace(text: string, from: number): number {
  const limit = Math.min(text.length, from + MAX_TAG_LENGTH)
  let quote = ''
  for (let p = from; p < limit; p++) {
    const ch = text[p]
    if (quote) {
      if (ch === quote) quote = ''
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '}') return p
    else if (ch === '{' || ch === '\n') return -1
  }
  return -1
}

function readAttributes(body: string): Attributes | null {
  const out: Attributes = { classes: [], pairs: new Map(), references: [] }
  const token = new RegExp(TOKEN.source, 'y')
  let pos = 0
  while (pos < body.length) {
    if (body.slice(pos).trim() === '') break
    token.lastIndex = pos
    const m = token.exec(body)
    if (!m || m[0].length === 0) return null
    pos = token.lastIndex
    if (m[1]) out.classes.push(m[1])
    else if (m[2]) out.id = m[2]
    else if (m[3]) {
      const key = m[3].toLowerCase()
      const value = m[4] ?? m[5] ?? m[6] ?? ''
      if (key === 'class') out.classes.push(...value.split(/\s+/).filter(Boolean))
      else if (key === 'id') out.id = value
      else out.pairs.set(key, value)
    } else if (m[7]) out.references.push(m[7])
  }
  return out
}

/** Attributes an author sets with an IAL that the page can keep (the sanitizer has the last word). */
const KEPT = new Set(['width', 'height', 'title', 'alt', 'align', 'lang', 'dir'])

/**
 * The HTML properties an IAL gives an element. Classes are kept for the sanitizer to judge (the
 * theme's `.center` means nothing here). A `style` is never kept, but its width is: kramdown
 * blogs size their figures with `style="width: 65%;"`, and an image's `width` says the same.
 */
export function propertiesOf(attributes: Attributes, element: 'img' | 'other'): Record<string, string | string[]> {
  const props: Record<string, string | string[]> = {}
  if (attributes.id && /^[\w:.-]+$/.test(attributes.id)) props.id = attributes.id
  if (attributes.classes.length > 0) props.className = attributes.classes
  for (const [key, value] of attributes.pairs) if (KEPT.has(key)) props[key] = value
  if (element === 'img' && props.width === undefined) {
    const width = /(?:^|;)\s*(?:max-)?width\s*:\s*(\d+(?:\.\d+)?)(%|px)?\s*(?:;|$)/i.exec(
      attributes.pairs.get('style') ?? '',
    )
    if (width) props.width = width[2] === '%' ? `${width[1]}%` : width[1]
  }
  return props
}
