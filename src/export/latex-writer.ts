import type { Definition, FootnoteDefinition, Heading, List, Nodes, Paragraph, PhrasingContent, Root, RootContent, Table } from 'mdast'
import { toString } from 'mdast-util-to-string'
import { asciiKey, codeLines, escapeText, latexKey, latexUrl, texttt, verbatimBody } from './latex-text.js'
import { CITE_COMMAND } from './citations.js'
import { displayMath, inlineMath } from './math.js'
import type { PreparedSource } from './source.js'

export interface WriterOptions {
  /** The post's title: a lone `#` heading repeating it is not written again. */
  title?: string
  /** Headings as `\section`s (default); off for text that goes inside an environment (the abstract). */
  sections?: boolean
  /** An absolute address for a link or image target, or null when it is not one to link to. */
  resolveUrl: (url: string) => string | null
}

/** Where a node is written: what LaTeX allows there. */
interface Place {
  /** Inside a command's argument (a footnote): no verbatim, no floats. */
  argument: boolean
  /** Inside a table cell: one line, no paragraph breaks. */
  cell: boolean
  /** Inside a heading or link text: text only, no links. */
  plain: boolean
  /** Footnotes may be written here (not in a section's short title, not inside a link). */
  notes: boolean
  /** Directly under the document (not in a list, quote or footnote): headings become sections. */
  top: boolean
}

