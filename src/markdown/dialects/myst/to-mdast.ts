import type { BlockContent, DefinitionContent, PhrasingContent } from 'mdast'
import { foreignReference } from '../../syntax/labels.js'
import { resolvePlaceholders } from '../../syntax/placeholders.js'
import { rewriteTex } from '../../syntax/tex.js'
import { CALLOUT_TITLES, callout, proofBlock, theoremBlock } from '../blocks.js'
import { field, textOf, type MystNode } from './myst-node.js'
import { cellFigure, labelOf, type MystNumbering } from './numbering.js'
import { termReferenceKey } from './glossary.js'
import { figurePictures, isCaption, isPictures, subfigureLetter } from './subfigures.js'
import {
  anchor,
  citation,
  citeKeys,
  code,
  displayMath,
  fillNumber,
  inlineMath,
  readableName,
  renamed,
  withoutRemovedParts,
} from './myst-leaves.js'

/** Directives that say where generated things go, which the page already shows (contents, references, index). */
const PLACED_BY_THE_PAGE = new Set(['toc', 'bibliography', 'indexEntries', 'index', 'genindex'])

type Flow = Array<BlockContent | DefinitionContent>

/**
 * Turns the MyST parser's tree into the mdast the rest of the pipeline reads: MyST roles and
 * directives become the document kinds Scholia knows (callouts, theorem-like blocks, proofs,
 * figures, labelled equations, citations, cross-references), their syntax never shown. What
 * has no counterpart is read as its content; `warn` hears of what had to be dropped.
 */
export class MystToMdast {
  constructor(
    private readonly numbering: MystNumbering,
    private readonly warn: (rule: string, message: string) => void,
    /** Whether a key names an entry of the page's bibliography (or a work by its DOI). */
    private readonly citable: (key: string) => boolean = () => true,
  ) {}

