import type { BlockContent, DefinitionContent, Parent } from 'mdast'
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown'
import { parseAttributes, type PandocAttributes } from './attributes.js'

/**
 * A pandoc fenced div in the tree, before the transforms in this folder turn it into what it
 * stands for (a callout, a theorem, a figure…) or unwrap it. Never reaches remark-rehype.
 */
export interface PandocDiv extends Parent {
  type: 'pandocDiv'
  attributes: PandocAttributes
  children: Array<BlockContent | DefinitionContent>
}

declare module 'mdast' {
  interface RootContentMap {
    pandocDiv: PandocDiv
  }
  interface BlockContentMap {
    pandocDiv: PandocDiv
  }
}

/** mdast-util-from-markdown handlers for the tokens of `fencedDivSyntax`. */
export function fencedDivFromMarkdown(): Extension {
  return {
    enter: { pandocDiv: enterDiv },
    exit: { pandocDiv: exitDiv, pandocDivAttributes: exitAttributes },
  }
}

function enterDiv(this: CompileContext, token: Token): undefined {
  this.enter({ type: 'pandocDiv', attributes: parseAttributes(''), children: [] }, token)
}

function exitAttributes(this: CompileContext, token: Token): undefined {
  const node = this.stack[this.stack.length - 1]
  if (node?.type !== 'pandocDiv') return
  const raw = this.sliceSerialize(token)
  node.attributes = parseAttributes(raw.startsWith('{') ? raw.slice(1, raw.endsWith('}') ? -1 : undefined) : raw)
}

/**
 * Divs nested deeper than any document needs are unwrapped as they close: hostile input
 * (thousands of opening lines) must not make a tree deep enough to overflow the recursive
 * walkers after the parser.
 */
export const MAX_DIV_DEPTH = 32

function exitDiv(this: CompileContext, token: Token): undefined {
  let depth = 0
  for (const node of this.stack) if (node.type === 'pandocDiv') depth++
  const div = this.stack[this.stack.length - 1]
  this.exit(token)
  const parent = this.stack[this.stack.length - 1]
  if (depth <= MAX_DIV_DEPTH || div?.type !== 'pandocDiv' || !parent || !('children' in parent)) return
  const siblings = parent.children as unknown[]
  const at = siblings.lastIndexOf(div)
  if (at >= 0) siblings.splice(at, 1, ...div.children)
}
