/** Rows as aligned columns (the first row is the heading), for terminal listings. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => r[col].length)))
  return rows.map((r) => r.map((cell, col) => cell.padEnd(widths[col])).join('  ').trimEnd()).join('\n')
}
