import { ANNOTATION_TYPE_VALUES } from '../../src/shared/annotation-types.js'
import type { Annotation } from '../../src/shared/schemas/enhancements.js'

export type AnnotationType = Annotation['type']

/** SPEC §3: the five annotation types, in the order the legend shows them. */
export const ANNOTATION_TYPES: readonly AnnotationType[] = ANNOTATION_TYPE_VALUES

export const ANNOTATION_TYPE_LABELS: Record<AnnotationType, string> = {
  definition: 'Definition',
  example: 'Example',
  context: 'Context',
  elaboration: 'Elaboration',
  connection: 'Connection',
}

// ---- highlighting over the rendered HTML ----

/** Elements whose text is never highlighted: code, formulas, links and controls, headings. */
const SKIP_TAGS = new Set([
  'a',
  'button',
  'code',
  'pre',
  'kbd',
  'samp',
  'script',
  'style',
  'textarea',
  'select',
  'option',
  'math',
  'svg',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
])
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title'])
const VOID_TAGS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])
/** KaTeX's own markup (`katex`, `katex-display`, …) and the pipeline's math wrappers. */
const MATH_CLASS = /(?:^|\s)(?:katex[\w-]*|math[\w-]*)(?=\s|$)/

// A comment, a doctype, or a tag with quoted or bare attribute values (a quoted value may hold '>').
const TAG = /<!--[\s\S]*?-->|<![^>]*>|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g

interface Token {
  raw: string
  /** Text outside any element whose text must stay untouched. */
  text: boolean
}

/** Splits HTML into tags and text, marking which text may be highlighted. */
function tokenize(html: string): Token[] {
  const tokens: Token[] = []
  // each open element, and whether its text (and its children's) is off limits
  const stack: { name: string; skip: boolean }[] = []
  const skipping = () => stack.length > 0 && stack[stack.length - 1].skip
  let last = 0
  TAG.lastIndex = 0
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m.index > last) tokens.push({ raw: html.slice(last, m.index), text: !skipping() })
    tokens.push({ raw: m[0], text: false })
    last = TAG.lastIndex
    const name = m[1]?.toLowerCase()
    if (!name) continue
    if (m[0].startsWith('</')) {
      const at = stack.map((e) => e.name).lastIndexOf(name)
      if (at >= 0) stack.length = at
      continue
    }
    if (VOID_TAGS.has(name) || /\/\s*$/.test(m[2] ?? '')) continue
    if (RAW_TEXT_TAGS.has(name)) {
      // its content is text up to the closing tag, never markup
      const close = html.toLowerCase().indexOf(`</${name}`, last)
      const end = close < 0 ? html.length : close
      if (end > last) tokens.push({ raw: html.slice(last, end), text: false })
      last = end
      TAG.lastIndex = end
      continue
    }
    if (skipping()) {
      stack.push({ name, skip: true })
      continue
    }
    const cls = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[2] ?? '')
    const className = cls ? (cls[1] ?? cls[2] ?? cls[3] ?? '') : ''
    if (!SKIP_TAGS.has(name) && !MATH_CLASS.test(className)) {
      stack.push({ name, skip: false })
      continue
    }
    // An element whose text is off limits is one token to its end tag: a formula's KaTeX markup
    // is most of a math-heavy essay's tags, and reading each of them one by one was the longest
    // task of loading the heaviest math page (issue 40).
    const end = closingEnd(html, name, last)
    if (end < 0) {
      stack.push({ name, skip: true })
      continue
    }
    tokens.push({ raw: html.slice(last, end), text: false })
    last = end
    TAG.lastIndex = end
  }
  if (last < html.length) tokens.push({ raw: html.slice(last), text: !skipping() })
  return tokens
}

/**
 * Where the element named `name` whose start tag ends at `from` ends (just past its end tag),
 * counting only tags of its own name (elements nest properly in the rendered essay); -1 when it
 * is never closed, for the tag-by-tag reading to handle.
 */
