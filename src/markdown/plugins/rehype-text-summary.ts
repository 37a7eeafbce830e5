import type { Element, ElementContent, Root } from 'hast'
import type { VFile } from 'vfile'
import type { TocEntry } from '../../shared/schemas/index.js'
import { countReading, type ReadingLength } from '../../shared/word-count.js'
import { HEADING_DEPTH, isPageChrome, isMathCode, textOf } from './hast-math.js'

/** What an essay says, as text: the TOC, the plain text and its length in words. */
export interface TextSummary {
  toc: TocEntry[]
  plainText: string
  wordCount: number
  /** Words and CJK characters apart: they are read at different speeds. */
  readingLength: ReadingLength
}

declare module 'vfile' {
  interface DataMap {
    textSummary: TextSummary
  }
}

const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'figure',
  'figcaption',
  'details',
  'summary',
  'hr',
  'caption',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
])
/** Elements whose text is not prose: pictures (SVG plot labels included) and form controls. */
const SKIPPED = new Set(['img', 'svg', 'input', 'video', 'audio', 'picture', 'select', 'button'])

/**
 * Reads the sanitised tree before KaTeX and highlighting replace formulas and code with
 * presentation markup, while formulas are still their TeX source. Stores the result in
 * `file.data.textSummary`.
 */
export default function rehypeTextSummary() {
  return (tree: Root, file: VFile): undefined => {
    const reader = new TextReader()
    reader.children(tree.children)
    const plainText = normalise(reader.plain.join(''))
    const readingLength = countReading(reader.countable.join(''))
    file.data.textSummary = {
      toc: reader.toc,
      plainText,
      wordCount: readingLength.words + readingLength.cjkCharacters,
      readingLength,
    }
  }
}

class TextReader {
  readonly plain: string[] = []
  /** Like `plain`, but each formula is one word however long its TeX. */
  readonly countable: string[] = []
  readonly toc: TocEntry[] = []
  private inFootnotes = false

  children(nodes: ElementContent[] | Root['children']): void {
    for (const node of nodes) {
      if (node.type === 'text') this.text(node.value)
      else if (node.type === 'element') this.element(node)
    }
  }

  private text(value: string): void {
    this.plain.push(value)
    this.countable.push(value)
  }

  private element(node: Element): void {
    const tag = node.tagName
    if (SKIPPED.has(tag) || isPageChrome(node)) return
    if (tag === 'br') return this.text('\n')
    if (tag === 'pre') {
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
      // Code blocks are not prose; display formulas are, as their TeX.
      if (code && isMathCode(code)) this.formula(textOf(code), true)
      else this.text('\n\n')
      return
    }
    if (isMathCode(node)) return this.formula(textOf(node), false)
    const depth = HEADING_DEPTH[tag]
    if (depth && !this.inFootnotes) this.heading(node, depth)
    const block = BLOCKS.has(tag)
    if (block) this.text('\n\n')
    else if (tag === 'td' || tag === 'th') this.text(' ')
    const wasInFootnotes = this.inFootnotes
    if (tag === 'section' && node.properties.dataFootnotes !== undefined) this.inFootnotes = true
    this.children(node.children)
    this.inFootnotes = wasInFootnotes
    if (block) this.text('\n\n')
  }

  private formula(tex: string, display: boolean): void {
    // Equation numbers were added for KaTeX; they are not part of what the author wrote.
    const source = tex.replace(/\\tag\*?\{[^{}]*\}/g, '').trim()
    this.plain.push(display ? `\n\n${source}\n\n` : source)
    this.countable.push(' formula ')
  }

  private heading(node: Element, depth: number): void {
    const inner = new TextReader()
    inner.inFootnotes = true
    inner.children(node.children)
    const text = inner.plain.join('').replace(/\s+/g, ' ').trim()
    const id = node.properties.id
    if (text !== '' && typeof id === 'string' && id !== '') this.toc.push({ depth, text, id })
  }
}

function normalise(text: string): string {
  return text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
