import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { VFile } from 'vfile'
import type { Emphasis, ReadingBlock, ReadingSegment } from '../../shared/schemas/index.js'
import { HEADING_DEPTH, isPageChrome, isMathCode, textOf } from './hast-math.js'

type ProseKind = Extract<ReadingBlock, { kind: 'prose' }>['block']

declare module 'vfile' {
  interface DataMap {
    reading: ReadingBlock[]
    /** The equation number KaTeX shows for each display block of `reading`, in order (null: unnumbered). */
    readingNumbers: (string | null)[]
  }
}

/** Pictures and controls: no prose in them (an SVG plot's labels are not sentences). */
const SKIPPED = new Set([
  'img',
  'svg',
  'input',
  'video',
  'audio',
  'picture',
  'select',
  'button',
  'script',
  'style',
  'template',
])
/** Elements that hold blocks rather than text; their inline children are read as their own block. */
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'aside',
  'details',
  'summary',
  'figure',
  'header',
  'footer',
  'nav',
  'main',
  'dl',
  'dt',
  'dd',
  'center',
  'hgroup',
  'address',
])
const TAG = /\\tag\*?\s*\{([^{}]*)\}/
const TAGS = /\\tag\*?\s*\{[^{}]*\}/g
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}，。、；：！？）」]$/u
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}（「]/u
const MAX_LEAD = 40
const EQUATION_LINK = /^#(?:user-content-)?eq-/
/** Elements that emphasise their text; bold (`strong`, `b`) is told apart from italics. */
const EMPHASIS: Record<string, 'em' | 'strong'> = { em: 'em', i: 'em', strong: 'strong', b: 'strong' }
type Emphasised = 'em' | 'strong' | null
type TextSegment = Extract<ReadingSegment, { kind: 'text' }>

/**
 * The essay's one reading for everything that analyses its prose (issue 20): the sanitised
 * tree, read while formulas are still TeX and after citations, cross-references and
 * equation numbers are resolved, as blocks of typed inline runs. Nothing downstream parses
 * the markdown again. Stores `file.data.reading`.
 */
export default function rehypeEssayReading() {
  return (tree: Root, file: VFile): undefined => {
    const reader = new BlockCollector()
    reader.container(tree.children, 'paragraph')
    reader.flush()
    file.data.reading = reader.blocks
    file.data.readingNumbers = reader.numbers
  }
}

class BlockCollector {
  readonly blocks: ReadingBlock[] = []
  readonly numbers: (string | null)[] = []
  /** Inline content met outside any paragraph (text straight in a `div`, a tight list item). */
  private loose: { kind: ProseKind; segments: ReadingSegment[] } | null = null

