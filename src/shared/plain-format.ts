// Formatting without Intl. Creating an Intl formatter loads locale data, which cost about a
// fifth of the post page's start-up script time in the browser; these outputs are fixed English
// forms, so plain code gives the same text for a fraction of the cost, on server and client alike.

/** The months' English names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "March 4, 2025", read in UTC (so the server's markup and the browser's first render agree). */
export function longDateUtc(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/** 12345 → "12,345" (en-US grouping). */
export function groupThousands(n: number): string {
  const [whole, fraction] = String(Math.abs(n)).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  return `${n < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`
}
