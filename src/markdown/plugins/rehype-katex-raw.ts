import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { VFile } from 'vfile'
import { isMathCode, textOf } from './hast-math.js'
import { warn } from '../essay-file-data.js'
import { isError, renderTex, runPreamble, type Macros } from './katex-render.js'

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
    replaceMath(tree, macros, (tex) => {
      // Shown as its source; the import report names it, so that its author can fix it.
      const shown = tex.length > 120 ? `${tex.slice(0, 117)}…` : tex
      warn(file, 'katex', `a formula KaTeX cannot typeset is shown as its source: ${shown.replace(/\s+/g, ' ').trim()}`)
    })
  }
}

type OnError = (tex: string) => void

function replaceMath(parent: Root | Element, macros: Macros, onError: OnError): void {
  const children = parent.children as Array<RootContent | ElementContent>
  for (let i = 0; i < children.length; i++) {
    const node = children[i]
    if (node.type !== 'element') continue
    const display = node.tagName === 'pre' ? mathCode(node) : undefined
    const code = display ?? (isMathCode(node) ? node : undefined)
    if (code) {
      const tex = textOf(code)
      const value = renderTex(tex, display !== undefined, macros)
      if (isError(value)) onError(tex)
      children[i] = { type: 'raw', value }
    } else {
      replaceMath(node, macros, onError)
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
