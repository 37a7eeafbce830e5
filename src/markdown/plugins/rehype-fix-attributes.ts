import type { Element, Nodes, Root } from 'hast'

const CLOBBER_PREFIX = 'user-content-'
const EXTERNAL = /^https?:\/\//i
/** SVG paint and clipping references to an element of the page: `url(#clip0)`. */
const URL_REFERENCES = ['clipPath', 'fill', 'stroke', 'mask', 'filter', 'markerStart', 'markerMid', 'markerEnd']
const LOCAL_URL = /^\s*url\(\s*#([^)\s]+)\s*\)\s*$/

/**
 * Tidies attributes after the sanitizer. Fixes what its id prefixing breaks: a `#fn-1` or `#sec_x` link (or an SVG
 * `url(#clip0)`) whose target now has the id `user-content-fn-1` is pointed at it (GitHub does
 * this with script; a static page cannot). External links get `rel="noopener noreferrer"`.
 */
export default function rehypeLinks() {
  return (tree: Root): undefined => {
    const ids = new Set<string>()
    const links: Element[] = []
    const svgReferences: Element[] = []
    forEachElement(tree, (node) => {
      const cls = node.properties.className
      if (Array.isArray(cls) && cls.length === 0) delete node.properties.className
      const id = node.properties.id
      if (typeof id === 'string') ids.add(id)
      if (node.tagName === 'a' && typeof node.properties.href === 'string') links.push(node)
      if (URL_REFERENCES.some((name) => typeof node.properties[name] === 'string')) svgReferences.push(node)
    })
    for (const node of svgReferences) {
      for (const name of URL_REFERENCES) {
        const m = typeof node.properties[name] === 'string' ? LOCAL_URL.exec(node.properties[name]) : null
        if (m && !ids.has(m[1]) && ids.has(CLOBBER_PREFIX + m[1]))
          node.properties[name] = `url(#${CLOBBER_PREFIX}${m[1]})`
      }
    }
    for (const link of links) {
      const href = link.properties.href as string
      if (href.startsWith('#')) {
        const target = safeDecode(href.slice(1))
        if (!ids.has(target) && ids.has(CLOBBER_PREFIX + target))
          link.properties.href = '#' + CLOBBER_PREFIX + href.slice(1)
      } else if (EXTERNAL.test(href)) {
        link.properties.rel = ['noopener', 'noreferrer']
      }
    }
  }
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

function forEachElement(node: Nodes, fn: (element: Element) => void): void {
  if (node.type === 'element') fn(node)
  if ('children' in node) for (const child of node.children) forEachElement(child, fn)
}
