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

/** Heading elements and their levels. */
export const HEADING_DEPTH: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 }

/**
 * Footnote reference numbers, back-arrows, the screen-reader "Footnotes" heading and the link
 * standing for an embedded page ("Watch the video on www.youtube.com"): no text of the essay.
 */
export function isPageChrome(node: Element): boolean {
  const p = node.properties
  if (node.tagName === 'a') return p.dataFootnoteRef !== undefined || p.dataFootnoteBackref !== undefined
  const cls = Array.isArray(p.className) ? p.className : []
  if (node.tagName === 'figure') return cls.includes('figure-embed')
  return node.tagName === 'h2' && cls.includes('sr-only')
}
