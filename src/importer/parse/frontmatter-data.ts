/** What each frontmatter reader returns: the values it could read, and what it had to skip. */
export interface FrontmatterData {
  data: Record<string, unknown>
  warnings: string[]
}

/**
 * Copies parsed values into plain JSON-friendly data: dates become ISO strings (TOML dates keep
 * their written form), null-prototype objects become ordinary ones, non-finite numbers and
 * functions are dropped. Frontmatter is stored as JSON later, so it must survive a round trip.
 */
export function toPlainData(value: unknown, depth = 0): unknown {
  if (depth > 64) return null
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'bigint') return Number(value)
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (Array.isArray(value)) return value.map((item) => toPlainData(item, depth + 1))
  if (value instanceof Map) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of value) setKey(out, String(key), toPlainData(item, depth + 1))
    return out
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      const plain = toPlainData(item, depth + 1)
      if (plain !== undefined) setKey(out, key, plain)
    }
    return out
  }
  return undefined
}

/** True for a plain key/value object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Assigns without invoking setters, so a key named `__proto__` stays an ordinary key. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}
