import type { Element, Root } from 'hast'
import type { EssayAnchor } from '../shared/schemas/index.js'
import { latexCiteKey } from './citations.js'
import { EssayLabels } from './essay-labels.js'
import type { FigureFiles } from './figure-files.js'
import {
  attribute,
  classesOf,
  find,
  findAll,
  hasClass,
  isBlank,
  isElement,
  mathTexOf,
  textContent,
  type Node,
} from './html-tree.js'
import { CAPTION_NUMBER_CLASS } from '../markdown/plugins/rehype-captions.js'
import { latexTable } from './latex-table.js'
import { asciiKey, codeLines, escapeText, latexUrl, texttt, verbatimBody } from './latex-text.js'
import { displayMath, inlineMath, labelledDisplay } from './math.js'

export interface WriterOptions {
  /** The post's title: a lone `h1` repeating it is not written again. */
  title?: string
  /** Headings as `\section`s (default); off for text that goes inside an environment (the abstract). */
  sections?: boolean
  /** An absolute address for a link or image target, or null when it is not one to link to. */
  resolveUrl: (url: string) => string | null
  /** The essay's labels (`document.anchors`): which ids are equations, figures and tables. */
  anchors?: readonly EssayAnchor[]
  /** Stored figures to include from the archive; without it figures show their address. */
  figures?: FigureFiles
  /**
   * Whether the citations' keys are known (`document.references` was stored): then a key the
   * bibliography lacks stays `[?key]` as on the site; otherwise every key is cited.
   */
  referencesKnown?: boolean
}

/** Where a node is written: what LaTeX allows there. */
export interface Place {
  /** Inside a command's argument (a footnote, a caption): no verbatim, no floats. */
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
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 }
const ENUM_COUNTERS = ['enumi', 'enumii', 'enumiii', 'enumiv']
/** LaTeX's limits: four levels of itemize and of enumerate, six list-like environments in all. */
const MAX_KIND_DEPTH = 4
const MAX_LIST_DEPTH = 6
/** Elements that are blocks of their own; anything else in a flow of content is running text. */
const BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'pre',
  'blockquote',
  'table',
  'figure',
  'hr',
  'div',
  'section',
  'aside',
  'details',
  'dl',
  'picture',
  'video',
  'audio',
  'svg',
])
const RULE = '\\begin{center}\n\\rule{0.4\\linewidth}{0.4pt}\n\\end{center}'

/**
 * Writes one essay, read from its stored HTML (hast), as the body of a LaTeX article. One
 * writer per document: it keeps the footnotes and labels of that document. Formulas come back
 * as the TeX KaTeX typeset; numbered displays get their `\label` back from the anchors the
 * site placed before them.
 */
export class LatexWriter {
  private readonly footnotes = new Map<string, Element>()
  /** Footnotes already written, by id, with the label a second reference points at. */
  private readonly written = new Map<string, string>()
  private readonly labels: EssayLabels
  private skipped: Element | null = null
  private headingShift = 0
  private readonly depth = { itemize: 0, enumerate: 0, all: 0 }
  private readonly footnoteStack: string[] = []
  /** Definitions written as display formulas of their own (`$$\\newcommand…$$`), for the preamble. */
  readonly macros: string[] = []

  constructor(
    private readonly tree: Root,
    private readonly options: WriterOptions,
  ) {
    this.labels = new EssayLabels(tree, options.anchors ?? [])
  }

  document(): string {
    this.collect()
    return this.flow(this.tree.children, { ...TOP, top: this.options.sections !== false })
  }

  /** Footnote bodies, the title heading and the heading levels, before writing. */
  private collect(): void {
    for (const section of findAll(
      this.tree,
      (n) => n.tagName === 'section' && attribute(n, 'dataFootnotes') !== undefined,
    )) {
      for (const li of findAll(section, (n) => n.tagName === 'li')) {
        const id = attribute(li, 'id')
        if (id?.startsWith('user-content-fn-')) this.footnotes.set(id.slice('user-content-fn-'.length), li)
      }
    }
    const headings = findAll(
      this.tree,
      (n) => n.tagName in HEADINGS && !hasClass(n, 'sr-only') && attribute(n, 'id') !== 'references-heading',
    )
    const titles = this.tree.children.filter((n): n is Element => isElement(n, 'h1'))
    if (titles.length === 1 && this.options.title && sameText(textContent(titles[0]), this.options.title))
      this.skipped = titles[0]
    const depths = headings.filter((h) => h !== this.skipped).map((h) => HEADINGS[h.tagName])
    // The shallowest heading level of the essay is its sections (most essays start at `##`).
    this.headingShift = depths.length > 0 ? Math.min(...depths) - 1 : 0
  }

