import type { Heading, Nodes, PhrasingContent, Root } from 'mdast'
import { toString } from 'mdast-util-to-string'
import type { VFile } from 'vfile'
import type { EssayAnchor } from '../../../shared/schemas/index.js'
import { contextOf, documentOf } from '../../essay-file-data.js'
import { foreignReference } from '../../syntax/labels.js'
import { QUARTO_PREFIXES, quartoPrefix } from '../pandoc/labels.js'
import { IdentifierSet, pandocIdentifier } from './pandoc-identifier.js'
import { dropPartHeadings } from './parts.js'
import { dropRawTex } from './raw-tex.js'
import { sectionNumbers, showSectionNumber } from './section-numbers.js'

declare module 'vfile' {
  interface DataMap {
    /** Labels the document defines, as the preprocessor numbered them. */
    anchors: readonly EssayAnchor[]
    /** The document has knitr chunks (```` ```{r} ````): an R Markdown file, whose headings bookdown labels. */
    knitr: boolean
  }
}

/** `\@ref(fig:cars)` once markdown has read its escape: `@ref(` and a bookdown label. */
const REF = /@ref\(([\w:.-]+)\)/g

/** bookdown's theorem label prefixes (`\@ref(thm:pyth)` for `::: {.theorem #pyth}`), bookdown's own table. */
const THEOREM_PREFIX = /^(?:thm|lem|cor|prp|cnj|def|exm|exr|hyp|rem):(.+)$/

/**
 * bookdown's cross-references, `\@ref(label)`, which stand for the target's number alone: the
 * author writes "Figure \@ref(fig:cars)" and "(\@ref(eq:binom))". Equations (labelled with
 * `(\#eq:binom)`, see syntax/tex.ts), labelled figures (chunks, see remark-code-chunks.ts) and
 * tables give their numbers, theorems theirs (`thm:pyth` names `::: {.theorem #pyth}`), sections
 * their titles; each is a link to its target. A label the document does not define is left to
 * the site's cross-post links (src/xref), which resolve it in another chapter or warn.
 *
 * In an R Markdown document every heading is a label, as pandoc names it (`## Tufte style` is
 * `tufte-style`): those headings take that id and are the document's anchors, so that another
 * chapter's `\@ref(tufte-style)` finds them; and LaTeX commands in its prose are left out
 * (raw-tex.ts), as are the book's part markers (parts.ts). Runs after the pandoc dialect, whose theorems and heading attributes it reads.
 */
export default function remarkBookdownRefs() {
  return (tree: Root, file: VFile): undefined => {
    // Part markers and text references are bookdown's alone; chunks and \@ref mostly are.
    const parts = dropPartHeadings(tree)
    const texts = textReferences(tree)
    const anchors = file.data.anchors
    if (!anchors) return
    const own = documentOf(file).anchors
    const byKey = new Map([...anchors, ...own].map((a) => [a.key, a]))
    // Also in a chapter that shows no other bookdown mark: another chapter refers to its theorems.
    for (const anchor of theoremLabels(own, byKey)) {
      own.push(anchor)
      byKey.set(anchor.key, anchor)
    }
    const chapter = contextOf(file).chapter
    const bookdown = parts || texts || file.data.knitr === true || chapter !== undefined || mentionsRef(tree)
    if (!bookdown) return
    for (const anchor of labelHeadings(tree, byKey)) {
      own.push(anchor)
      byKey.set(anchor.key, anchor)
    }
    if (chapter !== undefined) numberSections(tree, chapter, file, byKey)
    rewrite(tree, byKey)
    dropRawTex(tree)
  }
}

/** `(ref:label) Some **text**.` alone in a paragraph: a text reference bookdown puts wherever `(ref:label)` is written. */
const TEXT_DEFINITION = /^\(ref:([\w:.-]+)\)[ \t]+/
const TEXT_USE = /\(ref:([\w:.-]+)\)/g

/**
 * bookdown's text references: a paragraph `(ref:label) text` defines what `(ref:label)` stands
 * for elsewhere — a figure's or table's caption, most often (`fig.cap='(ref:label)'`). The
 * definition is not shown where it is written.
 */
function textReferences(tree: Root): boolean {
  const texts = new Map<string, PhrasingContent[]>()
  tree.children = tree.children.filter((node) => {
    if (node.type !== 'paragraph') return true
    const first = node.children[0]
    const m = first?.type === 'text' ? TEXT_DEFINITION.exec(first.value) : null
    if (!m || first?.type !== 'text') return true
    first.value = first.value.slice(m[0].length)
    texts.set(m[1], node.children)
    return false
  })
  if (texts.size === 0) return false
  const walk = (parent: Nodes): void => {
    if (!('children' in parent)) return
    const kids = parent.children as Nodes[]
    for (let i = 0; i < kids.length; i++) {
      const node = kids[i]
      if (node.type !== 'text') {
        walk(node)
        continue
      }
      if (!node.value.includes('(ref:')) continue
      const parts: Nodes[] = []
      let last = 0
      for (const m of node.value.matchAll(TEXT_USE)) {
        const text = texts.get(m[1])
        if (!text) continue
        if (m.index > last) parts.push({ type: 'text', value: node.value.slice(last, m.index) })
        parts.push(...(structuredClone(text) as Nodes[]))
        last = m.index + m[0].length
      }
      if (parts.length === 0) continue
      if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) })
      kids.splice(i, 1, ...parts)
      i += parts.length - 1
    }
  }
  walk(tree)
  return true
}

