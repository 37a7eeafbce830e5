export interface LoginThrottleOptions {
  /** Failures allowed within `windowMs` before the first lock. */
  max: number
  windowMs: number
  /** The first lock; each later one doubles, up to `maxLockMs`. */
  firstLockMs: number
  maxLockMs: number
  /** After this long without a failure a key starts over, lock history included. */
  forgetAfterMs: number
  /** Keys tracked at once; beyond it the oldest unlocked key is dropped, so a flood can't exhaust memory. */
  maxKeys?: number
}

/** One sign-in attempt, counted from before its password is compared until it is settled. */
export interface Attempt {
  readonly key: string
  readonly seq: number
}

interface Entry {
  /** Settled failures still in the window, with the sequence number they were settled at. */
  failures: Array<{ at: number; seq: number }>
  inFlight: number
  lockedUntil: number
  /** Locks so far; while above 0, each failure locks again for twice as long. */
  locks: number
  lastFailure: number
}

/**
 * Limits password guesses per key (an account and a client together, so someone guessing one
 * account locks neither the owner's other accounts nor other people on that address).
 *
 * An attempt is counted when it is reserved, before its password is compared, so a burst sent
 * in parallel gets no more compares than a sequence would: `max` attempts may be reserved or
 * failed at once; the next is refused. After `max` failures the key is locked for
 * `firstLockMs`; after a lock one attempt at a time is allowed, and each further failure locks
 * it again for twice as long, up to `maxLockMs`. A success forgets the failures settled before
 * it started, never those made in parallel with it. Memory only: a restart forgives.
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>()
  private readonly maxKeys: number
  private seq = 0

  constructor(
    private readonly opts: LoginThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.maxKeys = opts.maxKeys ?? 10_000
  }

  /** An attempt for `key`, or how long (ms, > 0) until one may be made. */
  reserve(key: string): Attempt | { retryAfterMs: number } {
    const now = this.now()
    let entry = this.entries.get(key)
    if (
      entry &&
      now - entry.lastFailure > this.opts.forgetAfterMs &&
      entry.inFlight === 0 &&
      now >= entry.lockedUntil
    ) {
      this.entries.delete(key)
      entry = undefined
    }
    if (entry) {
      if (now < entry.lockedUntil) return { retryAfterMs: entry.lockedUntil - now }
      entry.failures = entry.failures.filter((f) => now - f.at < this.opts.windowMs)
      const allowed = entry.locks > 0 ? 1 : this.opts.max
      // Not locked, so attempts still in flight use up what is allowed: if they fail, a lock
      // follows, if not, the way is free in a moment; a minute is an honest answer either way.
      if (entry.failures.length + entry.inFlight >= allowed) return { retryAfterMs: 60_000 }
    } else {
      entry = { failures: [], inFlight: 0, lockedUntil: 0, locks: 0, lastFailure: now }
      this.entries.set(key, entry)
      this.evictIfFull()
    }
    entry.inFlight++
    return { key, seq: ++this.seq }
  }

  /** The attempt's password was wrong. Returns the lock it caused, in ms, or 0. */
  fail(attempt: Attempt): number {
    const now = this.now()
    const entry = this.entries.get(attempt.key) ?? {
      failures: [],
      inFlight: 1,
      lockedUntil: 0,
      locks: 0,
      lastFailure: now,
    }
    this.entries.set(attempt.key, entry)
    entry.inFlight = Math.max(0, entry.inFlight - 1)
    entry.lastFailure = now
    entry.failures = entry.failures.filter((f) => now - f.at < this.opts.windowMs)
    entry.failures.push({ at: now, seq: ++this.seq })
    if (entry.locks === 0 && entry.failures.length < this.opts.max) return 0
    const lock = Math.min(this.opts.firstLockMs * 2 ** entry.locks, this.opts.maxLockMs)
    entry.locks++
    entry.failures = []
    entry.lockedUntil = Math.max(entry.lockedUntil, now + lock)
    return lock
  }

  /**
   * The attempt's password was right: failures settled before it was reserved are forgotten
   * (the person knows the password), those settled since were guesses in parallel and stay.
   */
  succeed(attempt: Attempt): void {
    const entry = this.entries.get(attempt.key)
    if (!entry) return
    entry.inFlight = Math.max(0, entry.inFlight - 1)
    entry.failures = entry.failures.filter((f) => f.seq > attempt.seq)
    if (entry.failures.length === 0 && entry.inFlight === 0 && this.now() >= entry.lockedUntil)
      this.entries.delete(attempt.key)
  }

  /** The attempt was never judged (the compare was refused or failed): it does not count. */
  release(attempt: Attempt): void {
    const entry = this.entries.get(attempt.key)
    if (!entry) return
    entry.inFlight = Math.max(0, entry.inFlight - 1)
    if (entry.failures.length === 0 && entry.inFlight === 0 && entry.locks === 0) this.entries.delete(attempt.key)
  }

  private evictIfFull(): void {
    if (this.entries.size <= this.maxKeys) return
    const now = this.now()
    // Dropping a locked key would let a flood of fresh keys unlock it: drop the oldest idle one.
    for (const [key, entry] of this.entries) {
      if (entry.inFlight === 0 && now >= entry.lockedUntil) {
        this.entries.delete(key)
        return
      }
    }
    this.entries.delete(this.entries.keys().next().value as string)
  }
}
