import type { Nodes, Paragraph, Parent, Root } from 'mdast'
import type { Processor } from 'unified'
import type { VFile } from 'vfile'
import { contextOf, documentOf, warn } from '../../essay-file-data.js'
import { itemChapter } from '../../syntax/chapter-number.js'
import { resolveReferences } from './cross-references.js'
import { readDivs, type DivReading } from './divs.js'
import { readInlineAttributes } from './inline-attributes.js'
import { readInlineNotes } from './inline-notes.js'
import { QuartoLabels } from './labels.js'
import { fencedDivFromMarkdown } from './mdast-fenced-div.js'
import { fencedDivSyntax } from './micromark-fenced-div.js'
import { DROPPED_MARK } from './shortcodes.js'

/**
 * Pandoc and Quarto markdown (issue 38): fenced divs enter at the parser (micromark-fenced-div.ts),
 * and small transforms, in this order, make them and pandoc's inline attributes into the
 * document kinds the rest of Scholia knows:
 *
 * 0. `readInlineNotes` — inline notes `^[…]` into footnotes;
 * 1. `readInlineAttributes` — `{…}` after headings, images and `[spans]` read and removed;
 * 2. `readDivs` — divs into callouts, theorems, proofs, figures, tables, or their content,
 *    numbering figures, tables and theorem-like blocks in document order;
 * 3. `resolveReferences` — `@thm-x`, `-@fig-x`… into links, once every label is known;
 * 4. `dropStrayFences` — a `:::` line with no div to close is not shown;
 * 5. `reportDroppedShortcodes` — shortcodes the preprocessor could not render become warnings.
 *
 * Registered before remark-heading-ids and remark-figures, which then see plain headings and images.
 */
export default function remarkPandoc(this: Processor) {
  const data = this.data()
  ;(data.micromarkExtensions ??= []).push(fencedDivSyntax())
  ;(data.fromMarkdownExtensions ??= []).push(fencedDivFromMarkdown())
  return (tree: Root, file: VFile): undefined => {
    readInlineNotes(tree)
    readInlineAttributes(tree)
    const reading: DivReading = {
      labels: new QuartoLabels(itemChapter(contextOf(file))),
      floats: [],
      blocks: [],
      sections: new Map(),
      unknownClasses: new Set(),
    }
    readDivs(tree, reading)
    resolveReferences(tree, reading.labels, reading.sections, file)
    dropStrayFences(tree)
    reportDroppedShortcodes(tree, file)
    record(reading, file)
  }
}

const FLOAT_WORDS = { figure: 'Figure', table: 'Table', listing: 'Listing' } as const

/** Numbers for rehype-captions, and the document's anchors for other posts to link to. */
function record(reading: DivReading, file: VFile): void {
  if (reading.floats.length === 0 && reading.blocks.length === 0) return
  const numbers = new Map(file.data.captionNumbers ?? [])
  const anchors = documentOf(file).anchors
  for (const float of reading.floats) {
    if (!float.key) continue
    const id = `user-content-${float.key}`
    const name = `${FLOAT_WORDS[float.kind]} ${float.number}`
    numbers.set(id, name)
    // A listing is no figure or table to other posts: an anchor called by its name.
    if (float.kind === 'listing')
      anchors.push({ key: float.key, id, kind: 'anchor', title: name, number: float.number })
    else anchors.push({ key: float.key, id, kind: float.kind, number: float.number })
  }
  for (const block of reading.blocks)
    anchors.push({
      key: block.key,
      id: `user-content-${block.key}`,
      kind: 'anchor',
      title: block.title,
      number: block.number,
    })
  file.data.captionNumbers = numbers
}

const STRAY_FENCE = /^[ \t]*:{3,}[ \t]*$/

/** Lines of colons alone left in paragraphs (a closing fence with nothing open, a fence pandoc would not read either). */
function dropStrayFences(tree: Root): void {
  const walk = (parent: Parent): void => {
    const kids = parent.children as Nodes[]
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]
      if (kid.type === 'paragraph') {
        if (!stripFenceLines(kid)) continue
        if (kid.children.length === 0) kids.splice(i--, 1)
      } else if ('children' in kid && kid.type !== 'heading' && kid.type !== 'table') walk(kid)
    }
  }
  walk(tree)
}

/** Removes colon-only lines from a paragraph's text; true if any was. */
function stripFenceLines(paragraph: Paragraph): boolean {
  let changed = false
  for (const kid of paragraph.children) {
    if (kid.type !== 'text' || !kid.value.includes(':::')) continue
    const lines = kid.value.split('\n')
    const kept = lines.filter((line) => !STRAY_FENCE.test(line))
    if (kept.length !== lines.length) {
      kid.value = kept.join('\n')
      changed = true
    }
  }
  if (changed) paragraph.children = paragraph.children.filter((k) => k.type !== 'text' || k.value.trim() !== '')
  return changed
}

/** The comments shortcodes.ts leaves for what it dropped: a warning each, and gone. */
function reportDroppedShortcodes(tree: Root, file: VFile): void {
  const walk = (parent: Parent): void => {
    const kids = parent.children as Nodes[]
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]
      if (kid.type === 'html' && kid.value.includes(DROPPED_MARK)) {
        for (const m of kid.value.matchAll(/<!--scholia-dropped-shortcode:([^>]*?)-->/g))
          warn(
            file,
            'dropped-shortcode',
            `Quarto shortcode {{< ${safeDecode(m[1])} >}} was left out: it needs files this page is imported without`,
          )
        kid.value = kid.value.replace(/<!--scholia-dropped-shortcode:[^>]*?-->/g, '')
        if (kid.value.trim() === '') kids.splice(i--, 1)
      } else if ('children' in kid) walk(kid)
    }
  }
  walk(tree)
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