function mentionsRef(tree: Root): boolean {
  let found = false
  const walk = (node: Nodes): void => {
    if (found) return
    if (node.type === 'text' && node.value.includes('@ref(')) found = true
    else if ('children' in node && node.type !== 'link') for (const child of node.children) walk(child)
  }
  walk(tree)
  return found
}

/**
 * Each theorem-like block also under the label bookdown gives it, `thm:pyth` for
 * `::: {.theorem #pyth}`: another chapter's `\@ref(thm:pyth)` names it so (the site's
 * cross-post links look labels up as written).
 */
function theoremLabels(own: readonly EssayAnchor[], known: ReadonlyMap<string, EssayAnchor>): EssayAnchor[] {
  const out: EssayAnchor[] = []
  for (const anchor of own) {
    // A Quarto label (`thm-x`) is referred to as it is written; bookdown's blocks are labelled bare (`#pyth`).
    if (anchor.kind !== 'anchor' || !anchor.number || !anchor.title || anchor.key.includes(':')) continue
    if (quartoPrefix(anchor.key) !== null) continue
    const prefix = BOOKDOWN_PREFIX.get(anchor.title.slice(0, anchor.title.lastIndexOf(' ')))
    const key = prefix ? `${prefix}:${anchor.key}` : null
    if (key && !known.has(key)) out.push({ ...anchor, key })
  }
  return out
}

/** bookdown's label prefix of each theorem word ("Theorem" → thm), as its `theorem_abbr` table has it. */
const BOOKDOWN_PREFIX = new Map(
  Object.entries(QUARTO_PREFIXES)
    .filter(([prefix]) => THEOREM_PREFIX.test(`${prefix}:x`))
    .map(([prefix, word]) => [word, prefix]),
)

/**
 * A book chapter's sections numbered as bookdown numbers them (section-numbers.ts): shown before
 * each heading, and the number its label's `\@ref` says, here and from other chapters.
 */
function numberSections(tree: Root, chapter: string, file: VFile, byKey: Map<string, EssayAnchor>): void {
  const numbered = new Map<string, string>()
  for (const [heading, number] of sectionNumbers(tree, chapter)) {
    const id = heading.data?.hProperties?.id
    if (typeof id === 'string') numbered.set(id, number)
    showSectionNumber(heading, number)
  }
  if (numbered.size === 0) return
  const withNumber = (a: EssayAnchor): EssayAnchor => {
    const number = a.kind === 'section' ? numbered.get(a.key) : undefined
    return number ? { ...a, number } : a
  }
  const document = documentOf(file)
  document.anchors = document.anchors.map(withNumber)
  if (file.data.anchors) file.data.anchors = file.data.anchors.map(withNumber)
  for (const [key, anchor] of byKey) byKey.set(key, withNumber(anchor))
}

/** Headings with no id of their own get pandoc's; each is a section anchor. */
function labelHeadings(tree: Root, known: ReadonlyMap<string, EssayAnchor>): EssayAnchor[] {
  const headings: Heading[] = []
  const collect = (node: Nodes): void => {
    if (node.type === 'heading') headings.push(node)
    else if ('children' in node && node.type !== 'paragraph' && node.type !== 'table')
      for (const child of node.children) collect(child)
  }
  collect(tree)
  const ids = new IdentifierSet()
  for (const h of headings) {
    const id = h.data?.hProperties?.id
    if (typeof id === 'string') ids.unique(id)
  }
  const out: EssayAnchor[] = []
  for (const heading of headings) {
    if (heading.data?.hProperties?.id !== undefined) continue
    const title = toString(heading).trim()
    const key = ids.unique(pandocIdentifier(title))
    heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id: key } }
    if (!known.has(key)) out.push({ key, id: `user-content-${key}`, kind: 'section', title })
  }
  return out
}

function rewrite(parent: Nodes, byKey: ReadonlyMap<string, EssayAnchor>): void {
  if (!('children' in parent) || !Array.isArray(parent.children)) return
  const kids = parent.children as Nodes[]
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type !== 'text') {
      if (node.type !== 'link' && node.type !== 'inlineCode' && node.type !== 'code') rewrite(node, byKey)
      continue
    }
    if (!node.value.includes('@ref(')) continue
    const parts: PhrasingContent[] = []
    let last = 0
    for (const m of node.value.matchAll(REF)) {
      const anchor = lookUp(m[1], byKey)
      if (m.index > last) parts.push({ type: 'text', value: node.value.slice(last, m.index) })
      last = m.index + m[0].length
      if (!anchor?.id) {
        // Another chapter of the book, presumably: a link the site resolves when the post is read.
        // Until then it reads "??", as bookdown prints a reference it cannot resolve.
        parts.push({ type: 'html', value: foreignReference(m[1], 'number', '??') })
        continue
      }
      const text = anchor.number ?? anchor.title ?? m[1]
      parts.push({
        type: 'link',
        url: `#${anchor.id.replace(/^user-content-/, '')}`,
        children: [{ type: 'text', value: text }],
      })
    }
    if (parts.length === 0) continue
    if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) })
    kids.splice(i, 1, ...(parts as Nodes[]))
    i += parts.length - 1
  }
}

/** The anchor a bookdown label names: itself, or for a theorem prefix the block labelled without it. */
function lookUp(label: string, byKey: ReadonlyMap<string, EssayAnchor>): EssayAnchor | undefined {
  const direct = byKey.get(label)
  if (direct) return direct
  const theorem = THEOREM_PREFIX.exec(label)
  const block = theorem ? byKey.get(theorem[1]) : undefined
  return block?.kind === 'anchor' && block.number ? block : undefined
}
