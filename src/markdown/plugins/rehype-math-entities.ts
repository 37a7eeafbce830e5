import type { Element, Nodes, Root } from 'hast'
import { isMathCode } from './hast-math.js'

/** The character references an author writes for HTML inside TeX, and what the browser reads. */
const REFERENCE = /&(?:(amp|lt|gt|quot|apos|nbsp)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/g
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/**
 * A formula's TeX as MathJax reads it from the page. A site written for MathJax holds TeX in its
 * HTML, where the browser has decoded `&amp;` to `&` before MathJax looks: an author who wrote an
 * alignment `&amp;=` inside an HTML block or a bare `\begin{align}` (the ICLR blog posts do) means
 * `&=`. Taken from the source as written, KaTeX set "amp;" in the formula and the reading aids
 * quoted it. No TeX means `&amp;` literally (`&` then the letters "amp;"), so every formula's
 * references are read, whichever route it came by.
 */
export function decodeTexReferences(tex: string): string {
  if (!tex.includes('&')) return tex
  return tex.replace(REFERENCE, (whole, name?: string, dec?: string, hex?: string) => {
    if (name) return NAMED[name]
    const code = Number.parseInt(dec ?? hex!, dec ? 10 : 16)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole
  })
}

/** Decodes character references in every formula's TeX (see decodeTexReferences); after the sanitizer. */
export default function rehypeMathEntities() {
  return (tree: Root): undefined => {
    visit(tree)
  }
}

function visit(node: Nodes): void {
  if (node.type === 'element' && isMathCode(node)) return decodeIn(node)
  if ('children' in node) for (const child of node.children) visit(child)
}

function decodeIn(node: Element): void {
  for (const child of node.children) {
    if (child.type === 'text') child.value = decodeTexReferences(child.value)
    else if (child.type === 'element') decodeIn(child)
  }
}
