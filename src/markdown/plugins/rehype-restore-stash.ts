import type { Nodes, Root } from 'hast'
import type { VFile } from 'vfile'
import { hasMarker, unstash } from '../syntax/stash.js'

declare module 'vfile' {
  interface DataMap {
    /** What the stash markers in the markdown stand for (see syntax/stash.ts). */
    stash: string[]
  }
}

/**
 * Puts back the code, TeX and raw HTML the preprocessor set aside. Runs right after
 * remark-rehype, before rehype-raw and the sanitizer, so restored HTML is parsed and
 * sanitised like any other. A marker that ended up somewhere unexpected (in text, an
 * attribute, raw HTML) is restored there too, so nothing is ever lost.
 */
export default function rehypeRestoreStash() {
  return (tree: Root, file: VFile): undefined => {
    const entries = file.data.stash
    if (entries && entries.length > 0) restore(tree, entries)
  }
}

function restore(node: Nodes, entries: readonly string[]): void {
  if (node.type === 'text' || node.type === 'raw' || node.type === 'comment') {
    if (hasMarker(node.value)) node.value = unstash(node.value, entries)
    return
  }
  if (node.type === 'element') {
    for (const [name, value] of Object.entries(node.properties)) {
      if (typeof value === 'string' && hasMarker(value)) node.properties[name] = unstash(value, entries)
    }
  }
  if ('children' in node) for (const child of node.children) restore(child, entries)
}
