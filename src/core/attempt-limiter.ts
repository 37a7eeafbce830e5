export interface AttemptLimiterOptions {
  /** Attempts allowed within `windowMs`; the next one is refused. */
  max: number
  windowMs: number
  /** First lockout; each further lockout doubles it, up to `maxLockoutMs`. */
  lockoutMs: number
  maxLockoutMs: number
  /** Keys tracked at once; the oldest are dropped first, so a flood can't exhaust memory. */
  maxKeys?: number
}

interface Entry {
  hits: number[]
  lockedUntil: number
  lockouts: number
  lastSeen: number
}

/**
 * Counts attempts per key (a client address, an e-mail address) in a sliding window. After
 * `max` of them the key is locked out, each time for twice as long as the time before, until
 * `reset` (a successful sign-in) or a quiet day clears it. Memory only: a restart forgives.
 */
export class AttemptLimiter {
  private readonly entries = new Map<string, Entry>()
  private readonly maxKeys: number

  constructor(
    private readonly opts: AttemptLimiterOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.maxKeys = opts.maxKeys ?? 10_000
  }

  /** Milliseconds until `key` may try again; 0 when it may now. */
  blockedFor(key: string): number {
    const entry = this.entries.get(key)
    if (!entry) return 0
    return Math.max(0, entry.lockedUntil - this.now())
  }

  /** Count one attempt (a failed sign-in, a reset request). Returns the lockout it caused, in ms, or 0. */
  record(key: string): number {
    const now = this.now()
    const entry = this.entries.get(key) ?? { hits: [], lockedUntil: 0, lockouts: 0, lastSeen: now }
    // A key quiet for a day starts over, lockout history included.
    if (now - entry.lastSeen > 24 * 60 * 60 * 1000) entry.lockouts = 0
    entry.hits = entry.hits.filter((t) => now - t < this.opts.windowMs)
    entry.hits.push(now)
    entry.lastSeen = now
    let lockout = 0
    if (entry.hits.length >= this.opts.max) {
      lockout = Math.min(this.opts.lockoutMs * 2 ** entry.lockouts, this.opts.maxLockoutMs)
      entry.lockouts += 1
      entry.lockedUntil = now + lockout
      entry.hits = []
    }
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string)
    return lockout
  }

  reset(key: string): void {
    this.entries.delete(key)
  }
}
