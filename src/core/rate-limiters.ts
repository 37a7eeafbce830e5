import { AttemptLimiter, type AttemptLimiterOptions } from './attempt-limiter.js'
import { RateLimitError } from './errors.js'

const MINUTE = 60_000

/** Public write calls a visitor can repeat, and how often (per client, in memory). */
const LIMITS = {
  subscribe: { max: 10, windowMs: 60 * MINUTE, lockoutMs: 60 * MINUTE, maxLockoutMs: 24 * 60 * MINUTE },
  comment: { max: 5, windowMs: 10 * MINUTE, lockoutMs: 10 * MINUTE, maxLockoutMs: 24 * 60 * MINUTE },
  // A reader's page sends a handful of events per minute; a flood is cut off for a minute.
  track: { max: 120, windowMs: MINUTE, lockoutMs: MINUTE, maxLockoutMs: 60 * MINUTE },
} satisfies Record<string, AttemptLimiterOptions>

export type LimitedAction = keyof typeof LIMITS

export class RateLimiters {
  private readonly limiters: Record<LimitedAction, AttemptLimiter>

  constructor(now: () => Date) {
    const clock = () => now().getTime()
    this.limiters = {
      subscribe: new AttemptLimiter(LIMITS.subscribe, clock),
      comment: new AttemptLimiter(LIMITS.comment, clock),
      track: new AttemptLimiter(LIMITS.track, clock),
    }
  }

  /** Count one use by `client`; throws a 429 error while the client is locked out. */
  take(action: LimitedAction, client: string, what: string): void {
    const limiter = this.limiters[action]
    const ms = limiter.blockedFor(client)
    if (ms) {
      const seconds = Math.ceil(ms / 1000)
      throw new RateLimitError(
        `${what} Try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
        seconds,
      )
    }
    limiter.record(client)
  }
}
