import type { Element, ElementContent, Parents, Root } from 'hast'
import type { VFile } from 'vfile'
import { warn } from '../essay-file-data.js'
import type { DiagramEngine, DiagramRequest, DrawnDiagram } from './diagram-protocol.js'
import { drawDiagrams } from './draw-diagrams.js'

/** Code languages that are diagram sources: GitHub's ```` ```mermaid ````, and Graphviz by its name. */
const ENGINES: Record<string, DiagramEngine> = { mermaid: 'mermaid', graphviz: 'graphviz' }
/** More than this many in one essay stay code: drawing is the import's slowest step per block. */
const MAX_DIAGRAMS = 60
/** Longer sources stay code: 10,000 characters is a graph of some 400 edges, seconds to lay out. */
const MAX_SOURCE_CHARS = 10_000
/** Alt text beyond this is cut: it names the diagram's parts, not the whole source. */
const MAX_ALT_CHARS = 400

interface Found {
  parent: Parents
  pre: Element
  request: DiagramRequest
}

/**
 * Mermaid and Graphviz sources (a `mermaid` or `graphviz` code block, which the dialects make of
 * Quarto's `{mermaid}`/`{dot}` cells and MyST's `{mermaid}`) drawn where they stand, as their
 * own tools show them: an image whose alt text names the diagram's parts, inside the figure
 * that numbers and captions it, or a figure of its own. The SVG goes in the page as a `data:`
 * address, so it is inert (an SVG shown by `<img>` runs no script and loads nothing), needs no
 * stored file, and reaches the static build, feeds and the arXiv export like any figure. A
 * source that cannot be drawn stays code, with a warning saying why.
 *
 * Runs after the sanitizer: the image is made from the drawing library's output, never from
 * markup the author wrote.
 */
export default function rehypeDiagrams() {
  return (tree: Root, file: VFile): undefined => {
    const found: Found[] = []
    collect(tree, found)
    if (found.length === 0) return
    const drawable = found
      .filter((f) => f.request.source.trim() !== '' && f.request.source.length <= MAX_SOURCE_CHARS)
      .slice(0, MAX_DIAGRAMS)
    const results = drawDiagrams(drawable.map((f) => f.request))
    found.forEach((f, n) => {
      const at = drawable.indexOf(f)
      const result = at === -1 ? { error: tooMuch(f) } : results[at]
      if ('error' in result) {
        warn(
          file,
          'diagram',
          `Diagram ${n + 1} (${f.request.engine}) could not be drawn, shown as its source: ${result.error}`,
        )
        plain(f.pre)
        return
      }
      const index = f.parent.children.indexOf(f.pre)
      if (index !== -1) f.parent.children[index] = placed(result, f.parent)
    })
  }
}

function tooMuch(f: Found): string {
  if (f.request.source.trim() === '') return 'it is empty (or the file it names was not found)'
  return f.request.source.length > MAX_SOURCE_CHARS
    ? `its source is longer than ${MAX_SOURCE_CHARS.toLocaleString('en')} characters`
    : `the essay has more than ${MAX_DIAGRAMS} diagrams`
}

function collect(parent: Parents, found: Found[]): void {
  for (const node of parent.children) {
    if (node.type !== 'element') continue
    const request = node.tagName === 'pre' ? diagramOf(node) : null
    if (request) found.push({ parent, pre: node, request })
    else collect(node, found)
  }
}

function diagramOf(pre: Element): DiagramRequest | null {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
  const classes = code?.properties.className
  if (!code || !Array.isArray(classes)) return null
  for (const c of classes) {
    const engine = typeof c === 'string' && c.startsWith('language-') ? ENGINES[c.slice(9).toLowerCase()] : undefined
    if (engine) return { engine, source: textOf(code) }
  }
  return null
}

/** Its source as plain code: no highlighter knows these languages, nor should say so again. */
function plain(pre: Element): void {
  for (const c of pre.children)
    if (c.type === 'element' && c.tagName === 'code') c.properties.className = ['language-text']
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value
  return node.type === 'element' ? node.children.map(textOf).join('') : ''
}

/** The drawing in its figure: alone in the one a caption made, else in a figure of its own. */
function placed(drawn: DrawnDiagram, parent: Parents): Element {
  const img: Element = {
    type: 'element',
    tagName: 'img',
    properties: {
      src: svgDataUrl(drawn.svg),
      alt: altText(drawn),
      width: drawn.width,
      height: drawn.height,
      loading: 'lazy',
      decoding: 'async',
      className: ['diagram'],
    },
    children: [],
  }
  if (parent.type === 'element' && parent.tagName === 'figure') return img
  return { type: 'element', tagName: 'figure', properties: { className: ['diagram'] }, children: [img] }
}

function altText(drawn: DrawnDiagram): string {
  const parts = drawn.labels.join(', ')
  const alt = parts ? `${drawn.kind}: ${parts}` : drawn.kind
  return alt.length > MAX_ALT_CHARS ? `${alt.slice(0, MAX_ALT_CHARS - 1).trimEnd()}…` : alt
}

/** A `data:` address for SVG text, escaping only what an address may not hold as it is (smaller than base64). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.replace(/[\r\n%#()<>?[\\\]^`{|}"]/g, (c) => encodeURIComponent(c))}`
}