  /** A run of content that may mix blocks and running text (the document, a list item, a quote). */
  flow(nodes: readonly Node[], place: Place): string {
    const out: string[] = []
    let inline: Node[] = []
    let anchors: Element[] = []
    const flushInline = () => {
      const text = this.phrasing(inline, place).trim()
      if (text) out.push(text)
      inline = []
    }
    nodes.forEach((node, i) => {
      if (hasClass(node, 'equation-anchor')) {
        anchors.push(node as Element)
        return
      }
      const display = hasClass(node, 'katex-display') || (hasClass(node, 'katex-error') && standsAlone(nodes, i))
      if (display || this.isBlock(node)) {
        flushInline()
        out.push(display ? this.display(node as Element, anchors, place) : this.block(node as Element, place))
        anchors = []
        return
      }
      if (!isBlank(node) || inline.length > 0) inline.push(node)
    })
    flushInline()
    // An anchor whose display is gone still names a place.
    for (const a of anchors) out.push(this.anchorLabel(a))
    return out.filter((s) => s.trim() !== '').join('\n\n')
  }

  private isBlock(node: Node): node is Element {
    if (!isElement(node)) return false
    if (node.tagName === 'p' || node.tagName in HEADINGS) return true
    return BLOCKS.has(node.tagName)
  }

  private block(node: Element, place: Place): string {
    switch (node.tagName) {
      case 'p':
        return this.paragraph(node, place)
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return node === this.skipped ? '' : this.heading(node, place)
      case 'hr':
        return RULE
      case 'blockquote':
        return this.nested('quote', () => this.flow(node.children, { ...place, top: false }))
      case 'ul':
      case 'ol':
        return this.list(node, place)
      case 'pre':
        return this.code(textContent(node), languageOf(node), place)
      case 'table':
        return this.table(node, place)
      case 'figure':
        return this.figure(node, place)
      case 'section':
        // The footnotes and the references list are written elsewhere (\footnote, thebibliography).
        if (attribute(node, 'dataFootnotes') !== undefined || hasClass(node, 'references')) return ''
        return this.flow(node.children, place)
      case 'aside':
        // A margin note: set apart as a small quotation, in the text where the author put it.
        return this.nested('quote', () => `\\small ${this.flow(node.children, { ...place, top: false })}`)
      case 'details':
        return this.flow(node.children, { ...place, top: false })
      case 'dl':
        return this.descriptions(node, place)
      case 'picture':
      case 'video':
      case 'audio':
      case 'svg':
        return this.phrasing([node], place)
      default:
        if (hasClass(node, 'l-gutter'))
          return this.nested('quote', () => `\\small ${this.flow(node.children, { ...place, top: false })}`)
        return this.flow(node.children, place)
    }
  }

  private paragraph(node: Element, place: Place): string {
    const content = node.children.filter((c) => !isBlank(c) && !isElement(c, 'br'))
    // A paragraph of one empty `<a id>` is a label the author put there (d2l's `:label:`).
    if (
      content.length > 0 &&
      content.every((c) => isElement(c, 'a') && c.children.every(isBlank) && attribute(c, 'id'))
    ) {
      return content.map((c) => this.anchorLabel(c as Element)).join('')
    }
    return this.phrasing(node.children, place).trim()
  }

  private anchorLabel(node: Element): string {
    const id = attribute(node, 'id')
    const key = id ? this.labels.keyOf(id) : null
    return key ? `\\phantomsection\\label{${key}}` : ''
  }

  private heading(node: Element, place: Place): string {
    const id = attribute(node, 'id')
    // d2l's `:label:` on a heading gives it the author's id, with an empty anchor sometimes left inside.
    const inner = findAll(
      node,
      (n) => isElement(n, 'a') && attribute(n, 'id') !== undefined && n.children.every(isBlank),
    )
    const keys = [id, ...inner.map((a) => attribute(a, 'id'))]
      .map((i) => (i ? this.labels.keyOf(i) : null))
      .filter((k): k is string => k !== null)
    const label = keys.map((k) => `\\label{${k}}`).join('')
    const full = this.phrasing(node.children, { ...place, plain: true }).trim()
    if (!place.top) return `\\par\\noindent\\textbf{${full}}${label}\\par`
    const level = Math.min(Math.max(HEADINGS[node.tagName] - this.headingShift, 1), SECTIONS.length) - 1
    const short = this.phrasing(node.children, { ...place, plain: true, notes: false }).trim()
    const option = short !== full ? `[{${short}}]` : ''
    return `\\${SECTIONS[level]}${option}{${full}}${label}`
  }

