import type { Blockquote, List, Paragraph } from 'mdast'
import type { Flow } from './div-content.js'

/**
 * Pandoc's list tables (Quarto 1.7, docs/authoring/tables.qmd "List Tables"): a `.list-table`
 * div holds a bullet list whose items are rows and whose items' own bullets are the cells, so
 * that a cell may hold paragraphs, code or lists; `header-rows` (1 unless set) are the head. A
 * paragraph before the list is the caption. The div's children with the list made a table
 * (its caption after it, `Table: …`, where rehype-captions and figures.ts look for one); the
 * children as they were when there is no such list.
 */
export function listTable(children: Flow, values: ReadonlyMap<string, string>): Flow {
  const at = children.findIndex((c) => c.type === 'list')
  const list = children[at] as List | undefined
  if (!list || !list.children.every((row) => row.children.some((c) => c.type === 'list'))) return children
  const headerRows = Math.max(0, Number.parseInt(values.get('header-rows') ?? '1', 10) || 0)
  const rows = list.children.map((row, r) => {
    const cells = (row.children.find((c) => c.type === 'list') as List).children
    return element(
      'tr',
      cells.map((cell) => tableCell(cell.children as Flow, r < headerRows ? 'th' : 'td')),
    )
  })
  const table = element('table', [
    ...(headerRows > 0 ? [element('thead', rows.slice(0, headerRows))] : []),
    element('tbody', rows.slice(headerRows)),
  ])
  const before = children.slice(0, at)
  const caption = before.findLast((c): c is Paragraph => c.type === 'paragraph')
  const rest = before.filter((c) => c !== caption)
  const captionLine: Paragraph[] = caption
    ? [{ type: 'paragraph', children: [{ type: 'text', value: 'Table: ' }, ...caption.children] }]
    : []
  return [...rest, table, ...captionLine, ...children.slice(at + 1)]
}

/** An HTML table part as an mdast parent the HTML step names (its children are blocks). */
function element(name: string, children: Flow): Blockquote {
  return { type: 'blockquote', data: { hName: name }, children }
}

/** A cell of one paragraph holds its text; any other cell, its blocks. */
function tableCell(blocks: Flow, name: 'th' | 'td'): Blockquote | Paragraph {
  const only = blocks.length === 1 ? blocks[0] : undefined
  if (only?.type === 'paragraph') return { type: 'paragraph', data: { hName: name }, children: only.children }
  return element(name, blocks)
}
