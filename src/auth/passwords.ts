import bcrypt from 'bcryptjs'
import { createHash } from 'node:crypto'
import { passwordWork } from './password-work.js'

/** The accounts issue: bcrypt cost 10 or more. */
export const MIN_BCRYPT_COST = 10

/**
 * bcrypt reads only the first 72 bytes of its input, so two 100-character passwords that share
 * a 72-byte prefix would be the same password. Hashing with SHA-256 first (as Dropbox and
 * passlib's bcrypt_sha256 do) gives bcrypt 44 ASCII bytes that depend on every character.
 */
function prehash(password: string): string {
  return createHash('sha256').update(password.normalize('NFC'), 'utf8').digest('base64')
}

/** On the password thread (password-work.ts), never on the thread that answers readers. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  if (cost < MIN_BCRYPT_COST) throw new Error(`bcrypt cost ${cost} is below the minimum of ${MIN_BCRYPT_COST}`)
  return passwordWork.hash(prehash(password), cost)
}

/** On the password thread; refused with a 429 RateLimitError when too many compares already wait. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return passwordWork.compare(prehash(password), hash)
}

/** The cost a stored hash was made with, to rehash old ones on the next sign-in. */
export function costOf(hash: string): number {
  return bcrypt.getRounds(hash)
}
