import type { Root } from 'hast'
import rehypeHighlight from 'rehype-highlight'
import type { VFile } from 'vfile'

/**
 * Syntax highlighting only where the author named the language (no guessing: it is slow and
 * often wrong). Unknown languages stay plain. highlight.js failing on odd input must not fail
 * the page: the code is then shown unhighlighted.
 */
export default function rehypeHighlightSafe() {
  const highlight = rehypeHighlight({
    detect: false,
    plainText: ['text', 'txt', 'plain', 'plaintext', 'output', 'console', 'math'],
  })
  return (tree: Root, file: VFile): undefined => {
    try {
      highlight(tree, file)
    } catch {
      // Leave whatever was not highlighted as plain code.
    }
  }
}