  private list(node: Element, place: Place): string {
    const ordered = node.tagName === 'ol'
    const kind = ordered ? 'enumerate' : 'itemize'
    const items = node.children.filter((c): c is Element => isElement(c, 'li'))
    const inner = { ...place, top: false }
    const startAttr = Number(attribute(node, 'start') ?? '1')
    const start = Number.isFinite(startAttr) ? startAttr : 1
    if (this.depth[kind] >= MAX_KIND_DEPTH || this.depth.all >= MAX_LIST_DEPTH) {
      // Deeper than LaTeX nests lists: the items as marked paragraphs.
      return items
        .map(
          (item, i) =>
            `${ordered ? `${start + i}.` : '\\textbullet{}'}~${this.flow(itemContent(item).children, inner)}`,
        )
        .join('\n\n')
    }
    this.depth[kind]++
    const counter = ENUM_COUNTERS[this.depth.enumerate - 1]
    const body = this.nested(kind, () => {
      const lines = items.map((item) => {
        const { checked, children } = itemContent(item)
        const content = this.flow(children, inner)
        const mark = checked === true ? '[{[x]}]' : checked === false ? '[{[ ]}]' : ''
        // `\item [` would read the bracket as the item's label.
        const gap = mark === '' && content.startsWith('[') ? '{} ' : ' '
        return `\\item${mark}${gap}${content}`.trimEnd()
      })
      const setCounter = ordered && start !== 1 ? `\\setcounter{${counter}}{${start - 1}}\n` : ''
      return setCounter + lines.join('\n')
    })
    this.depth[kind]--
    return body
  }

