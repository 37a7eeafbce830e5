import type { Nodes, Root } from 'mdast'

/**
 * A LaTeX command in the prose of an R Markdown document (`\index{knitr}`, `\mainmatter`,
 * `\cleardoublepage`, `\let\oldhref\href`) is raw TeX to pandoc: written into a PDF, left out of
 * HTML. Formulas are nodes of their own and code is code, so only the text of the prose is read.
 */
const COMMAND = /\\[A-Za-z]+\*?(?:\[[^\]\n]*\]|\{(?:[^{}\n]|\{[^{}\n]*\})*\})*/g

export function dropRawTex(tree: Root): void {
  const walk = (parent: Nodes): boolean => {
    if (!('children' in parent)) return false
    const kids = parent.children as Nodes[]
    let emptied = false
    for (let i = 0; i < kids.length; i++) {
      const node = kids[i]
      if (node.type === 'text') {
        if (!node.value.includes('\\')) continue
        const value = node.value.replace(COMMAND, '')
        if (value === node.value) continue
        node.value = value
        if (value.trim() === '') emptied = true
      } else if ('children' in node && walk(node)) {
        // A paragraph that held nothing but commands goes with them.
        if (node.type === 'paragraph' && node.children.every((c) => c.type === 'text' && c.value.trim() === ''))
          kids.splice(i--, 1)
      }
    }
    return emptied
  }
  walk(tree)
}
