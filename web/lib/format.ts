// Dates are formatted in UTC with a fixed locale, so the server's markup and the browser's
// first render agree (no hydration mismatch around midnight or across locales).
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

function toDate(iso: string): Date | null {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}

/** "March 4, 2025" */
export function formatDate(iso: string): string {
  const d = toDate(iso)
  return d ? LONG_DATE.format(d) : ''
}

/** "N min read" */
export function formatReadTime(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`
}

/**
 * An image address with a cache-busting version taken from the post's update time
 * (SPEC §2: the banner's address carries a timestamp).
 */
export function versionedImageUrl(src: string, updatedAt: string): string {
  const v = Date.parse(updatedAt)
  if (Number.isNaN(v)) return src
  return `${src}${src.includes('?') ? '&' : '?'}v=${v}`
}
