import type { Element, ElementContent, Root, RootContent } from 'hast'
import { raw } from 'hast-util-raw'

/**
 * The stored HTML of an essay, read back into hast: the export's only view of the essay's text
 * (issue 20: one reading, made at import; nothing here parses markdown). hast-util-raw parses
 * the string with parse5 as an HTML fragment, the same parser the render pipeline uses.
 */
export function parseStoredHtml(html: string): Root {
  return raw({ type: 'root', children: [{ type: 'raw', value: html }] }) as Root
}

export type Node = RootContent | ElementContent

export function isElement(node: Node | Root | undefined, tag?: string): node is Element {
  return node?.type === 'element' && (tag === undefined || node.tagName === tag)
}

export function classesOf(node: Element): string[] {
  const cls: unknown = node.properties.className
  return Array.isArray(cls) ? cls.map(String) : typeof cls === 'string' ? cls.split(/\s+/) : []
}

export function hasClass(node: Node | Root | undefined, name: string): boolean {
  return isElement(node) && classesOf(node).includes(name)
}

export function attribute(node: Element, name: string): string | undefined {
  const value = node.properties[name]
  if (value === undefined || value === null || value === false) return undefined
  return Array.isArray(value) ? value.join(' ') : String(value)
}

/** Text content, as a reader sees it (KaTeX's visual copy of a formula left out in favour of its TeX). */
export function textContent(node: Node | Root): string {
  if (node.type === 'text') return node.value
  if (node.type !== 'element' && node.type !== 'root') return ''
  if (node.type === 'element') {
    if (hasClass(node, 'katex')) return mathTexOf(node) ?? ''
    if (hasClass(node, 'katex-html')) return ''
  }
  return node.children.map((c) => textContent(c)).join('')
}

/**
 * The TeX a formula's KaTeX markup was made from: the MathML `annotation` KaTeX writes with
 * `encoding="application/x-tex"` (the annotation holds the source exactly as KaTeX read it), or
 * the source shown by KaTeX's error markup (`span.katex-error`). Null for anything else.
 */
export function mathTexOf(node: Element): string | null {
  if (hasClass(node, 'katex-error')) return textContent(node)
  const annotation = find(node, (n) => n.tagName === 'annotation' && attribute(n, 'encoding') === 'application/x-tex')
  return annotation ? annotation.children.map((c) => (c.type === 'text' ? c.value : '')).join('') : null
}

/** The first element under `node` (itself included) that `test` accepts, depth first. */
export function find(node: Element | Root, test: (n: Element) => boolean): Element | null {
  if (node.type === 'element' && test(node)) return node
  for (const child of node.children) {
    if (child.type !== 'element') continue
    const hit = find(child, test)
    if (hit) return hit
  }
  return null
}

/** Every element under `node` that `test` accepts, in document order (not looking inside a hit). */
export function findAll(node: Element | Root, test: (n: Element) => boolean, out: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue
    if (test(child)) out.push(child)
    else findAll(child, test, out)
  }
  return out
}

export function isBlank(node: Node): boolean {
  return node.type === 'comment' || (node.type === 'text' && node.value.trim() === '')
}
