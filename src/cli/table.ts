import { padEndTo, textWidth } from '../terminal/text-fit.js'

/** Rows as aligned columns (the first row is the heading), for terminal listings; widths in terminal columns. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => textWidth(r[col]))))
  return rows
    .map((r) =>
      r
        .map((cell, col) => padEndTo(cell, widths[col]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
