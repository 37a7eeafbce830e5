/** A node of the MyST parser's tree: mdast plus MyST's own kinds, read loosely and checked where used. */
export interface MystNode {
  type: string
  children?: MystNode[]
  value?: string
  [key: string]: unknown
}

/** A string field of a node, or undefined. */
export function field(node: MystNode, name: string): string | undefined {
  const value = node[name]
  return typeof value === 'string' ? value : undefined
}

/** The text a reader sees in a node (formulas as their TeX), for titles and link texts. */
export function textOf(node: MystNode): string {
  if (typeof node.value === 'string' && !node.children) return node.value
  return (node.children ?? []).map(textOf).join('')
}
