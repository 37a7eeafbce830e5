import { longDateUtc } from '../../src/shared/plain-format.js'

function toDate(iso: string): Date | null {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}

/** "March 4, 2025", in UTC with a fixed locale, so server and browser render the same text. */
export function formatDate(iso: string): string {
  const d = toDate(iso)
  return d ? longDateUtc(d) : ''
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