  private descriptions(node: Element, place: Place): string {
    const inner = { ...place, top: false }
    const parts = node.children.filter((c): c is Element => isElement(c, 'dt') || isElement(c, 'dd'))
    return this.nested('description', () =>
      parts
        .map((p) =>
          p.tagName === 'dt'
            ? `\\item[{${this.phrasing(p.children, { ...inner, plain: true })}}]`
            : this.flow(p.children, inner),
        )
        .join('\n'),
    )
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
    const text = value.replace(/\n$/, '')
    if (place.argument) return `\\par\\noindent${codeLines(text)}\\par`
    const language = /^[\w+#.-]+$/.test(lang) ? `% ${lang}\n` : ''
    return `${language}\\begin{verbatim}\n${verbatimBody(text)}\n\\end{verbatim}`
  }

  /** A display formula with the labels of the anchors before it; KaTeX's error markup means TeX it could not read. */
  private display(node: Element, anchors: readonly Element[], place: Place): string {
    const katex = hasClass(node, 'katex-error')
      ? node
      : (find(node, (n) => hasClass(n, 'katex') || hasClass(n, 'katex-error')) ?? node)
    const tex = mathTexOf(katex) ?? ''
    const labels = anchors
      .map((a) => this.labels.equationLabel(a))
      .filter((l): l is { key: string; number: string | null } => l !== null)
    const { latex, macros } = displayMath(labelledDisplay(tex, labels))
    this.macros.push(...macros)
    // TeX LaTeX would choke on is shown as its source, as the site shows what KaTeX rejects.
    if (latex === null) return this.code(tex.trim(), '', place)
    // A line the site's number tag (now a label, moved) stood on alone is blank: TeX rejects that in math.
    return latex.replace(/\n[ \t]*(?=\n)/g, '')
  }

  private figure(node: Element, place: Place): string {
    const images = findAll(node, (n) => n.tagName === 'img')
    const caption = find(node, (n) => n.tagName === 'figcaption')
    const ids = [
      attribute(node, 'id'),
      ...findAll(node, (n) => n.tagName !== 'figure' && attribute(n, 'id') !== undefined).map((n) =>
        attribute(n, 'id'),
      ),
    ]
    const keys = ids.map((id) => (id ? this.labels.keyOf(id) : null)).filter((k): k is string => k !== null)
    if (place.argument || place.cell) {
      const text = caption ? this.phrasing(caption.children, place) : ''
      return [...images.map((img) => this.inlineImage(img, place)), text].filter(Boolean).join(' ')
    }
    const rest = node.children.filter(
      (c) =>
        !(
          isElement(c) &&
          (c.tagName === 'figcaption' ||
            c.tagName === 'img' ||
            c.tagName === 'picture' ||
            (c.tagName === 'a' && c.children.every(isBlank)))
        ),
    )
    const pictures = images.map((img) => this.picture(img))
    const other = this.flow(rest, { ...place, top: false })
    const label = keys.map((k) => `\\label{${k}}`).join('')
    let captionTex = caption ? this.caption(caption, place) : ''
    if (!captionTex && label) captionTex = '\\caption{}'
    const body = [...pictures, other].filter(Boolean).join('\n')
    return `\\begin{figure}[htbp]\n\\centering\n${body}${captionTex ? `\n${captionTex}` : ''}${label}\n\\end{figure}`
  }

  /** A table; one with a caption is a float, captioned and labelled as LaTeX numbers it. */
  private table(node: Element, place: Place): string {
    const tabular = latexTable(node, place, (cell, cellPlace) => this.phrasing(cell.children, cellPlace).trim())
    const caption = node.children.find((c): c is Element => isElement(c, 'caption'))
    if (!caption || !tabular || place.argument || place.cell) return tabular
    const keys = findAll(caption, (n) => isElement(n, 'a') && attribute(n, 'id') !== undefined)
      .map((a) => this.labels.keyOf(attribute(a, 'id') ?? ''))
      .filter((k): k is string => k !== null)
    const label = keys.map((k) => `\\label{${k}}`).join('')
    return `\\begin{table}[htbp]\n\\centering\n${this.caption(caption, place)}${label}\n${tabular}\n\\end{table}`
  }

  /**
   * `\caption{…}` from a figure's or table's caption, or '' for an empty one. Without the site's
   * "Figure 2:", which LaTeX writes itself; the list of figures gets the plain text, as
   * footnotes and links cannot go there.
   */
  private caption(caption: Element, place: Place): string {
    const content = caption.children.filter((c, i, all) => {
      if (isElement(c) && hasClass(c, CAPTION_NUMBER_CLASS)) return false
      // a label anchor (a table's sits in its caption) is the float's \label, written after it
      if (isElement(c, 'a') && attribute(c, 'id') !== undefined && c.children.every(isBlank)) return false
      const previous = all[i - 1]
      return !(
        i > 0 &&
        isElement(previous) &&
        hasClass(previous, CAPTION_NUMBER_CLASS) &&
        c.type === 'text' &&
        isBlank(c)
      )
    })
    const full = this.phrasing(content, { ...place, argument: true, top: false }).trim()
    if (!full) return ''
    const plain = escapeText(
      content
        .map((c) => textContent(c))
        .join('')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    return `\\caption${full !== plain ? `[{${plain}}]` : ''}{${full}}`
  }

  /** One image of a figure: the stored file when the archive carries it, else a box naming its address. */
  private picture(img: Element): string {
    const src = attribute(img, 'src') ?? ''
    const file = this.options.figures?.include(src)
    if (file) {
      const width = Number(attribute(img, 'width'))
      // About 600 CSS pixels fill the essay column on the site; a small drawing stays small.
      const share = Number.isFinite(width) && width > 0 ? Math.min(1, width / 600) : 1
      return `\\includegraphics[width=${share.toFixed(2)}\\linewidth,height=0.5\\textheight,keepaspectratio]{${file}}`
    }
    const url = src ? this.options.resolveUrl(src) : null
    const target = url ? `\\url{${latexUrl(url)}}` : '(embedded image not exported)'
    return `\\fbox{\\parbox{0.9\\linewidth}{\\centering\\small Image: ${target}}}`
  }

  private inlineImage(img: Element, place: Place): string {
    const alt = (attribute(img, 'alt') ?? '').trim()
    const src = attribute(img, 'src')
    const url = src ? this.options.resolveUrl(src) : null
    const text = `[image${alt ? `: ${escapeText(alt)}` : ''}]`
    return url && !place.plain ? `${text} \\url{${latexUrl(url)}}` : text
  }

  phrasing(nodes: readonly Node[], place: Place): string {
    let out = ''
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]
      // Unknown keys sit side by side, one mark each: one \cite for the run, as the author wrote it.
      if (!this.options.referencesKnown && hasClass(node, 'citation-unknown')) {
        const run = [node as Element]
        while (
          hasClass(nodes[i + 2], 'citation-unknown') &&
          nodes[i + 1]?.type === 'text' &&
          (nodes[i + 1] as { value: string }).value === ' '
        ) {
          run.push(nodes[i + 2] as Element)
          i += 2
        }
        out += this.citeUnknown(run)
        continue
      }
      out += this.inline(node, place)
    }
    return out
  }

