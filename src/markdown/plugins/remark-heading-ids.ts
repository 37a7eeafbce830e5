import type { Heading, Nodes, Root } from 'mdast'

const ID_ATTRIBUTE = /[ \t]*\{#([\w:.-]+)\}[ \t]*$/

/**
 * `## Title {#id}` (Pandoc/kramdown attribute syntax, also what the preprocessor writes for a
 * d2l `:label:`) gives the heading that id instead of a slug. The sanitizer then prefixes it
 * like every author-chosen id.
 */
export default function remarkHeadingIds() {
  return (tree: Root): undefined => {
    forEachHeading(tree, setId)
  }
}

function setId(heading: Heading): void {
  const tail = heading.children[heading.children.length - 1]
  if (tail?.type !== 'text') return
  const m = ID_ATTRIBUTE.exec(tail.value)
  if (!m) return
  tail.value = tail.value.slice(0, m.index)
  if (tail.value === '') heading.children.pop()
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: m[1] } }
}

/** Headings live in flow content only (root, lists, quotes, footnotes): no need to enter phrasing. */
function forEachHeading(node: Nodes, fn: (heading: Heading) => void): void {
  if (node.type === 'heading') return fn(node)
  if (node.type === 'paragraph' || node.type === 'table' || !('children' in node)) return
  for (const child of node.children) forEachHeading(child, fn)
}
