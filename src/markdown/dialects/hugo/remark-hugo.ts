import type { InlineMath, Math } from 'mdast-util-math'
import type { BlockContent, Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { Processor } from 'unified'
import type { VFile } from 'vfile'
import { contextOf, warn } from '../../essay-file-data.js'
import { callout } from '../blocks.js'
import { liquidArguments } from '../../syntax/liquid/index.js'
import { figureAnchor, hugoCaption, HUGO_SHORTCODE_NAMES } from './shortcodes.js'

/**
 * Hugo shortcodes with content, and every shortcode nobody rendered. The one-line ones
 * (`figure`, `youtube`, `ref`) became markdown before parsing (shortcodes.ts); what reaches the
 * tree is text: `{{% callout note %}}`…`{{% /callout %}}` becomes an aside, `{{< katex >}}` and
 * `{{< math >}}` a formula, `{{< highlight go >}}` a code block, their content taken from the
 * source lines (markdown would have read `*` and `_` in it). Any other shortcode is dropped
 * with a warning naming it: it is the site's own template, which only Hugo can run.
 */
export default function remarkHugo(this: Processor) {
  const parse = (text: string): Root => this.parse(text) as Root
  return (tree: Root, file: VFile): undefined => {
    if (!mentions(tree)) return
    const lines = String(file.value).split('\n')
    figuresFromSource(tree, lines, parse)
    rewriteFlow(tree, lines, file)
    dropInline(tree, file)
  }
}

/** One shortcode alone on a line: `{{< name args >}}` or `{{% /name %}}`. */
interface Marker {
  type: 'hugoMarker'
  name: string
  args: string
  closing: boolean
  line: number
}

type Item = RootContent | Marker

const WHOLE = /^\s*\{\{([<%])\s*(\/?)\s*([\w-]+)([^\n]*?)\s*([>%])\}\}\s*$/
const INLINE = /\{\{([<%])\s*(\/?)\s*([\w-]+)([^\n]*?)\s*[>%]\}\}/g
/** Shortcodes another dialect reads (Quarto's, dialects/pandoc): never dropped here. */
const OTHERS = new Set([
  'include',
  'embed',
  'pagebreak',
  'video',
  'meta',
  'var',
  'env',
  'kbd',
  'lipsum',
  'placeholder',
  'contents',
  'version',
])
const CALLOUTS = new Set(['callout', 'alert', 'notice', 'admonition', 'hint'])

function mentions(node: Root | RootContent): boolean {
  if (node.type === 'text') return node.value.includes('{{')
  return 'children' in node && node.children.some(mentions)
}

/**
 * A `{{< figure >}}` line the shortcode table could not read where it stood (a caption holding
 * `}}`, as TeX does, or a link markdown then took out of it): the figure, read from its line.
 */
function figuresFromSource(parent: Parent, lines: readonly string[], parse: (text: string) => Root): void {
  for (const child of parent.children as RootContent[]) {
    if (child.type !== 'paragraph') {
      if ('children' in child && child.type !== 'heading') figuresFromSource(child, lines, parse)
      continue
    }
    const line = child.position?.start.line
    if (line === undefined || child.position?.end.line !== line) continue
    const m = WHOLE.exec(lines[line - 1] ?? '')
    if (!m || m[2] === '/' || m[3].toLowerCase() !== 'figure') continue
    const named = liquidArguments(m[4])
    const src = named.get('src')?.trim()
    if (!src) continue
    const alt = named.get('alt') ?? ''
    const read = parse(hugoCaption(named.get('caption') ?? named.get('title') ?? '')).children[0]
    const text = read?.type === 'paragraph' ? read.children : []
    const anchor = figureAnchor(named.get('id'))
    child.children = [
      ...(anchor ? ([{ type: 'html', value: anchor }] as const) : []),
      { type: 'image', url: src, alt: alt || toPlain(text) },
    ]
    if (text.length === 0) continue
    child.data = { ...child.data, hName: 'figure' }
    child.children.push({ type: 'emphasis', data: { hName: 'figcaption' }, children: text })
  }
}

function toPlain(nodes: readonly PhrasingContent[]): string {
  return nodes.map((n) => ('value' in n ? n.value : 'children' in n ? toPlain(n.children) : '')).join('')
}

function rewriteFlow(parent: Parent, lines: string[], file: VFile): void {
  for (const child of parent.children)
    if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading') rewriteFlow(child, lines, file)
  const items: Item[] = []
  for (const child of parent.children as RootContent[])
    items.push(...(child.type === 'paragraph' ? splitParagraph(unlinkMarkerLines(child, lines)) : [child]))
  if (!items.some((i) => i.type === 'hugoMarker')) return
  parent.children = pair(items, lines, file) as typeof parent.children
}

/**
 * A shortcode line whose arguments hold an address (`{{% question "P4719" "https://…" %}}`):
 * GFM made a link of the address, so the line's text is in pieces. The link goes back to the
 * text it was written as, for the line to be read as the shortcode it is.
 */
function unlinkMarkerLines(paragraph: Paragraph, lines: readonly string[]): Paragraph {
  const onMarkerLine = (node: PhrasingContent): boolean => {
    const line = node.position?.start.line
    return line !== undefined && node.position?.end.line === line && WHOLE.test(lines[line - 1] ?? '')
  }
  if (!paragraph.children.some((c) => c.type === 'link' && onMarkerLine(c))) return paragraph
  const children: PhrasingContent[] = []
  for (const child of paragraph.children) {
    const node: PhrasingContent =
      child.type === 'link' && onMarkerLine(child) ? { type: 'text', value: toPlain(child.children) } : child
    const last = children[children.length - 1]
    if (node.type === 'text' && last?.type === 'text')
      children[children.length - 1] = { ...last, value: last.value + node.value }
    else children.push(node)
  }
  return { ...paragraph, children }
}

/** A paragraph cut at its shortcode lines, as kramdown tag lines are (see remark-kramdown). */
function splitParagraph(paragraph: Paragraph): Item[] {
  if (!paragraph.children.some((c) => c.type === 'text' && c.value.includes('{{'))) return [paragraph]
  const out: Item[] = []
  let line = paragraph.position?.start.line ?? 0
  let segment: PhrasingContent[] = []
  let atLineStart = true
  const flush = (): void => {
    while (segment.length > 0 && isBlank(segment[0])) segment.shift()
    while (segment.length > 0 && isBlank(segment[segment.length - 1])) segment.pop()
    if (segment.length > 0) out.push({ type: 'paragraph', children: segment })
    segment = []
  }
  const children = paragraph.children
  for (let k = 0; k < children.length; k++) {
    const child = children[k]
    if (child.type !== 'text') {
      segment.push(child)
      line = child.position?.end.line ?? line
      atLineStart = child.type === 'break'
      continue
    }
    const parts = child.value.split('\n')
    for (let j = 0; j < parts.length; j++) {
      if (j > 0) {
        line++
        atLineStart = true
      }
      const m = atLineStart && (j < parts.length - 1 || k === children.length - 1) ? WHOLE.exec(parts[j]) : null
      if (m) {
        flush()
        out.push({ type: 'hugoMarker', name: m[3].toLowerCase(), args: m[4].trim(), closing: m[2] === '/', line })
        continue
      }
      const text = j < parts.length - 1 ? parts[j] + '\n' : parts[j]
      if (text !== '') segment.push({ type: 'text', value: text })
      if (parts[j] !== '') atLineStart = false
    }
  }
  flush()
  return out
}

function isBlank(node: PhrasingContent): boolean {
  return node.type === 'text' && node.value.trim() === ''
}

/** Opening markers meet their closing ones; what lies between becomes the shortcode's content. */
function pair(items: Item[], lines: string[], file: VFile): RootContent[] {
  const out: RootContent[] = []
  for (let k = 0; k < items.length; k++) {
    const item = items[k]
    if (item.type !== 'hugoMarker') {
      out.push(item)
      continue
    }
    const close = item.closing ? -1 : closingIndex(items, k)
    if (close < 0) {
      if (!item.closing) dropped(file, item.name)
      continue
    }
    const inner = items.slice(k + 1, close).filter((i): i is RootContent => i.type !== 'hugoMarker')
    const end = items[close] as Marker
    const source = lines.slice(item.line, end.line - 1).join('\n')
    const node = contentShortcode(item, inner, source)
    if (node) out.push(node)
    else {
      // The site's own template is not run, but the text the author wrote inside it is shown.
      out.push(...inner)
      dropped(file, item.name)
    }
    k = close
  }
  return out
}

/** The index of the marker closing the one at `open` (nested pairs of its name counted), or -1. */
function closingIndex(items: Item[], open: number): number {
  const name = (items[open] as Marker).name
  let depth = 0
  for (let k = open + 1; k < items.length; k++) {
    const item = items[k]
    if (item.type !== 'hugoMarker' || item.name !== name) continue
    if (!item.closing) depth++
    else if (depth-- === 0) return k
  }
  return -1
}

function contentShortcode(open: Marker, inner: RootContent[], source: string): RootContent | null {
  const args = open.args.replace(/["']/g, '').split(/\s+/).filter(Boolean)
  if (CALLOUTS.has(open.name)) {
    const kind = /(?:^|\s)(?:type|kind)=["']?([\w-]+)/.exec(open.args)?.[1] ?? args[0] ?? 'note'
    const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/.exec(open.args)
    const heading = title ? [{ type: 'text', value: title[1] ?? title[2] } as Text] : null
    return callout(kind, heading, inner as BlockContent[])
  }
  if (open.name === 'katex' || open.name === 'math') return displayMath(source.trim())
  if (open.name === 'highlight') return { type: 'code', lang: args[0] ?? null, value: source.replace(/^\n+|\n+$/g, '') }
  // The Docsy, Book and Relearn themes' `{{< mermaid >}}`: a diagram, drawn like a ```` ```mermaid ```` block.
  if (open.name === 'mermaid') return { type: 'code', lang: 'mermaid', value: source.replace(/^\n+|\n+$/g, '') }
  return null
}

function dropped(file: VFile, name: string): void {
  if (OTHERS.has(name)) return
  const known = HUGO_SHORTCODE_NAMES.has(name) ? ' (its closing shortcode is missing)' : ''
  // Quarto writes its extensions' shortcodes the same way (`{{< iconify … >}}`): named by the tool the page is for.
  const tool = contextOf(file).sourceExtension === '.qmd' ? 'Quarto' : 'Hugo'
  warn(file, 'hugo-shortcode', `the ${tool} shortcode "${name}" is the site's own template and is not run${known}`)
}

/**
 * Shortcodes inside a sentence: `{{< katex >}}x^2{{< /katex >}}` becomes inline math; any other
 * is dropped with a warning (Quarto's names are left to their reader).
 */
function dropInline(node: Root | RootContent, file: VFile): void {
  if (!('children' in node)) return
  const children = node.children as RootContent[]
  for (let k = 0; k < children.length; k++) {
    const child = children[k]
    if (child.type !== 'text') {
      dropInline(child, file)
      continue
    }
    if (!child.value.includes('{{')) continue
    const replaced = inlineShortcodes(child.value, file)
    if (replaced) {
      children.splice(k, 1, ...replaced)
      k += replaced.length - 1
    }
  }
}

function inlineShortcodes(value: string, file: VFile): RootContent[] | null {
  const out: RootContent[] = []
  let pos = 0
  const pattern = new RegExp(INLINE.source, 'g')
  for (let m = pattern.exec(value); m !== null; m = pattern.exec(value)) {
    const name = m[3].toLowerCase()
    if (OTHERS.has(name)) continue
    if (pos < m.index) out.push({ type: 'text', value: value.slice(pos, m.index) })
    pos = m.index + m[0].length
    if (m[2] === '/') continue
    if (name === 'katex' || name === 'math') {
      const close = value.indexOf(`{{${m[1]} /${m[3]} ${m[1] === '<' ? '>' : '%'}}}`, pos)
      const end = close >= 0 ? close : closingAt(value, name, pos)
      if (end >= 0) {
        out.push(inlineMath(value.slice(pos, end).trim()))
        const after = /^\{\{[<%]\s*\/\s*[\w-]+\s*[>%]\}\}/.exec(value.slice(end))
        pos = end + (after?.[0].length ?? 0)
        pattern.lastIndex = pos
        continue
      }
    }
    dropped(file, name)
  }
  if (out.length === 0 && pos === 0) return null
  if (pos < value.length) out.push({ type: 'text', value: value.slice(pos) })
  return out
}

/** Where `{{< /name >}}` (any spacing) starts at or after `from`, or -1. */
function closingAt(value: string, name: string, from: number): number {
  const m = new RegExp(`\\{\\{[<%]\\s*/\\s*${name}\\s*[>%]\\}\\}`, 'gi')
  m.lastIndex = from
  return m.exec(value)?.index ?? -1
}

/** Formulas as remark-math makes them (its `data` is what remark-rehype turns into KaTeX's input). */
function displayMath(value: string): Math {
  const code = {
    type: 'element' as const,
    tagName: 'code',
    properties: { className: ['language-math', 'math-display'] },
    children: [{ type: 'text' as const, value }],
  }
  return { type: 'math', value, data: { hName: 'pre', hChildren: [code] } }
}

function inlineMath(value: string): InlineMath {
  return {
    type: 'inlineMath',
    value,
    data: {
      hName: 'code',
      hProperties: { className: ['language-math', 'math-inline'] },
      hChildren: [{ type: 'text', value }],
    },
  }
}
