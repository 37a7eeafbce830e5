import type { EmbeddedFile } from '../parse/types.js'
import { withoutHeadingAttributes } from '../parse/body-scan.js'
import { outputsToMarkdown } from './cell-outputs.js'
import { EmbeddedFiles, IMAGE_TYPES, joinText } from './embedded-files.js'
import { fenced, htmlBlock } from './markdown-blocks.js'
import { cellFrontMatter, frontMatterBlock, notebookLanguage } from './notebook-front-matter.js'
import type { Notebook, NotebookCell } from './notebook-schema.js'

/** A notebook as one markdown document, with the figures its outputs and attachments carry. */
export interface ConvertedNotebook {
  markdown: string
  embedded: ReadonlyMap<string, EmbeddedFile>
}

/** Cell tags Jupyter Book and mystmd honour when they publish a notebook (`remove_input` is the older spelling). */
const REMOVE = /^remove[-_](cell|input|output)$/

/** `#| caption: …` option lines at the top of a code cell (mystmd; Quarto writes `fig-cap`). */
const CELL_OPTION = /^#\|\s*([\w-]+)\s*:\s*(.*)$/

/**
 * The markdown a notebook publishes as, written so the rest of the import reads it like any
 * essay (a Jupyter Book's notebooks are MyST, so their markdown cells are kept exactly as written
 * for the MyST reader): front matter from the notebook's metadata, markdown cells in order,
 * code cells fenced in the kernel's language, and their stored outputs below them (see
 * cell-outputs.ts). `attachment:x.png` in a markdown cell points at the cell's own attachment.
 */
export function notebookToMarkdown(notebook: Notebook): ConvertedNotebook {
  const files = new EmbeddedFiles()
  const language = notebookLanguage(notebook) ?? ''
  const blocks: string[] = []
  let fromCell: Record<string, unknown> = {}
  let firstHeading: string | null = null
  let seenMarkdown = false
  for (const cell of notebook.cells) {
    const removed = new Set((cell.metadata.tags ?? []).map((t) => REMOVE.exec(t)?.[1]).filter(Boolean))
    if (removed.has('cell')) continue
    let source = joinText(cell.source)
    if (cell.cell_type === 'markdown') {
      if (!seenMarkdown) {
        const split = cellFrontMatter(source)
        fromCell = split.fields
        source = split.rest
        seenMarkdown = true
      }
      source = withAttachments(source, cell, files)
      const heading = /^#[ \t]+(.+?)[ \t#]*$/m.exec(source)?.[1]
      // Quarto's `# Categorical Data {#sec-categorical-data}`: the label is the heading's, not the title's words.
      if (heading !== undefined) firstHeading ??= withoutHeadingAttributes(heading)
      if (source.trim() !== '') blocks.push(source.trim())
    } else if (cell.cell_type === 'code') {
      const { code, caption } = withoutCellOptions(source)
      if (!removed.has('input') && code.trim() !== '') blocks.push(fenced(language, code))
      if (!removed.has('output')) blocks.push(...outputsToMarkdown(cell.outputs, files, caption))
    } else {
      const raw = rawCell(source, cell.metadata)
      if (raw) blocks.push(raw)
    }
  }
  const markdown = frontMatterBlock(notebook, fromCell, firstHeading) + blocks.join('\n\n') + '\n'
  return { markdown, embedded: files.byReference }
}

/** `attachment:name` references of a cell turned into references to the bytes the cell carries. */
function withAttachments(source: string, cell: NotebookCell, files: EmbeddedFiles): string {
  const attachments = 'attachments' in cell ? cell.attachments : undefined
  if (!attachments) return source
  let out = source
  for (const [name, bundle] of Object.entries(attachments)) {
    const mime = IMAGE_TYPES.map(([type]) => type).find((type) => type in bundle)
    const reference = mime ? files.addImage(mime, bundle[mime], 'attachment') : null
    if (!reference) continue
    for (const written of new Set([name, encodeURI(name)])) out = out.split(`attachment:${written}`).join(reference)
  }
  return out
}

/** A code cell's source without its leading `#|` option lines, and the figure caption they give. */
function withoutCellOptions(source: string): { code: string; caption: string } {
  const lines = source.split('\n')
  let caption = ''
  let i = 0
  for (; i < lines.length; i++) {
    const option = CELL_OPTION.exec(lines[i])
    if (!option) break
    if (option[1] === 'caption' || option[1] === 'fig-cap') caption = option[2].replace(/^(['"])(.*)\1$/, '$2')
  }
  return { code: lines.slice(i).join('\n'), caption }
}

/**
 * A raw cell is for one output format (`raw_mimetype`, or `format` in older notebooks): HTML and
 * Markdown are published, anything else (LaTeX for the PDF, reST for Sphinx) is not this page's.
 */
function rawCell(source: string, metadata: Record<string, unknown>): string | null {
  const format = String(metadata.raw_mimetype ?? metadata.format ?? '').toLowerCase()
  if (format === 'text/html' || format === 'html') return htmlBlock(source)
  if (format === 'text/markdown' || format === 'markdown') return source.trim() || null
  return null
}
