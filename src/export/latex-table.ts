import type { Element } from 'hast'
import { attribute, isElement, textContent } from './html-tree.js'
import type { Place } from './latex-writer.js'

/**
 * A table of the stored HTML (`thead`/`tbody` rows of `th`/`td`, alignment in `align`) as a
 * booktabs tabular: a rule under the header row, wide text columns wrapping in paragraph
 * columns, inside a minipage so that footnotes in its cells survive.
 */
export function latexTable(node: Element, place: Place, cellText: (cell: Element, place: Place) => string): string {
  const rows = rowsOf(node)
  if (rows.length === 0) return ''
  const columns = Math.max(1, ...rows.map((r) => r.length))
  const cellPlace: Place = { ...place, argument: true, cell: true, top: false }
  const cells = rows.map((row) =>
    Array.from({ length: columns }, (_, i) => (row[i] ? cellText(row[i], cellPlace) : '')),
  )
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(1, ...rows.map((r) => (r[i] ? textContent(r[i]).trim().length : 0))),
  )
  const total = widths.reduce((a, b) => a + b, 0)
  const aligns = Array.from({ length: columns }, (_, i) =>
    rows.map((r) => (r[i] ? attribute(r[i], 'align') : undefined)).find(Boolean),
  )
  const spec = widths
    .map((w, i) => {
      // Long text wraps in a paragraph column; short cells keep their alignment.
      if (total > 70 && w > 20)
        return `>{\\raggedright\\arraybackslash}p{${((0.85 * w) / total).toFixed(2)}\\linewidth}`
      return aligns[i] === 'center' ? 'c' : aligns[i] === 'right' ? 'r' : 'l'
    })
    .join('')
  // A row starting with `[` or `*` would be read as an option of the `\\` or rule before it.
  const lines = cells.map((row) => `${/^[[*]/.test(row[0]) ? '{}' : ''}${row.join(' & ')} \\\\`)
  const header = rows[0].every((c) => c.tagName === 'th')
  const body = header
    ? [
        `\\begin{tabular}{@{}${spec}@{}}`,
        '\\toprule',
        lines[0],
        '\\midrule',
        ...lines.slice(1),
        '\\bottomrule',
        '\\end{tabular}',
      ]
    : [`\\begin{tabular}{@{}${spec}@{}}`, '\\toprule', ...lines, '\\bottomrule', '\\end{tabular}']
  // A minipage keeps footnotes of the cells (a tabular would lose them).
  return `\\begin{center}\n\\begin{minipage}{\\linewidth}\n\\centering\n${body.join('\n')}\n\\end{minipage}\n\\end{center}`
}

/** The table's rows in order (header rows first, as HTML writes them), each its cells. */
function rowsOf(table: Element): Element[][] {
  const rows: Element[][] = []
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (!isElement(child)) continue
      if (child.tagName === 'tr')
        rows.push(child.children.filter((c): c is Element => isElement(c, 'th') || isElement(c, 'td')))
      else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') visit(child)
    }
  }
  visit(table)
  return rows
}
