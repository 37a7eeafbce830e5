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
      const needs = whatItNeeds(node)
      if (needs === 'apostrophes') {
        visit(node, 'text', (text) => {
          text.value = text.value.replace(INNER_APOSTROPHE, '’')
        })
      } else if (needs === 'smartypants') {
        const block: Root = { type: 'root', children: [node as Root['children'][number]] }
        smarten.runSync(block)
      }
      return SKIP
    })
  }
}

/**
 * An apostrophe inside a word ("don't", "Bayes's", "1990's"): smartypants makes each one a
 * closing single quote, whatever else the block holds, as its word's text comes before it.
 */
const INNER_APOSTROPHE = /(?<=[\p{L}\p{N}])'(?=[\p{L}\p{N}])/gu
const OTHER_QUOTE = /"|--|\.\.\.|'/

/**
 * What a block's text needs: nothing; only its in-word apostrophes set (most prose blocks that
 * need anything, done without reading the block into a natural-language tree, which is most of
 * what smartypants costs); or smartypants itself (quotes to pair, dashes, ellipses).
 */
function whatItNeeds(block: Nodes): 'nothing' | 'apostrophes' | 'smartypants' {
  let chars = 0
  let found = false
  let onlyApostrophes = true
  visit(block, 'text', (text) => {
    chars += text.value.length
    if (!CANDIDATE.test(text.value)) return
    found = true
    if (onlyApostrophes) onlyApostrophes = !OTHER_QUOTE.test(text.value.replace(INNER_APOSTROPHE, ''))
  })
  if (!found || chars > MAX_BLOCK_CHARS) return 'nothing'
  return onlyApostrophes ? 'apostrophes' : 'smartypants'
}