  private inline(node: Node, place: Place): string {
    if (node.type === 'text')
      return escapeText(place.cell || place.plain ? node.value.replace(/\s*\n\s*/g, ' ') : node.value)
    if (node.type !== 'element') return ''
    const classes = classesOf(node)
    if (classes.includes('katex') || classes.includes('katex-error')) {
      return inlineMath(mathTexOf(node) ?? '', false, place.cell)
    }
    if (classes.includes('katex-display'))
      return inlineMath(mathTexOf(find(node, (n) => hasClass(n, 'katex')) ?? node) ?? '', true, place.cell)
    if (classes.includes('citation-group')) return this.citeGroup(node)
    if (classes.includes('citation-unknown')) return escapeText(textContent(node))
    if (classes.includes('citation') && attribute(node, 'dataCite'))
      return `\\citet{${latexCiteKey(attribute(node, 'dataCite')!)}}`
    if (classes.includes('equation-anchor')) return ''
    switch (node.tagName) {
      case 'em':
      case 'i':
      case 'cite':
      case 'dfn':
        return `\\emph{${this.phrasing(node.children, place)}}`
      case 'strong':
      case 'b':
        return `\\textbf{${this.phrasing(node.children, place)}}`
      case 'code':
      case 'kbd':
      case 'samp':
        return texttt(textContent(node))
      case 'sup':
        if (find(node, (n) => attribute(n, 'dataFootnoteRef') !== undefined)) return this.footnoteIn(node, place)
        return `\\textsuperscript{${this.phrasing(node.children, place)}}`
      case 'sub':
        return `\\textsubscript{${this.phrasing(node.children, place)}}`
      case 'br':
        return place.cell || place.plain ? ' ' : '\\leavevmode\\newline\n'
      case 'a':
        return this.link(node, place)
      case 'img':
        return this.inlineImage(node, place)
      case 'input':
      case 'script':
      case 'style':
      case 'template':
        return ''
      case 'video':
      case 'audio':
      case 'svg': {
        const src = attribute(node, 'src') ?? attribute(find(node, (n) => n.tagName === 'source') ?? node, 'src')
        const url = src ? this.options.resolveUrl(src) : null
        return url && !place.plain ? `[${node.tagName}] \\url{${latexUrl(url)}}` : `[${node.tagName}]`
      }
      default:
        if (this.isBlock(node) && !place.cell && !place.plain) return `\n\n${this.block(node, place)}\n\n`
        return this.phrasing(node.children, place)
    }
  }

  /** `(Vaswani et al., 2017; Bahdanau et al., 2014)`: the group's known keys as one `\citep`, unknown ones as the site shows them. */
  private citeGroup(node: Element): string {
    const known = findAll(node, (n) => hasClass(n, 'citation') && !hasClass(n, 'citation-unknown'))
      .map((n) => latexCiteKey(attribute(n, 'dataCite') ?? ''))
      .filter(Boolean)
    const unknown = findAll(node, (n) => hasClass(n, 'citation-unknown'))
    const parts: string[] = []
    if (known.length > 0) parts.push(`\\citep{${known.join(',')}}`)
    if (unknown.length > 0)
      parts.push(
        this.options.referencesKnown
          ? unknown.map((n) => escapeText(textContent(n))).join(' ')
          : this.citeUnknown(unknown),
      )
    return parts.join(' ')
  }

  /** Keys no stored entry answered, for a post read before citations were resolved: cited all the same. */
  private citeUnknown(marks: readonly Element[]): string {
    const keys = marks.map((m) => latexCiteKey(attribute(m, 'dataCite') ?? '')).filter(Boolean)
    if (keys.length === 0) return marks.map((m) => escapeText(textContent(m))).join(' ')
    return `\\cite${marks.some((m) => hasClass(m, 'citation-narrative')) ? 't' : 'p'}{${keys.join(',')}}`
  }

