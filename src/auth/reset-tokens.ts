import { createHash, randomBytes } from 'node:crypto'

/** Reset links are valid for one hour (DECISIONS.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** 32 random bytes, URL-safe: the part of the link only the mailbox owner sees. */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Only this digest is stored, so a copy of the data folder can't be used to reset anyone's
 * password. The token has 256 bits of entropy, so a fast hash is enough (no salt or stretching).
 */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
