import type { Element, ElementContent, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

/**
 * A heading with a formula reads badly as TeX in a table of contents ("avoids X^\top X"), so
 * once KaTeX has run, such TOC entries also get the heading's rendered markup. Links inside a
 * heading are unwrapped: the TOC entry is itself a link. Runs after sanitising, so the markup
 * is the pipeline's own.
 */
export default function rehypeTocHtml() {
  return (tree: Root, file: VFile): undefined => {
    const toc = file.data.textSummary?.toc
    if (!toc?.length) return
    const byId = new Map(toc.map((entry) => [entry.id, entry]))
    visit(tree, 'element', (node: Element) => {
      if (!HEADINGS.has(node.tagName)) return
      const entry = byId.get(String(node.properties.id ?? ''))
      if (!entry || !node.children.some(hasMath)) return
      entry.html = toHtml(node.children.flatMap(unwrapLinks), { allowDangerousHtml: true })
    })
  }
}

/** KaTeX output arrives as raw nodes (see rehype-katex-raw). */
function hasMath(node: ElementContent): boolean {
  if (node.type === 'raw') return true
  return node.type === 'element' && node.children.some(hasMath)
}

function unwrapLinks(node: ElementContent): ElementContent[] {
  if (node.type !== 'element') return [node]
  if (node.tagName === 'a') return node.children.flatMap(unwrapLinks)
  return [{ ...node, children: node.children.flatMap(unwrapLinks) }]
}