  private link(node: Element, place: Place): string {
    const href = attribute(node, 'href')
    const children = node.children
    if (href === undefined || place.plain) {
      // An empty `<a id>` inside running text is a label.
      if (href === undefined && children.every(isBlank) && attribute(node, 'id') && !place.plain)
        return this.anchorLabel(node)
      return this.phrasing(children, place)
    }
    // A footnote mark cannot sit inside a link: the link's footnotes follow it.
    const text = this.phrasing(children, { ...place, plain: true, notes: false })
    const notes = place.notes
      ? findAll(
          node,
          (n) => n.tagName === 'sup' && find(n, (a) => attribute(a, 'dataFootnoteRef') !== undefined) !== null,
        )
          .map((sup) => this.footnoteIn(sup, place))
          .join('')
      : ''
    if (href.startsWith('#')) return this.internalLink(href, text, textContent(node)) + notes
    const target = this.options.resolveUrl(href)
    if (!target) return text + notes
    if (textContent(node) === href) return `\\url{${latexUrl(target)}}${notes}`
    return `\\href{${latexUrl(target)}}{${text}}${notes}`
  }

  /** `(3)` → `\eqref`, `Figure 2` → `Figure~\ref`, a section's title → `\hyperref`; anything else stays text. */
  private internalLink(href: string, text: string, shown: string): string {
    const target = this.labels.target(href)
    switch (target.kind) {
      case 'equation':
        // The site shows `\ref` and `\eqref` alike, "(3)": so does the export.
        return /^\(.*\)$/.test(shown.trim()) ? `\\eqref{${target.key}}` : `\\hyperref[${target.key}]{${text}}`
      case 'numbered': {
        const m = /^(.*?)\s*\d+$/.exec(shown.trim())
        return m ? `${escapeText(m[1])}${m[1] ? '~' : ''}\\ref{${target.key}}` : `\\hyperref[${target.key}]{${text}}`
      }
      case 'label':
        return `\\hyperref[${target.key}]{${text}}`
      default:
        return text
    }
  }

  /** The footnote a `<sup><a data-footnote-ref>` mark points at, written where the mark is. */
  private footnoteIn(sup: Element, place: Place): string {
    const ref = find(sup, (n) => attribute(n, 'dataFootnoteRef') !== undefined)
    const href = ref ? attribute(ref, 'href') : undefined
    const id = href?.startsWith('#user-content-fn-') ? decodeSafely(href.slice('#user-content-fn-'.length)) : null
    if (!id) return ''
    return this.footnote(id, textContent(sup), place)
  }

  private footnote(id: string, mark: string, place: Place): string {
    if (!place.notes) return ''
    const def = this.footnotes.get(id)
    if (!def) return escapeText(`[${mark}]`)
    const label = this.written.get(id)
    if (label) return `\\textsuperscript{\\ref{${label}}}`
    // A footnote inside a footnote: LaTeX would not number it sensibly; its mark stays as text.
    if (this.footnoteStack.length > 0) return escapeText(`[${mark}]`)
    const key = `fn:${asciiKey(id) || 'note'}:${this.written.size + 1}`
    this.written.set(id, key)
    this.footnoteStack.push(id)
    try {
      const content = withoutBackLinks(def.children)
      const body = this.flow(content, { argument: true, cell: false, plain: false, notes: true, top: false })
      return `\\footnote{\\label{${key}}${body}}`
    } finally {
      this.footnoteStack.pop()
    }
  }
}

/** A list item's content, and its task mark (`<input type=checkbox>`) if it has one. */
function itemContent(item: Element): { checked: boolean | null; children: Node[] } {
  const box = find(item, (n) => n.tagName === 'input' && attribute(n, 'type') === 'checkbox')
  const checked = box ? attribute(box, 'checked') !== undefined : null
  return { checked, children: item.children }
}

/** The footnote's back-arrows (`↩`) are the site's navigation, not the note's text. */
function withoutBackLinks(nodes: readonly Node[]): Node[] {
  return nodes
    .filter((n) => !(isElement(n, 'a') && attribute(n, 'dataFootnoteBackref') !== undefined))
    .map((n) => (isElement(n) ? { ...n, children: withoutBackLinks(n.children) as Element['children'] } : n))
}

function languageOf(pre: Element): string {
  const code = find(pre, (n) => n.tagName === 'code')
  const cls = code ? classesOf(code).find((c) => c.startsWith('language-')) : undefined
  return cls ? cls.slice('language-'.length) : ''
}

/** KaTeX's error markup directly in a flow, with nothing but blocks or space beside it: a display that failed. */
function standsAlone(nodes: readonly Node[], i: number): boolean {
  const beside = (n: Node | undefined) =>
    n === undefined || isBlank(n) || (isElement(n) && BLOCKS.has(n.tagName)) || hasClass(n, 'equation-anchor')
  return beside(nodes[i - 1]) && beside(nodes[i + 1])
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
