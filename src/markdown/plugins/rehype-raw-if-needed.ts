import type { Nodes, Root } from 'hast'
import rehypeRaw from 'rehype-raw'
import type { VFile } from 'vfile'

/**
 * rehype-raw, skipped when the essay has no HTML in it: it re-parses the whole tree through
 * parse5 even when there is nothing to parse, and most essays have no raw HTML at all.
 */
export default function rehypeRawIfNeeded() {
  const raw = rehypeRaw()
  return (tree: Root, file: VFile): Root => (hasRaw(tree) ? raw(tree, file) : tree)
}

function hasRaw(node: Nodes): boolean {
  if (node.type === 'raw') return true
  if (!('children' in node)) return false
  for (const child of node.children) if (hasRaw(child)) return true
  return false
}