  /** The converted children of `node`, flattened (a MyST wrapper gives its content). */
  children(node: MystNode): MystNode[] {
    const out: MystNode[] = []
    const kids = node.children ?? []
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]
      // sphinx-exercise's `exercise-start` … `exercise-end` gates hold the blocks between them.
      if (isGate(kid, 'start')) {
        const end = kids.findIndex((k, j) => j > i && isGate(k, 'end'))
        if (end > i) {
          const inner = gateNode(kid)
          inner.children = [...(inner.children ?? []), ...kids.slice(i + 1, end)]
          out.push(...this.convert(inner))
          i = end
          continue
        }
      }
      out.push(...this.convert(kid))
    }
    return out
  }

  convert(node: MystNode): MystNode[] {
    switch (node.type) {
      case 'mystDirective':
        return this.directive(node)
      case 'mystRole':
        if (/^cite/.test(field(node, 'name') ?? '')) return [citation(field(node, 'name') ?? '', citeKeys(node))]
        if (field(node, 'name') === 'doc') return (node.children ?? []).map((c) => this.link(c, true))
        if (node.children) return this.children(node)
        return [{ type: 'text', value: node.value ?? '' }]
      case 'mystTarget':
        // A second name of a labelled block (`(alias)=` over a `{math}` with its own `:label:`) keeps an anchor.
        return labelOf(node) && (!node.attached || typeof node.aliasOf === 'string')
          ? [anchor(labelOf(node) as string)]
          : []
      case 'mystComment':
      case 'comment':
      case 'blockBreak':
      case 'outputs':
      case 'output':
        return []
      case 'block':
        return this.children(withoutRemovedParts(node))
      case 'span':
      case 'div':
      case 'grid':
      case 'tabSet':
        return this.children(node)
      case 'tabItem':
      case 'card':
        return this.titled(node)
      case 'heading':
        return [this.heading(node)]
      case 'admonition':
        return this.admonition(node)
      case 'proof':
      case 'exercise':
      case 'solution':
        return [this.theorem(node)]
      case 'container':
        return this.container(node)
      case 'math':
        return [displayMath(this.resolveTex(node.value ?? ''))]
      case 'inlineMath':
        return [inlineMath(this.resolveTex(rewriteTex(node.value ?? '', false, this.numbering.labels)))]
      case 'crossReference':
        return [this.reference(node)]
      case 'citeGroup':
      case 'cite':
        return this.cite(node)
      case 'code':
        return [code(node)]
      case 'abbreviation':
        return [renamed(node, 'abbr', this.children(node), { title: field(node, 'title') })]
      case 'subscript':
        return [renamed(node, 'sub', this.children(node))]
      case 'superscript':
        return [renamed(node, 'sup', this.children(node))]
      case 'underline':
        return [renamed(node, 'u', this.children(node))]
      case 'smallcaps':
        return [renamed(node, 'span', this.children(node))]
      case 'keyboard':
        return [renamed(node, 'kbd', this.children(node))]
      case 'definitionList':
        return [{ type: 'blockquote', data: { hName: 'dl' }, children: this.children(node) }]
      case 'definitionTerm': {
        const id = field(node, 'termKey')
        return [
          {
            type: 'paragraph',
            data: { hName: 'dt', ...(id ? { hProperties: { id } } : {}) },
            children: this.children(node),
          },
        ]
      }
      case 'definitionDescription':
        return [{ type: 'blockquote', data: { hName: 'dd' }, children: this.children(node) }]
      case 'aside':
        return [{ type: 'blockquote', data: { hName: 'aside' }, children: this.children(node) }]
      case 'iframe':
      case 'embed':
        return this.external(node)
      case 'raw':
        // `{raw} html` is the author's HTML (the sanitizer reads it like any other); LaTeX and
        // other formats are for other outputs.
        return field(node, 'lang')?.toLowerCase() === 'html' ? [{ type: 'html', value: node.value ?? '' }] : []
      case 'myst':
        // mystmd's own documentation shows MyST source beside its result: the source, as code.
        return [{ type: 'code', lang: 'markdown', value: node.value ?? '' }]
      case 'mermaid':
        return [{ type: 'code', lang: 'mermaid', value: node.value ?? '' }]
      case 'link':
        return [this.link(node)]
      case 'image':
        return [
          {
            type: 'image',
            url: field(node, 'url') ?? '',
            alt: field(node, 'alt') ?? '',
            title: field(node, 'title') ?? null,
          },
        ]
      case 'footnoteReference':
      case 'footnoteDefinition':
        return [node.children ? { ...node, children: this.children(node) } : node]
      default:
        if (PLACED_BY_THE_PAGE.has(node.type)) return []
        if (STANDARD.has(node.type)) return [node.children ? { ...node, children: this.children(node) } : node]
        // A kind this reader does not know: its content, never its syntax.
        if (node.children) return this.children(node)
        return typeof node.value === 'string' && node.value !== '' ? [{ type: 'text', value: node.value }] : []
    }
  }

  /**
   * A directive's content. One with none left (unknown-directives.ts gave the others theirs) is
   * build machinery such as `{bibliography}` or `{nb-exec-table}`, whose output the page has or needs not.
   */
  private directive(node: MystNode): MystNode[] {
    const content = node.children ? this.children(node) : []
    const figure = cellFigure(node)
    if (!figure || typeof node.numberedAs !== 'string') return content
    // The plot exists only once the notebook runs: references lead to the code that draws it.
    const caption = `Figure ${node.numberedAs}${figure.caption ? `: ${figure.caption}` : ''} (drawn by this code when it runs)`
    return [
      anchor(figure.name),
      ...content,
      { type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: caption }] }] },
    ]
  }

  private heading(node: MystNode): MystNode {
    const key = labelOf(node)
    const out: MystNode = { type: 'heading', depth: node.depth, children: this.children(node) }
    if (key) out.data = { hProperties: { id: key } }
    return out
  }

  /** A note, warning, … with its title: the author's, else the kind's word. */
  private admonition(node: MystNode): MystNode[] {
    const kids = node.children ?? []
    const titleNode = kids.find((k) => k.type === 'admonitionTitle')
    const title = titleNode ? (this.children(titleNode) as PhrasingContent[]) : null
    const body = this.children({ type: 'x', children: kids.filter((k) => k !== titleNode) }) as Flow
    // `{admonition}` takes its look from its class (`:class: warning`), the others from their name.
    const classed = field(node, 'class')
      ?.split(/\s+/)
      .find((c) => c in CALLOUT_TITLES)
    const aside = callout(classed ?? field(node, 'kind') ?? 'note', title, body) as MystNode
    const key = labelOf(node)
    return key ? [anchor(key), aside] : [aside]
  }

  private theorem(node: MystNode): MystNode {
    const kids = node.children ?? []
    const titleNode = kids.find((k) => k.type === 'admonitionTitle')
    const body = this.children({ type: 'x', children: kids.filter((k) => k !== titleNode) }) as Flow
    const kind = node.type === 'proof' ? (field(node, 'kind') ?? 'theorem') : node.type
    if (kind === 'proof')
      return proofBlock(body, titleNode ? (this.children(titleNode) as PhrasingContent[]) : null) as MystNode
    if (node.type === 'solution') {
      // "Solution to Exercise 2": the title names the exercise through a reference.
      const ref = titleNode?.children?.find((c) => c.type === 'crossReference')
      const target = ref ? this.numbering.target(labelOf(ref) ?? '') : undefined
      const text = target ? `Solution to ${target.text}` : 'Solution'
      return theoremBlock('solution', text, null, labelOf(node) ?? null, body) as MystNode
    }
    const name = titleNode ? (this.children(titleNode) as PhrasingContent[]) : null
    const label = typeof node.shownAs === 'string' ? node.shownAs : kind
    return theoremBlock(kind, label, name, labelOf(node) ?? null, body) as MystNode
  }

  /** A figure (pictures and a caption) or a table with its caption. */
  private container(node: MystNode): MystNode[] {
    const key = labelOf(node)
    const kids = node.children ?? []
    if (field(node, 'kind') === 'table') {
      const table = kids.filter((k) => k.type !== 'caption' && k.type !== 'legend' && k.type !== 'paragraph')
      const captions = kids.filter((k) => k.type === 'caption' || k.type === 'paragraph')
      // A caption paragraph beside a table becomes its <caption> (rehype-captions.ts), with the label inside for its number.
      const caption: MystNode = {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'Table: ' },
          ...(key ? [anchor(key)] : []),
          ...captions.flatMap((c) => this.phrasing(c)),
        ],
      }
      return [...(captions.length > 0 || key ? [caption] : []), ...this.children({ type: 'x', children: table })]
    }
    const subfigures = figurePictures(node)
    if (subfigures.length > 1) return [this.subfigures(node, key, subfigures)]
    const pictures = kids.filter((k) => k.type !== 'caption' && k.type !== 'legend' && !isCaption(k))
    const captions = kids.filter((k) => k.type === 'caption' || k.type === 'legend' || isCaption(k))
    const content = this.children({ type: 'x', children: pictures }).flatMap((k) =>
      k.type === 'paragraph' ? (k.children ?? []) : [k],
    )
    const caption = captions.flatMap((c, i) => [...(i > 0 ? [{ type: 'text', value: ' ' }] : []), ...this.phrasing(c)])
    const figure: MystNode = {
      type: 'paragraph',
      data: { hName: 'figure', ...(key ? { hProperties: { id: key } } : {}) },
      children: [
        ...content,
        ...(caption.length > 0 ? [{ type: 'emphasis', data: { hName: 'figcaption' }, children: caption }] : []),
      ],
    }
    return [figure]
  }

  /**
   * A figure of several pictures, as mystmd shows it: each a subfigure captioned "(a)" and its
   * alt text, anchored by its label, then the figure's own caption.
   */
  private subfigures(node: MystNode, key: string | undefined, pictures: MystNode[]): MystNode {
    const captions = (node.children ?? []).filter((k) => k.type === 'caption' || k.type === 'legend' || isCaption(k))
    const caption = captions.flatMap((c, i) => [...(i > 0 ? [{ type: 'text', value: ' ' }] : []), ...this.phrasing(c)])
    const others = (node.children ?? []).filter((k) => k.type !== 'image' && !isPictures(k) && !captions.includes(k))
    const parts: MystNode[] = pictures.map((picture, i) => {
      const letter = subfigureLetter(i)
      const sub = labelOf(picture) ?? (key ? `${key}-${letter}` : undefined)
      const alt = field(picture, 'alt') ?? ''
      return {
        type: 'paragraph',
        data: { hName: 'figure', ...(sub ? { hProperties: { id: sub } } : {}) },
        children: [
          ...this.children({ type: 'x', children: [picture] }),
          {
            type: 'emphasis',
            data: { hName: 'figcaption' },
            children: [{ type: 'text', value: alt ? `(${letter}) ${alt}` : `(${letter})` }],
          },
        ],
      }
    })
    return {
      type: 'blockquote',
      data: { hName: 'figure', ...(key ? { hProperties: { id: key } } : {}) },
      children: [
        ...parts,
        ...this.children({ type: 'x', children: others }),
        ...(caption.length > 0 ? [{ type: 'paragraph', data: { hName: 'figcaption' }, children: caption }] : []),
      ],
    }
  }

  /** A caption's inline content (its paragraphs run together). */
  private phrasing(node: MystNode): MystNode[] {
    return this.children(node).flatMap((k) => (k.type === 'paragraph' ? (k.children ?? []) : [k]))
  }

  /**
   * Pandoc's `[@a]` and `@a`, which the MyST parser reads too (the mode is in the node). In
   * mystmd they name a label as readily as a work: `@conda-commands` is a reference to the
   * target `(conda-commands)=` of this page or another. A key the bibliography lacks is that
   * reference; one no page defines either reads `[?key]` as an unknown citation does.
   */
  private cite(node: MystNode): MystNode[] {
    const keys = citeKeys(node).filter((k) => k !== '')
    if (keys.length === 0 || keys.some((k) => this.citable(k)))
      return [citation(field(node, 'kind') === 'narrative' ? 'cite:t' : 'cite:p', keys)]
    return keys.flatMap((key, i) => {
      const ref = this.numbering.target(this.numbering.canonical(key))
        ? this.reference({ type: 'crossReference', label: key })
        : { type: 'html', value: foreignReference(key, 'name', undefined, `[?${key}]`) }
      return i === 0 ? [ref] : [{ type: 'text', value: ', ' }, ref]
    })
  }

  private reference(node: MystNode): MystNode {
    // `{term}` names a glossary entry by its identifier (`term-myst`), not its written label.
    const key = this.numbering.canonical(termReferenceKey(field(node, 'identifier')) ?? labelOf(node) ?? '')
    const target = this.numbering.target(key)
    const written = node.children && node.children.length > 0 ? this.children(node) : null
    if (!target) {
      // Another page of the book, presumably: a link the site resolves when the post is read.
      if (written)
        return { type: 'html', value: foreignReference(key, 'name', textOf({ type: 'x', children: written })) }
      return { type: 'html', value: foreignReference(key, field(node, 'kind') === 'eq' ? 'equation' : 'name') }
    }
    const href = target.kind === 'equation' ? `#eq-${key}` : `#${key}`
    const children = written ? fillNumber(written, target) : [{ type: 'text', value: target.text }]
    return { type: 'link', url: href, children }
  }

  /**
   * `{doc}` links name another page of the book by its path without extension: pointed at its
   * `.md` file, they lead to the imported post (src/xref), and read as its name until then.
   * A markdown link to a bare name (`[before](mc_eg1)`) is MyST's link to a label: here if the
   * page defines it, else on another page.
   */
  private link(node: MystNode, doc = false): MystNode {
    let url = field(node, 'url') ?? ''
    let children = this.children(node)
    // `{doc}`text spanning lines <target>``: the role's own parser leaves text and target together.
    const written = /^([\s\S]*?)\s*<([^<>\s]+)>$/.exec(url)
    if (written) {
      url = written[2]
      children = [{ type: 'text', value: written[1].replace(/\s+/g, ' ').trim() }]
    }
    // `[](#label)` names a labelled block as a reference does: "Figure 1a", its words kept if written.
    if (url.startsWith('#') && !doc && this.numbering.target(this.numbering.canonical(url.slice(1))))
      return this.reference({ type: 'crossReference', label: url.slice(1), children: node.children })
    const bare = url !== '' && !/^[a-z][a-z0-9+.-]*:|^#|^\/|\.[A-Za-z0-9]+(?:#.*)?$/i.test(url)
    const text = children.length > 0 ? children : [{ type: 'text', value: readableName(url) }]
    if (bare && !doc) {
      const target = this.numbering.target(url)
      if (target) return { type: 'link', url: target.kind === 'equation' ? `#eq-${url}` : `#${url}`, children: text }
      // `[](page)` reads as what it leads to (a page's title, as Jupyter Book says it); `[text](page)` as written.
      if (!url.includes('/'))
        return {
          type: 'html',
          value: foreignReference(url, 'name', children.length > 0 ? textOf({ type: 'x', children }) : undefined),
        }
    }
    const target = bare ? url.replace(/(#.*)?$/, '.md$1') : url
    return { type: 'link', url: target, title: field(node, 'title') ?? null, children: text }
  }

  /** Tabs and cards: the title as a bold line over the content. */
  private titled(node: MystNode): MystNode[] {
    const title = field(node, 'title')
    const body = this.children(node)
    return title
      ? [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: title }] }] }, ...body]
      : body
  }

  private external(node: MystNode): MystNode[] {
    const src = field(node, 'src') ?? field(node, 'url')
    if (!src || !/^https?:\/\//.test(src)) return []
    return [{ type: 'paragraph', children: [{ type: 'link', url: src, children: [{ type: 'text', value: src }] }] }]
  }

  private resolveTex(tex: string): string {
    return resolvePlaceholders(tex, (kind, key) => this.numbering.labels.resolve(kind, key))
  }
}

/** The mdast types remark-rehype converts itself. */
const STANDARD = new Set([
  'root',
  'paragraph',
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'thematicBreak',
  'blockquote',
  'list',
  'listItem',
  'link',
  'linkReference',
  'imageReference',
  'definition',
  'table',
  'tableRow',
  'tableCell',
  'html',
])

function isGate(node: MystNode, gate: 'start' | 'end'): boolean {
  const inner = gateNode(node)
  return (inner.type === 'exercise' || inner.type === 'solution') && field(inner, 'gate') === gate
}

function gateNode(node: MystNode): MystNode {
  return node.type === 'mystDirective' && node.children?.length === 1 ? node.children[0] : node
}
