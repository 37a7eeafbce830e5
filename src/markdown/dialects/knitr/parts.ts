import type { Heading, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'

/** bookdown's part and appendix markers (`# (PART) Basics {-}`, `# (PART\*) …`, `# (APPENDIX) Appendix {-}`). */
const PART_MARKER = /^\(\s*(?:PART\\?\*?|APPENDIX)\s*\)/

/**
 * Whether a heading divides a book rather than titles a chapter: bookdown lists it in the book's
 * table of contents only (and as `\part` in a PDF), never as a heading of the page.
 */
export function isPartHeading(node: Heading): boolean {
  return node.depth === 1 && PART_MARKER.test(toString(node))
}

/** A chapter's page without the book's part markers; whether it had any (a bookdown chapter, then). */
export function dropPartHeadings(tree: Root): boolean {
  if (!tree.children.some((node) => node.type === 'heading' && isPartHeading(node))) return false
  tree.children = tree.children.filter((node) => node.type !== 'heading' || !isPartHeading(node))
  return true
}
