import type { BlockContent, DefinitionContent, PhrasingContent } from 'mdast'

export type Flow = Array<BlockContent | DefinitionContent>

/** A first heading inside a callout or theorem is its title (Quarto's rule), not a section of the page. */
export function takeTitle(children: Flow): { title: PhrasingContent[] | null; rest: Flow } {
  let first = 0
  while (first < children.length && children[first].type === 'html' && isBlank(children[first])) first++
  const head = children[first]
  if (head?.type !== 'heading') return { title: null, rest: children }
  return { title: head.children, rest: [...children.slice(0, first), ...children.slice(first + 1)] }
}

function isBlank(node: BlockContent | DefinitionContent): boolean {
  return 'value' in node && node.value.trim() === ''
}
