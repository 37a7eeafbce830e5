import bcrypt from 'bcryptjs'
import { createHash } from 'node:crypto'

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

export async function hashPassword(password: string, cost: number): Promise<string> {
  if (cost < MIN_BCRYPT_COST) throw new Error(`bcrypt cost ${cost} is below the minimum of ${MIN_BCRYPT_COST}`)
  return bcrypt.hash(prehash(password), cost)
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), hash)
}

/** The cost a stored hash was made with, to rehash old ones on the next sign-in. */
export function costOf(hash: string): number {
  return bcrypt.getRounds(hash)
}