  container(nodes: readonly (RootContent | ElementContent)[], kind: ProseKind): void {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (node.value.trim() !== '' || this.loose) this.looseRun(kind).push(...textSegment(node.value))
      } else if (node.type === 'element') this.element(node, kind)
    }
  }

  flush(): void {
    const open = this.loose
    this.loose = null
    if (open) this.prose(open.kind, open.segments)
  }

  private element(node: Element, kind: ProseKind): void {
    const tag = node.tagName
    if (SKIPPED.has(tag) || isPageChrome(node)) return
    const depth = HEADING_DEPTH[tag]
    if (depth) {
      this.flush()
      // Headings inside notes are the notes' own furniture, not the essay's sections.
      if (kind !== 'footnote') this.blocks.push({ kind: 'heading', depth, segments: inlineOf(node.children) })
      return
    }
    switch (tag) {
      case 'p':
        this.flush()
        return this.prose(kind === 'paragraph' ? 'paragraph' : kind, inlineOf(node.children), leadOf(node))
      case 'pre':
        return this.pre(node)
      case 'ul':
      case 'ol':
        this.flush()
        for (const li of node.children)
          if (li.type === 'element')
            this.item(li, kind === 'footnote' ? 'footnote' : kind === 'quote' ? 'quote' : 'item')
        return
      case 'li':
        return this.item(node, kind === 'paragraph' ? 'item' : kind)
      case 'blockquote':
        this.flush()
        this.container(node.children, 'quote')
        return this.flush()
      case 'table':
        this.flush()
        return this.cells(node)
      case 'figcaption':
        this.flush()
        this.container(node.children, 'html')
        return this.flush()
    }
    if (tag === 'section' && node.properties.dataFootnotes !== undefined) {
      this.flush()
      this.container(node.children, 'footnote')
      return this.flush()
    }
    if (CONTAINERS.has(tag) || tag.includes('-')) {
      // Paragraphs inside a wrapper (distill's <d-article>, a <div>) are still paragraphs; loose text there is 'html'.
      this.flush()
      this.container(node.children, kind)
      return this.flush()
    }
    this.looseRun(kind).push(...inlineOf([node]))
  }

  private item(li: Element, kind: ProseKind): void {
    this.flush()
    this.container(li.children, kind)
    this.flush()
  }

  private pre(node: Element): void {
    this.flush()
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
    if (!code || !isMathCode(code)) {
      const language = code ? languageOf(code) : undefined
      this.blocks.push({
        kind: 'code',
        text: textOf(code ?? node).replace(/\n+$/, ''),
        ...(language ? { language } : {}),
      })
      return
    }
    const written = textOf(code)
    this.blocks.push({ kind: 'display', tex: written.replace(TAGS, '').trim(), label: null })
    this.numbers.push(TAG.exec(written)?.[1].trim() ?? null)
  }

  private cells(table: Element): void {
    for (const row of descendants(table, 'tr')) {
      for (const cell of row.children) {
        if (cell.type !== 'element' || (cell.tagName !== 'td' && cell.tagName !== 'th')) continue
        this.container(cell.children, 'table')
        this.flush()
      }
    }
  }

  private looseRun(kind: ProseKind): ReadingSegment[] {
    const prose = kind === 'paragraph' ? 'html' : kind
    if (this.loose && this.loose.kind !== prose) this.flush()
    this.loose ??= { kind: prose, segments: [] }
    return this.loose.segments
  }

  private prose(block: ProseKind, raw: ReadingSegment[], lead?: string): void {
    const segments = merged(raw)
    if (!segments.some((s) => (s.kind === 'text' ? s.text.trim() !== '' : true))) return
    this.blocks.push(lead ? { kind: 'prose', block, segments, lead } : { kind: 'prose', block, segments })
  }
}

/** The inline runs of some phrasing content, in reading order; emphasised text keeps its `emphasis`. */
function inlineOf(nodes: readonly ElementContent[]): ReadingSegment[] {
  const out: ReadingSegment[] = []
  const walk = (list: readonly ElementContent[], emphasis: Emphasised = null) => {
    for (const node of list) {
      if (node.type === 'text') out.push(...textSegment(node.value, emphasis))
      else if (node.type === 'element') inline(node, emphasis)
    }
  }
  const inline = (node: Element, emphasis: Emphasised) => {
    const tag = node.tagName
    if (SKIPPED.has(tag) || isPageChrome(node)) return
    if (tag === 'br') return out.push({ kind: 'text', text: ' ' })
    if (isMathCode(node)) return out.push({ kind: 'math', tex: textOf(node).replace(TAGS, '').trim() })
    if (tag === 'code') return out.push({ kind: 'code', text: textOf(node) })
    const cls = node.properties.className
    if (Array.isArray(cls) && cls.includes('citation')) {
      if (cls.includes('citation-unknown')) {
        const keys = String(node.properties.dataCite ?? '')
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean)
        return out.push(
          cls.includes('citation-narrative') ? { kind: 'cite', keys, narrative: true } : { kind: 'cite', keys },
        )
      }
      // A resolved mark reads as the reader sees it ("Vaswani et al., 2017").
      return walk(node.children, emphasis)
    }
    const href = node.properties.href
    // "(3)" pointing at an equation of this essay reads as the number it is, not as a link away.
    if (tag === 'a' && typeof href === 'string' && EQUATION_LINK.test(href)) return walk(node.children, emphasis)
    if (tag === 'a' && typeof href === 'string' && href !== '')
      return out.push({ kind: 'link', text: plain(node.children), url: linkAddress(node, href) })
    const own = EMPHASIS[tag]
    walk(node.children, own ? (emphasis === 'strong' || own === 'strong' ? 'strong' : 'em') : emphasis)
  }
  walk(nodes)
  return out
}

/** Where a link goes as its author addressed it: `{% post_url name %}` (shown as `#` until read) by its name. */
function linkAddress(node: Element, href: string): string {
  const xref = node.properties.dataXref
  return typeof xref === 'string' && xref.startsWith('post:') ? xref.slice('post:'.length) : href
}

/** A link's text as read: formulas as their TeX, footnote marks left out. */
function plain(nodes: readonly ElementContent[]): string {
  let text = ''
  for (const node of nodes) {
    if (node.type === 'text') text += node.value
    else if (node.type === 'element' && !SKIPPED.has(node.tagName) && !isPageChrome(node)) text += plain(node.children)
  }
  return text.replace(/\s+/g, ' ').trim()
}

