import type { Nodes, Root } from 'mdast'
import remarkSmartypants from 'remark-smartypants'
import { unified } from 'unified'
import { SKIP, visit } from 'unist-util-visit'

/** The blocks whose text remark-smartypants sets: all the phrasing content mdast has. */
const BLOCKS = new Set(['paragraph', 'heading', 'tableCell'])
/** What smartypants changes: quotes, apostrophes, `--`, `...`. */
const CANDIDATE = /['"]|--|\.\.\./
/**
 * Longest block (in characters of text) that is set: retext's time grows faster than the text
 * (a 270,000-character paragraph of quotes took 19 s). No block of the corpus comes near 8,000
 * characters; a block past this limit is a pasted dump, left as typed.
 */
const MAX_BLOCK_CHARS = 20_000

/**
 * Typographic quotes, apostrophes, dashes and ellipses (remark-smartypants), given one block
 * at a time, and only the blocks that have something to change. Whole, the plugin reads the
 * essay's entire text into one natural-language tree and then each text node into another:
 * a quarter of an essay's render time, and superlinear on one very long paragraph. A quote
 * never pairs across paragraphs (the plugin starts each block afresh), so the result is the
 * same. Code, inline code, formulas and raw HTML are nodes of their own, never changed.
 */
export default function remarkTypography(options: { dashes: 'oldschool'; backticks: false }) {
  const smarten = unified().use(remarkSmartypants, options).freeze()
  return (tree: Root): undefined => {
    visit(tree, (node: Nodes) => {
      if (!BLOCKS.has(node.type)) return
      if (!hasCandidate(node)) return SKIP
      const block: Root = { type: 'root', children: [node as Root['children'][number]] }
      smarten.runSync(block)
      return SKIP
    })
  }
}

function hasCandidate(block: Nodes): boolean {
  let chars = 0
  let found = false
  visit(block, 'text', (text) => {
    chars += text.value.length
    if (!found) found = CANDIDATE.test(text.value)
  })
  return found && chars <= MAX_BLOCK_CHARS
}
