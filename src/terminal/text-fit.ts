import cliTruncate from 'cli-truncate'
import stringWidth from 'string-width'

/**
 * Terminal text measured in columns, not UTF-16 units (issue 23.16): a CJK character or an emoji
 * takes two columns, a combining accent none, so `.length` and `padEnd` misalign columns and
 * overflow lines. Shared by the CLI's live line and tables and the Ink dashboard's columns.
 */
export const textWidth = (text: string): number => stringWidth(text)

/** At most `width` columns, cut at the end with an ellipsis (colour codes kept intact). */
export function truncateTo(text: string, width: number): string {
  if (width <= 0) return ''
  if (stringWidth(text) <= width) return text
  // cli-truncate can end one column over when the cut falls inside a two-column character
  // (measured: 21 columns for 20 on a CJK title); one column less then fits
  const cut = cliTruncate(text, width, { position: 'end' })
  return stringWidth(cut) <= width ? cut : cliTruncate(text, width - 1, { position: 'end' })
}

/** Exactly `width` columns: cut with an ellipsis, or padded with spaces (a cut wide character may leave one). */
export function fitColumn(text: string, width: number): string {
  const cut = truncateTo(text, width)
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)))
}

/** Padded on the right to `width` columns (never cut). */
export const padEndTo = (text: string, width: number): string =>
  text + ' '.repeat(Math.max(0, width - stringWidth(text)))
