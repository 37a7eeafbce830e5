/** Case-insensitive access to frontmatter keys (`Title:` and `title:` mean the same). */
export class FrontmatterLookup {
  private readonly byLowerKey = new Map<string, { key: string; value: unknown }>()

  constructor(frontmatter: Record<string, unknown>) {
    for (const [key, value] of Object.entries(frontmatter)) {
      const lower = key.toLowerCase()
      // An exact lower-case key wins over a differently cased duplicate.
      if (!this.byLowerKey.has(lower) || key === lower) this.byLowerKey.set(lower, { key, value })
    }
  }

  /** The first of `keys` that is present with a meaningful value (not null, not blank). */
  first(keys: readonly string[]): { key: string; value: unknown } | null {
    for (const name of keys) {
      const found = this.byLowerKey.get(name.toLowerCase())
      if (found && isMeaningful(found.value)) return found
    }
    return null
  }

  /** Every present, meaningful value among `keys`, in the order of `keys`. */
  all(keys: readonly string[]): unknown[] {
    const values: unknown[] = []
    for (const name of keys) {
      const found = this.byLowerKey.get(name.toLowerCase())
      if (found && isMeaningful(found.value)) values.push(found.value)
    }
    return values
  }
}

function isMeaningful(value: unknown): boolean {
  if (value === null || value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  return true
}

/** True for `true`, 1, and the strings "true", "yes", "y", "on", "1" (any case). */
export function isTruthy(value: unknown): boolean {
  if (value === true || value === 1) return true
  if (typeof value === 'string') return /^(true|yes|y|on|1)$/i.test(value.trim())
  return false
}

/** True for `false`, 0, and the strings "false", "no", "n", "off", "0" (any case). */
export function isFalsy(value: unknown): boolean {
  if (value === false || value === 0) return true
  if (typeof value === 'string') return /^(false|no|n|off|0)$/i.test(value.trim())
  return false
}
