import type { Element, ElementContent, Root } from 'hast'
import rehypeSlug from 'rehype-slug'
import { HEADING_DEPTH } from './hast-math.js'

/** What remark-smartypants made of the author's dashes, back to what was typed (oldschool dashes). */
const TYPED: Record<string, string> = { '\u2013': '--', '\u2014': '---' }

/**
 * rehype-slug's ids, made from the heading text as the author typed it. Typographic dashes
 * (remark-smartypants) would change the slug of "Encoder--Decoder" from `encoder--decoder` to
 * `encoderdecoder`, breaking every link already made to that section; quotes and ellipses make
 * no difference to a slug, as the slugger drops both forms. Slugs are worked out on copies of
 * the headings, in document order, so rehype-slug numbers repeated titles exactly as before.
 */
export default function rehypeHeadingSlugs() {
  const slug = rehypeSlug()
  return (tree: Root): undefined => {
    const headings: Element[] = []
    collect(tree.children, headings)
    if (headings.length === 0) return
    const copies = headings.map((h): Element => ({
      ...h,
      properties: { ...h.properties },
      children: h.children.map(typed),
    }))
    slug({ type: 'root', children: copies })
    copies.forEach((copy, i) => {
      if (typeof copy.properties.id === 'string') headings[i].properties.id = copy.properties.id
    })
  }
}

function collect(nodes: readonly (ElementContent | Root['children'][number])[], out: Element[]): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue
    if (HEADING_DEPTH[node.tagName] && !node.properties.id) out.push(node)
    else collect(node.children, out)
  }
}

function typed(node: ElementContent): ElementContent {
  if (node.type === 'text') return { ...node, value: node.value.replace(/[\u2013\u2014]/g, (c) => TYPED[c]) }
  if (node.type === 'element') return { ...node, children: node.children.map(typed) }
  return node
}