const TOP: Place = { argument: false, cell: false, plain: false, notes: true, top: true }
const SECTIONS = ['section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph']
const ENUM_COUNTERS = ['enumi', 'enumii', 'enumiii', 'enumiv']
/** LaTeX's limits: four levels of itemize and of enumerate, six list-like environments in all. */
const MAX_KIND_DEPTH = 4
const MAX_LIST_DEPTH = 6
const HEADING_ID = /[ \t]*\{#([\w:.-]+)\}[ \t]*$/

/**
 * Writes one parsed essay (mdast) as the body of a LaTeX article. One writer per document: it
 * keeps the footnotes, link definitions and labels of that document.
 */
export class LatexWriter {
  private readonly footnotes = new Map<string, FootnoteDefinition>()
  private readonly definitions = new Map<string, Definition>()
  /** Footnotes already written, by identifier, with the label a second reference points at. */
  private readonly written = new Map<string, string>()
  private readonly labels = new Set<string>()
  readonly macros: string[] = []
  private skipped: Heading | null = null
  private headingShift = 0
  private readonly depth = { itemize: 0, enumerate: 0, all: 0 }
  private readonly footnoteStack: string[] = []

  constructor(
    private readonly source: PreparedSource,
    private readonly markdown: string,
    private readonly options: WriterOptions,
  ) {}

  document(root: Root): string {
    this.collect(root)
    return this.blocks(root.children, { ...TOP, top: this.options.sections !== false })
  }

  /** Link definitions, footnotes, heading labels, the title heading and the heading levels, before writing. */
  private collect(root: Root): void {
    const headings: Heading[] = []
    const walk = (node: Nodes): void => {
      if (node.type === 'definition') this.definitions.set(normalizeLabel(node.identifier), node)
      else if (node.type === 'footnoteDefinition') this.footnotes.set(node.identifier, node)
      else if (node.type === 'heading') {
        headings.push(node)
        const id = HEADING_ID.exec(this.source.restore(toString(node)))?.[1]
        if (id) this.labels.add(latexKey(id))
      }
      if ('children' in node) for (const child of node.children) walk(child)
    }
    walk(root)
    const titles = root.children.filter((n): n is Heading => n.type === 'heading' && n.depth === 1)
    if (titles.length === 1 && this.options.title && sameText(this.plainText(titles[0]), this.options.title)) this.skipped = titles[0]
    const depths = headings.filter((h) => h !== this.skipped).map((h) => h.depth)
    // The shallowest heading level of the essay is its sections (most essays start at `##`).
    this.headingShift = depths.length > 0 ? Math.min(...depths) - 1 : 0
  }

  private blocks(nodes: readonly (RootContent | Nodes)[], place: Place): string {
    return nodes
      .map((node) => this.block(node, place))
      .filter((s) => s.trim() !== '')
      .join('\n\n')
  }

  private block(node: RootContent | Nodes, place: Place): string {
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(node, place)
      case 'heading':
        return node === this.skipped ? '' : this.heading(node, place)
      case 'thematicBreak':
        return '\\begin{center}\n\\rule{0.4\\linewidth}{0.4pt}\n\\end{center}'
      case 'blockquote':
        return this.nested('quote', () => this.blocks(node.children, { ...place, top: false }))
      case 'list':
        return this.list(node, place)
      case 'code':
        return this.code(this.source.restore(node.value), node.lang ?? '', place)
      case 'math':
        return this.math(this.source.restore(node.value), place)
      case 'html':
        // A comment inside an argument could swallow its closing brace.
        return place.argument ? '' : '% (raw HTML omitted)'
      case 'table':
        return this.table(node, place)
      case 'definition':
      case 'footnoteDefinition':
      case 'yaml':
        return ''
      default:
        // TOML frontmatter (typed by no mdast package) and anything unknown without children is not prose.
        if ((node.type as string) === 'toml') return ''
        if ('children' in node) return this.blocks(node.children as Nodes[], place)
        return 'value' in node ? this.phrasing([{ type: 'text', value: node.value }], place) : ''
    }
  }

  private paragraph(node: Paragraph, place: Place): string {
    const content = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === '') && c.type !== 'break')
    const images = content.every((c) => c.type === 'image' || c.type === 'imageReference')
    if (content.length > 0 && images && !place.argument && !place.cell) return content.map((c) => this.figure(c)).join('\n\n')
    return this.phrasing(node.children, place).trim()
  }

  private heading(node: Heading, place: Place): string {
    const children = [...node.children]
    const tail = children[children.length - 1]
    let label = ''
    const id = tail?.type === 'text' ? HEADING_ID.exec(tail.value) : null
    if (tail?.type === 'text' && id) {
      label = `\\label{${latexKey(id[1])}}`
      children[children.length - 1] = { ...tail, value: tail.value.slice(0, id.index) }
    }
    const full = this.phrasing(children, { ...place, plain: true }).trim()
    if (!place.top) return `\\par\\noindent\\textbf{${full}}${label}\\par`
    const level = Math.min(Math.max(node.depth - this.headingShift, 1), SECTIONS.length) - 1
    const short = this.phrasing(children, { ...place, plain: true, notes: false }).trim()
    const option = short !== full ? `[{${short}}]` : ''
    return `\\${SECTIONS[level]}${option}{${full}}${label}`
  }

  private list(node: List, place: Place): string {
    const kind = node.ordered ? 'enumerate' : 'itemize'
    const inner = { ...place, top: false }
    if (this.depth[kind] >= MAX_KIND_DEPTH || this.depth.all >= MAX_LIST_DEPTH) {
      // Deeper than LaTeX nests lists: the items as marked paragraphs.
      return node.children
        .map((item, i) => `${node.ordered ? `${(node.start ?? 1) + i}.` : '\\textbullet{}'}~${this.blocks(item.children, inner)}`)
        .join('\n\n')
    }
    this.depth[kind]++
    const counter = ENUM_COUNTERS[this.depth.enumerate - 1]
    const body = this.nested(kind, () => {
      const items = node.children.map((item) => {
        const content = this.blocks(item.children, inner)
        const mark = item.checked === true ? '[{[x]}]' : item.checked === false ? '[{[ ]}]' : ''
        // `\item [` would read the bracket as the item's label.
        const gap = mark === '' && content.startsWith('[') ? '{} ' : ' '
        return `\\item${mark}${gap}${content}`.trimEnd()
      })
      const start = node.ordered && node.start != null && node.start !== 1 ? `\\setcounter{${counter}}{${node.start - 1}}\n` : ''
      return start + items.join('\n')
    })
    this.depth[kind]--
    return body
  }

  /** An environment that counts towards LaTeX's nesting limit (lists, quotes). */
  private nested(env: string, content: () => string): string {
    if (this.depth.all >= MAX_LIST_DEPTH) return content()
    this.depth.all++
    try {
      return `\\begin{${env}}\n${content()}\n\\end{${env}}`
    } finally {
      this.depth.all--
    }
  }

  private code(value: string, lang: string, place: Place): string {
    if (place.argument) return `\\par\\noindent${codeLines(value)}\\par`
    const language = /^[\w+#.-]+$/.test(lang) ? `% ${lang}\n` : ''
    return `${language}\\begin{verbatim}\n${verbatimBody(value)}\n\\end{verbatim}`
  }

  private math(tex: string, place: Place): string {
    const { latex, macros } = displayMath(tex)
    this.macros.push(...macros)
    // TeX LaTeX would choke on is shown as its source, as the site shows what KaTeX rejects.
    return latex ?? this.code(tex.trim(), '', place)
  }

  private table(node: Table, place: Place): string {
    const rows = node.children
    const columns = Math.max(1, ...rows.map((r) => r.children.length))
    const cellPlace: Place = { ...place, argument: true, cell: true, top: false }
    const cells = rows.map((row) =>
      Array.from({ length: columns }, (_, i) => (row.children[i] ? this.phrasing(row.children[i].children, cellPlace).trim() : '')),
    )
    const widths = Array.from({ length: columns }, (_, i) => Math.max(1, ...rows.map((r) => (r.children[i] ? toString(r.children[i]).length : 0))))
    const total = widths.reduce((a, b) => a + b, 0)
    const spec = widths
      .map((w, i) => {
        const align = node.align?.[i]
        // Long text wraps in a paragraph column; short cells keep their alignment.
        if (total > 70 && w > 20) return `>{\\raggedright\\arraybackslash}p{${((0.85 * w) / total).toFixed(2)}\\linewidth}`
        return align === 'center' ? 'c' : align === 'right' ? 'r' : 'l'
      })
      .join('')
    // A row starting with `[` or `*` would be read as an option of the `\\` or rule before it.
    const lines = cells.map((row) => `${/^[[*]/.test(row[0]) ? '{}' : ''}${row.join(' & ')} \\\\`)
    const body = [`\\begin{tabular}{@{}${spec}@{}}`, '\\toprule', lines[0], '\\midrule', ...lines.slice(1), '\\bottomrule', '\\end{tabular}']
    // A minipage keeps footnotes of the cells (a tabular would lose them).
    return `\\begin{center}\n\\begin{minipage}{\\linewidth}\n\\centering\n${body.join('\n')}\n\\end{minipage}\n\\end{center}`
  }

  private figure(node: PhrasingContent): string {
    const { url, alt } = this.imageOf(node)
    const target = url ? `\\url{${latexUrl(url)}}` : '(embedded image not exported)'
    const caption = alt.trim() ? `\n\\caption{${escapeText(alt.trim())}}` : ''
    return `\\begin{figure}[htbp]\n\\centering\n\\fbox{\\parbox{0.9\\linewidth}{\\centering\\small Image: ${target}}}${caption}\n\\end{figure}`
  }

  private imageOf(node: PhrasingContent): { url: string | null; alt: string } {
    if (node.type === 'image') return { url: this.options.resolveUrl(this.source.restore(node.url)), alt: this.source.restore(node.alt ?? '') }
    if (node.type === 'imageReference') {
      const def = this.definitions.get(normalizeLabel(node.identifier))
      return { url: def ? this.options.resolveUrl(this.source.restore(def.url)) : null, alt: this.source.restore(node.alt ?? '') }
    }
    return { url: null, alt: '' }
  }

  private phrasing(nodes: readonly PhrasingContent[], place: Place): string {
    return nodes.map((node) => this.inline(node, place)).join('')
  }

  private inline(node: PhrasingContent, place: Place): string {
    switch (node.type) {
      case 'text':
        return this.text(node.value, place)
      case 'emphasis':
        return `\\emph{${this.phrasing(node.children, place)}}`
      case 'strong':
        return `\\textbf{${this.phrasing(node.children, place)}}`
      case 'delete':
        return this.phrasing(node.children, place)
      case 'inlineCode':
        return texttt(this.source.restore(node.value))
      case 'inlineMath':
        return inlineMath(this.source.restore(node.value), this.markdown.startsWith('$$', node.position?.start.offset ?? -1), place.cell)
      case 'break':
        return place.cell || place.plain ? ' ' : '\\leavevmode\\newline\n'
      case 'html':
        return /^<br\s*\/?>$/i.test(node.value.trim()) && !place.cell && !place.plain ? '\\leavevmode\\newline\n' : ''
      case 'link':
        return this.link(this.source.restore(node.url), node.children, place)
      case 'linkReference': {
        const def = this.definitions.get(normalizeLabel(node.identifier))
        return def ? this.link(this.source.restore(def.url), node.children, place) : this.phrasing(node.children, place)
      }
      case 'image':
      case 'imageReference': {
        const { url, alt } = this.imageOf(node)
        const text = `[image${alt.trim() ? `: ${escapeText(alt.trim())}` : ''}]`
        return url && !place.plain ? `${text} \\url{${latexUrl(url)}}` : text
      }
      case 'footnoteReference':
        return this.footnote(node.identifier, place)
      default: {
        const other = node as Nodes
        return 'children' in other ? this.phrasing(other.children as PhrasingContent[], place) : ''
      }
    }
  }

  private text(value: string, place: Place): string {
    return this.source
      .split(value)
      .map((part) => ('text' in part ? escapeText(place.cell ? part.text.replace(/\n/g, ' ') : part.text) : this.command(part.command)))
      .join('')
  }

  /** A `\label`, `\ref` or `\eqref` written in prose is LaTeX already; an environment name out of place is text. */
  private command(command: string): string {
    if (CITE_COMMAND.test(command)) return command
    const m = /^\\(label|eqref|ref)\s*\{([^{}]*)\}$/.exec(command)
    return m ? `\\${m[1]}{${latexKey(m[2])}}` : escapeText(command)
  }

  private link(url: string, children: readonly PhrasingContent[], place: Place): string {
    if (place.plain) return this.phrasing(children, place)
    // A footnote mark cannot sit inside a link: the link's footnotes follow it.
    const text = this.phrasing(children, { ...place, plain: true, notes: false })
    const notes = place.notes ? footnoteIds(children).map((id) => this.footnote(id, place)).join('') : ''
    if (url.startsWith('#')) {
      const key = latexKey(decodeSafely(url.slice(1)))
      return (this.labels.has(key) ? `\\hyperref[${key}]{${text}}` : text) + notes
    }
    const target = this.options.resolveUrl(url)
    if (!target) return text + notes
    if (toString({ type: 'paragraph', children: [...children] }) === url) return `\\url{${latexUrl(target)}}${notes}`
    return `\\href{${latexUrl(target)}}{${text}}${notes}`
  }

  private footnote(id: string, place: Place): string {
    if (!place.notes) return ''
    const def = this.footnotes.get(id)
    if (!def) return escapeText(`[^${id}]`)
    const label = this.written.get(id)
    if (label) return `\\textsuperscript{\\ref{${label}}}`
    // A footnote inside a footnote: LaTeX would not number it sensibly; its mark stays as text.
    if (this.footnoteStack.length > 0) return escapeText(`[${id}]`)
    const key = `fn:${asciiKey(id) || 'note'}:${this.written.size + 1}`
    this.written.set(id, key)
    this.footnoteStack.push(id)
    try {
      const body = this.blocks(def.children, { argument: true, cell: false, plain: false, notes: true, top: false })
      return `\\footnote{\\label{${key}}${body}}`
    } finally {
      this.footnoteStack.pop()
    }
  }

  private plainText(node: Nodes): string {
    return this.source.restore(toString(node)).replace(HEADING_ID, '')
  }
}

/** Footnotes referenced anywhere inside `nodes`. */
function footnoteIds(nodes: readonly PhrasingContent[]): string[] {
  return nodes.flatMap((n) => (n.type === 'footnoteReference' ? [n.identifier] : 'children' in n ? footnoteIds(n.children as PhrasingContent[]) : []))
}

function normalizeLabel(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').trim()
}

function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim()
  return norm(a) === norm(b)
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
