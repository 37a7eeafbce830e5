import type { Element, Root } from 'hast'
import { visit } from 'unist-util-visit'
import { classes } from '../../plugins/rehype-assets.js'
import { calloutKind } from '../blocks.js'

/** The al-folio / ICLR blog-post theme's boxes (`_sass/_base.scss`): a tinted note in the text. */
const BOX = /^box-(note|important|warning|error|tip)$/

/**
 * `<aside class="box-note l-body">` and `<div class="box-warning">`, as the ICLR blog posts write
 * their remarks, are the theme's tinted boxes in the text column: they become the callout every
 * dialect's asides end in (dialects/blocks.ts), untitled as the theme shows them. An `<aside>`
 * would otherwise go to the margin, where distill puts only an aside with no width of its own.
 * Runs before the sanitizer, which keeps callout classes and distill's widths.
 */
export default function rehypeThemeBoxes() {
  return (tree: Root): undefined => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'div' && node.tagName !== 'aside') return
      const names = classes(node)
      const box = names.map((c) => BOX.exec(c)?.[1]).find(Boolean)
      if (!box) return
      node.tagName = 'div'
      const kind = calloutKind(box)
      node.properties.className = ['callout', `callout-${kind}`, ...names.filter((c) => !BOX.test(c))]
    })
  }
}