/** Soft line breaks read as spaces, except between Chinese or Japanese characters (no spaces there). */
function textSegment(value: string, emphasis: Emphasised = null): ReadingSegment[] {
  const text = value
    .replace(/[ \t]*\r?\n[ \t]*/g, (_m, offset: number, all: string) =>
      CJK_END.test(all.slice(0, offset)) && CJK_START.test(all.slice(offset + _m.length)) ? '' : ' ',
    )
    .replace(/\s+/g, ' ')
  if (text === '') return []
  const run = emphasis ? spanOf(text, 0, text.length, emphasis === 'strong') : null
  return [run ? { kind: 'text', text, emphasis: [run] } : { kind: 'text', text }]
}

/** An emphasised run without the spaces at its edges; null when nothing is left. */
function spanOf(text: string, start: number, end: number, strong: boolean | undefined): Emphasis | null {
  while (start < end && text[start] === ' ') start++
  while (end > start && text[end - 1] === ' ') end--
  return start < end ? { start, end, ...(strong ? { strong: true } : {}) } : null
}

/** Adjacent text runs as one segment (a double space at the seam read as one), their emphasis kept. */
function merged(segments: ReadingSegment[]): ReadingSegment[] {
  const out: ReadingSegment[] = []
  for (const s of segments) {
    const last = out[out.length - 1]
    if (s.kind === 'text' && last?.kind === 'text') out[out.length - 1] = joined(last, s)
    else out.push(s)
  }
  if (out[0]?.kind === 'text')
    out[0] = trimmed(out[0], out[0].text.length - out[0].text.trimStart().length, out[0].text.length)
  const end = out[out.length - 1]
  if (end?.kind === 'text') out[out.length - 1] = trimmed(end, 0, end.text.trimEnd().length)
  return out.filter((s) => s.kind !== 'text' || s.text !== '')
}

function joined(a: TextSegment, b: TextSegment): TextSegment {
  const cut = a.text.endsWith(' ') ? b.text.length - b.text.replace(/^ +/, '').length : 0
  const shift = a.text.length - cut
  const runs = [
    ...(a.emphasis ?? []),
    ...(b.emphasis ?? []).map((r) => ({ ...r, start: Math.max(a.text.length, r.start + shift), end: r.end + shift })),
  ]
  return withRuns(a.text + b.text.slice(cut), runs)
}

function trimmed(s: TextSegment, from: number, to: number): TextSegment {
  if (from === 0 && to === s.text.length) return s
  const text = s.text.slice(from, to)
  return withRuns(
    text,
    (s.emphasis ?? []).map((r) => ({ ...r, start: r.start - from, end: r.end - from })),
  )
}

/** The segment with its runs clipped to its text, touching runs joined; no `emphasis` when none is left. */
function withRuns(text: string, runs: Emphasis[]): TextSegment {
  const kept: Emphasis[] = []
  for (const r of runs) {
    const span = spanOf(text, Math.max(0, r.start), Math.min(text.length, r.end), r.strong)
    if (!span) continue
    const last = kept[kept.length - 1]
    if (last && span.start <= last.end)
      kept[kept.length - 1] = {
        start: last.start,
        end: Math.max(last.end, span.end),
        ...(last.strong && span.strong ? { strong: true } : {}),
      }
    else kept.push(span)
  }
  return kept.length > 0 ? { kind: 'text', text, emphasis: kept } : { kind: 'text', text }
}

/** "**Theorem:** …" → "Theorem": a short bold run that opens the paragraph. */
function leadOf(p: Element): string | undefined {
  const first = p.children.find((c) => c.type !== 'text' || c.value.trim() !== '')
  if (first?.type !== 'element' || (first.tagName !== 'strong' && first.tagName !== 'b')) return undefined
  const text = plain(first.children)
    .replace(/[:.]\s*$/, '')
    .trim()
  return text !== '' && text.length <= MAX_LEAD ? text : undefined
}

function* descendants(node: Element, tag: string): Generator<Element> {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    if (child.tagName === tag) yield child
    else if (child.tagName !== 'table') yield* descendants(child, tag)
  }
}

/** The language a code element is marked with (`class="language-python"`), if any. */
function languageOf(code: Element): string | undefined {
  const names = code.properties?.className
  if (!Array.isArray(names)) return undefined
  for (const name of names) if (typeof name === 'string' && name.startsWith('language-')) return name.slice(9)
  return undefined
}
