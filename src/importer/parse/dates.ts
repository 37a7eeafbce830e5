import { FrontmatterLookup } from './frontmatter-lookup.js'
/**
 * Reading publication dates the way essay authors write them.
 *
 * A date or time without a zone is read as UTC, so an import gives the same result on every
 * machine regardless of its local time zone.
 */

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
}

const MIN_YEAR = 1000
const MAX_YEAR = 9999

/** A date from a frontmatter value, or null when the value is not a date we can read. */
export function parseDateValue(value: unknown): Date | null {
  if (value instanceof Date) return isUsable(value) ? new Date(value.getTime()) : null
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= MIN_YEAR && value <= MAX_YEAR ? utcDate(value, 1, 1) : null
  }
  if (typeof value !== 'string') return null
  const text = value.trim().replace(/\s+/g, ' ')
  if (!text || text.length > 100) return null
  // Each reader answers undefined for "not my format" and null for "my format, impossible
  // date" (31 April): an impossible date must not reach the engine's lenient Date.parse.
  for (const read of [parseFranklinDate, parseIsoLike, parseDayMonthYear, parseMonthDayYear]) {
    const date = read(text)
    if (date !== undefined) return date
  }
  return parseFallback(text)
}

/** Julia's `Date(2019, 11, 19)` (and `DateTime(…)`), as Franklin writes `rss_pubdate`. */
function parseFranklinDate(text: string): Date | null | undefined {
  const match =
    /^(?:Dates\.)?Date(?:Time)?\(\s*(\d{4})\s*(?:,\s*(\d{1,2})\s*(?:,\s*(\d{1,2})\s*(?:,\s*(\d{1,2})\s*(?:,\s*(\d{1,2})\s*(?:,\s*(\d{1,2})\s*)?)?)?)?)?\)$/.exec(
      text,
    )
  if (!match) return undefined
  const [, y, mo, d, h, mi, s] = match
  return utcDate(Number(y), Number(mo ?? 1), Number(d ?? 1), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0))
}

/** 2019-09-16, 2019/09/16, 2019-09-16T10:00Z, "2026-04-22 15:24:48", with an optional zone. */
function parseIsoLike(text: string): Date | null | undefined {
  const match =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)? ?(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
      text,
    )
  if (!match) return undefined
  const [, y, mo, d, h, mi, s, frac, zone] = match
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0
  const date = utcDate(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms)
  if (!date) return null
  const offset = zoneOffsetMinutes(zone)
  return offset === 0 ? date : new Date(date.getTime() - offset * 60_000)
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone || /^(Z|UTC|GMT)$/i.test(zone)) return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0))
}

const WEEKDAY = '(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\\.?,? )?'

/** "8 October 2025", "08 Oct. 2025", "8th of October, 2025", "Wednesday, 8 October 2025". */
function parseDayMonthYear(text: string): Date | null | undefined {
  const match = new RegExp(`^${WEEKDAY}(\\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z]+)\\.?,? (\\d{4})$`, 'i').exec(text)
  if (!match) return undefined
  const month = MONTHS[match[2].toLowerCase()]
  return month ? utcDate(Number(match[3]), month, Number(match[1])) : undefined
}

/** "October 8, 2025", "Oct. 8th 2025", "October 2025". */
function parseMonthDayYear(text: string): Date | null | undefined {
  const match = new RegExp(`^${WEEKDAY}([a-z]+)\\.? (?:(\\d{1,2})(?:st|nd|rd|th)?,? )?(\\d{4})$`, 'i').exec(text)
  if (!match) return undefined
  const month = MONTHS[match[1].toLowerCase()]
  return month ? utcDate(Number(match[3]), month, Number(match[2] ?? 1)) : undefined
}

/**
 * Anything else the JavaScript engine understands (RFC 2822 e-mail dates, for instance), but
 * only with a four-digit year: engines happily turn "1" or "March" into some year.
 */
function parseFallback(text: string): Date | null {
  if (!/\b\d{4}\b/.test(text)) return null
  const time = Date.parse(text)
  if (Number.isNaN(time)) return null
  const date = new Date(time)
  return isUsable(date) ? date : null
}

function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date | null {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > 31) return null
  if (hour > 23 || minute > 59 || second > 60) return null
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), ms))
  // Date.UTC rolls 31 February over into March; a date that rolled over was never valid.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return date
}

function isUsable(date: Date): boolean {
  const time = date.getTime()
  if (Number.isNaN(time)) return false
  const year = date.getUTCFullYear()
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** Front-matter fields read as the essay's date, first found first. */
export const DATE_KEYS = ['date', 'published', 'publishedAt', 'published_at', 'publishDate', 'pubdate', 'rss_pubdate']

/**
 * Whether the essay's front matter gives it a date of its own (else its date is the file's
 * modification time, or the upload's: when it was imported, not when it was written).
 */
export function hasOwnDate(frontmatter: Record<string, unknown>): boolean {
  const fields = new FrontmatterLookup(frontmatter)
  return DATE_KEYS.some((key) => {
    const found = fields.first([key])
    return found != null && typeof found.value !== 'boolean' && parseDateValue(found.value) !== null
  })
}
