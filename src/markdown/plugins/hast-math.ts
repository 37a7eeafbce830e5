import type { Element } from 'hast'

/** remark-math's formulas reach hast as `code.language-math` (inside a `pre` when displayed). */
export function isMathCode(node: Element): boolean {
  const cls = node.properties.className
  return node.tagName === 'code' && Array.isArray(cls) && cls.includes('language-math')
}

/** The text content of an element: a formula's TeX source. */
export function textOf(node: Element): string {
  let out = ''
  for (const child of node.children) {
    if (child.type === 'text') out += child.value
    else if (child.type === 'element') out += textOf(child)
  }
  return out
}
