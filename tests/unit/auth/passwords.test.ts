import { describe, it, expect } from 'vitest'
import { costOf, hashPassword, verifyPassword } from '../../../src/auth/passwords.js'
import { hashResetToken, newResetToken } from '../../../src/auth/reset-tokens.js'

describe('passwords', () => {
  it('hashes with bcrypt at the cost asked, and refuses a cost below 10', async () => {
    const hash = await hashPassword('correct horse', 10)
    expect(costOf(hash)).toBe(10)
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('correct horsf', hash)).toBe(false)
    await expect(hashPassword('x', 4)).rejects.toThrow(/minimum of 10/)
  })

  it('tells apart long passwords that share their first 72 bytes, in any script', async () => {
    const prefix = 'é'.repeat(40) // 80 bytes of UTF-8
    const hash = await hashPassword(`${prefix}1`, 10)
    expect(await verifyPassword(`${prefix}2`, hash)).toBe(false)
    expect(await verifyPassword(`${prefix}1`, hash)).toBe(true)
  })

  it('treats composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('caf\u00e9-latte', 10)
    expect(await verifyPassword('cafe\u0301-latte', hash)).toBe(true)
  })
})

describe('reset tokens', () => {
  it('are long, URL-safe and different every time; only their digest is kept', () => {
    const a = newResetToken()
    const b = newResetToken()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(hashResetToken(a)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashResetToken(a)).not.toContain(a)
  })
})