function closingEnd(html: string, name: string, from: number): number {
  const same = new RegExp(`<!--[\\s\\S]*?-->|<(/?)${name}(?=[\\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'gi')
  same.lastIndex = from
  let depth = 1
  for (let m = same.exec(html); m; m = same.exec(html)) {
    if (m[0].startsWith('<!--')) continue
    if (m[1]) depth--
    else if (!VOID_TAGS.has(name) && !/\/\s*$/.test(m[2] ?? '')) depth++
    if (depth === 0) return same.lastIndex
  }
  return -1
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
const ENTITY = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z][a-zA-Z0-9]*));/g

/**
 * A text run's decoded characters and, for each, where it starts in the raw HTML, so a match
 * found in the text can be cut out of the markup exactly as written (never re-encoded).
 */
function decodeWithOffsets(raw: string): { text: string; starts: number[] } {
  let text = ''
  const starts: number[] = []
  const push = (s: string, at: number) => {
    for (let i = 0; i < s.length; i++) starts.push(at)
    text += s
  }
  let last = 0
  ENTITY.lastIndex = 0
  for (let m = ENTITY.exec(raw); m; m = ENTITY.exec(raw)) {
    for (let i = last; i < m.index; i++) push(raw[i], i)
    let decoded: string | undefined
    if (m[1] || m[2]) {
      const code = m[1] ? Number(m[1]) : parseInt(m[2], 16)
      decoded = code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined
    } else {
      decoded = NAMED_ENTITIES[m[3]]
    }
    // an entity we do not know stays as written, character by character
    if (decoded === undefined) for (let i = m.index; i < ENTITY.lastIndex; i++) push(raw[i], i)
    else push(decoded, m.index)
    last = ENTITY.lastIndex
  }
  for (let i = last; i < raw.length; i++) push(raw[i], i)
  starts.push(raw.length)
  return { text, starts }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A pattern for an annotation's target: whitespace matches any run of whitespace (the HTML
 * keeps the markdown's line breaks), straight and curly apostrophes match each other, and a
 * target that starts or ends with a letter or digit must do so at a word boundary.
 */
function targetPattern(target: string, flags: string): RegExp {
  const body = target
    .trim()
    .split(/\s+/)
    .map((word) => escapeRegExp(word).replace(/['\u2019]/g, "['\u2019]"))
    .join('\\s+')
  const t = target.trim()
  const before = /^[\p{L}\p{N}]/u.test(t) ? '(?<![\\p{L}\\p{N}])' : ''
  const after = /[\p{L}\p{N}]$/u.test(t) ? '(?![\\p{L}\\p{N}])' : ''
  return new RegExp(`${before}${body}${after}`, `gu${flags}`)
}

interface Placement {
  /** Raw offsets within the text token. */
  start: number
  end: number
  index: number
}

export interface HighlightResult {
  html: string
  /** Indices (into the annotations given) of those whose target was found and highlighted. */
  placed: number[]
}

/**
 * Marks each annotation's target in rendered essay HTML: the first occurrence in the text
 * (not inside code, formulas, links or headings; matched exactly, else ignoring case) becomes
 * a keyboard-focusable trigger `<span class="annotation annotation--{type}" role="button"
 * data-annotation="{index}">`. Targets that overlap one already placed take their next
 * occurrence. Nothing from the annotations is written into the markup but the validated type
 * and the index; the highlighted words are cut from the HTML as they were.
 */
export function highlightAnnotations(
  html: string,
  annotations: readonly Pick<Annotation, 'type' | 'targetText'>[],
): HighlightResult {
  const tokens = tokenize(html)
  const texts = tokens.map((t) => (t.text ? decodeWithOffsets(t.raw) : null))
  const placements = new Map<number, Placement[]>()
  const placed: number[] = []

  const overlaps = (tokenIndex: number, start: number, end: number) =>
    (placements.get(tokenIndex) ?? []).some((p) => start < p.end && p.start < end)

  const find = (pattern: RegExp): { tokenIndex: number; start: number; end: number } | null => {
    for (let ti = 0; ti < tokens.length; ti++) {
      const decoded = texts[ti]
      if (!decoded) continue
      pattern.lastIndex = 0
      for (let m = pattern.exec(decoded.text); m; m = pattern.exec(decoded.text)) {
        if (m[0].length === 0) {
          pattern.lastIndex++
          continue
        }
        const start = decoded.starts[m.index]
        const end = decoded.starts[m.index + m[0].length]
        if (!overlaps(ti, start, end)) return { tokenIndex: ti, start, end }
      }
    }
    return null
  }

  annotations.forEach((annotation, index) => {
    if (!ANNOTATION_TYPES.includes(annotation.type) || !annotation.targetText.trim()) return
    const hit = find(targetPattern(annotation.targetText, '')) ?? find(targetPattern(annotation.targetText, 'i'))
    if (!hit) return
    const list = placements.get(hit.tokenIndex) ?? []
    list.push({ start: hit.start, end: hit.end, index })
    placements.set(hit.tokenIndex, list)
    placed.push(index)
  })

  let out = ''
  tokens.forEach((token, ti) => {
    const list = placements.get(ti)
    if (!list) {
      out += token.raw
      return
    }
    list.sort((a, b) => a.start - b.start)
    let at = 0
    for (const p of list) {
      const type = annotations[p.index].type
      out += token.raw.slice(at, p.start)
      out += `<span class="annotation annotation--${type}" role="button" tabindex="0" aria-haspopup="dialog" aria-expanded="false" data-annotation="${p.index}">`
      out += token.raw.slice(p.start, p.end)
      out += '</span>'
      at = p.end
    }
    out += token.raw.slice(at)
  })
  return { html: out, placed: placed.sort((a, b) => a - b) }
}
