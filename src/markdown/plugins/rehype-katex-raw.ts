import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { VFile } from 'vfile'
import { isMathCode, textOf } from './hast-math.js'
import { renderTex, runPreamble, type Macros } from './katex-render.js'

declare module 'vfile' {
  interface DataMap {
    /** TeX definitions to run before the document's first formula (see `preprocess`). */
    mathPreamble: string[]
  }
}

/**
 * rehype-katex, reshaped for the import's hot path: KaTeX's HTML goes into the tree as a `raw`
 * node that rehype-stringify writes out verbatim, instead of being parsed back into hast
 * (two thirds of rehype-katex's time on the corpus); formulas are cached; and each document
 * gets a fresh macros object, so `\newcommand` carries from one formula to the next but never
 * into another essay. Runs after the sanitizer: its output is generated, not authored.
 */
export default function rehypeKatexRaw() {
  return (tree: Root, file: VFile): undefined => {
    const macros: Macros = {}
    const preamble = file.data.mathPreamble
    if (preamble && preamble.length > 0) runPreamble(preamble, macros)
    replaceMath(tree, macros)
  }
}

function replaceMath(parent: Root | Element, macros: Macros): void {
  const children = parent.children as Array<RootContent | ElementContent>
  for (let i = 0; i < children.length; i++) {
    const node = children[i]
    if (node.type !== 'element') continue
    const display = node.tagName === 'pre' ? mathCode(node) : undefined
    if (display) {
      children[i] = { type: 'raw', value: renderTex(textOf(display), true, macros) }
    } else if (isMathCode(node)) {
      children[i] = { type: 'raw', value: renderTex(textOf(node), false, macros) }
    } else {
      replaceMath(node, macros)
    }
  }
}

/** The `code.language-math` of a `pre` that holds a display formula. */
function mathCode(pre: Element): Element | undefined {
  for (const child of pre.children) {
    if (child.type === 'element' && child.tagName === 'code') return isMathCode(child) ? child : undefined
  }
  return undefined
}
