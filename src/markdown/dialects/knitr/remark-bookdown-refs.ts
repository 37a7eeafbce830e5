import type { Nodes, PhrasingContent, Root } from 'mdast'
import type { VFile } from 'vfile'
import type { EssayAnchor } from '../../../shared/schemas/index.js'
import { foreignReference } from '../../syntax/labels.js'

declare module 'vfile' {
  interface DataMap {
    /** Labels the document defines, as the preprocessor numbered them. */
    anchors: readonly EssayAnchor[]
  }
}

/** `\@ref(fig:cars)` once markdown has read its escape: `@ref(` and a bookdown label. */
const REF = /@ref\(([\w:.-]+)\)/g

/**
 * bookdown's cross-references, `\@ref(label)`, which stand for the target's number alone: the
 * author writes "Figure \@ref(fig:cars)" and "(\@ref(eq:binom))". Equations (labelled with
 * `(\#eq:binom)`, see syntax/tex.ts), labelled figures and tables give their numbers, sections
 * their titles; each is a link to its target. A label the document does not define is left to
 * the site's cross-post links (src/xref), which resolve it in another chapter or warn.
 */
export default function remarkBookdownRefs() {
  return (tree: Root, file: VFile): undefined => {
    const anchors = file.data.anchors
    if (!anchors) return
    const byKey = new Map(anchors.map((a) => [a.key, a]))
    rewrite(tree, byKey)
  }
}

function rewrite(parent: Nodes, byKey: ReadonlyMap<string, EssayAnchor>): void {
  if (!('children' in parent) || !Array.isArray(parent.children)) return
  const kids = parent.children as Nodes[]
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type !== 'text') {
      if (node.type !== 'link' && node.type !== 'inlineCode' && node.type !== 'code') rewrite(node, byKey)
      continue
    }
    if (!node.value.includes('@ref(')) continue
    const parts: PhrasingContent[] = []
    let last = 0
    for (const m of node.value.matchAll(REF)) {
      const anchor = byKey.get(m[1])
      if (m.index > last) parts.push({ type: 'text', value: node.value.slice(last, m.index) })
      last = m.index + m[0].length
      if (!anchor) {
        // Another chapter of the book, presumably: a link the site resolves when the post is read.
        // Until then it reads "??", as bookdown prints a reference it cannot resolve.
        parts.push({ type: 'html', value: foreignReference(m[1], 'number', '??') })
        continue
      }
      const text = anchor.number ?? anchor.title ?? m[1]
      parts.push({
        type: 'link',
        url: `#${anchor.id.replace(/^user-content-/, '')}`,
        children: [{ type: 'text', value: text }],
      })
    }
    if (parts.length === 0) continue
    if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) })
    kids.splice(i, 1, ...(parts as Nodes[]))
    i += parts.length - 1
  }
}
