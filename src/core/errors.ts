/**
 * Every error a user can meet has a permanent code, an HTTP status and a message that says
 * what happened and what to do. Adapters format these; anything else is an internal error.
 */
export type ErrorCode =
  | 'NOT_FOUND'
  | 'POST_NOT_FOUND'
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'NOT_IMPLEMENTED'
  | 'STORE_LOCKED'
  | 'STORE_CORRUPT'
  | 'STORE_TOO_NEW'
  | 'FILE_REJECTED'
  | 'RATE_LIMITED'
  | 'TOO_LARGE'
  /** An AI provider failed or answered something unusable; nothing was stored. */
  | 'AI_FAILED'
  /** The configured AI provider cannot be used (e.g. openai without a key). */
  | 'AI_UNAVAILABLE'

const STATUS: Record<ErrorCode, number> = {
  NOT_FOUND: 404,
  POST_NOT_FOUND: 404,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  NOT_IMPLEMENTED: 501,
  STORE_LOCKED: 503,
  STORE_CORRUPT: 500,
  STORE_TOO_NEW: 500,
  FILE_REJECTED: 422,
  RATE_LIMITED: 429,
  TOO_LARGE: 413,
  AI_FAILED: 502,
  AI_UNAVAILABLE: 503,
}

export class BlogError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message)
    this.name = 'BlogError'
    this.status = STATUS[code]
  }
}

/** Too many attempts: the adapter sends 429 with Retry-After. */
export class RateLimitError extends BlogError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message)
  }
}

export const isBlogError = (e: unknown): e is BlogError => e instanceof BlogError

export function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}
