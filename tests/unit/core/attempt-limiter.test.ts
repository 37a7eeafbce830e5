import { describe, it, expect } from 'vitest'
import { AttemptLimiter } from '../../../src/core/attempt-limiter.js'

const MIN = 60_000

function limiter() {
  let now = 0
  const l = new AttemptLimiter(
    { max: 5, windowMs: 15 * MIN, lockoutMs: 15 * MIN, maxLockoutMs: 60 * MIN, maxKeys: 3 },
    () => now,
  )
  return { l, advance: (ms: number) => (now += ms) }
}

describe('AttemptLimiter', () => {
  it('locks a key after 5 attempts within the window, for 15 minutes', () => {
    const { l, advance } = limiter()
    for (let i = 0; i < 4; i++) expect(l.record('a')).toBe(0)
    expect(l.blockedFor('a')).toBe(0)
    expect(l.record('a')).toBe(15 * MIN)
    expect(l.blockedFor('a')).toBe(15 * MIN)
    advance(15 * MIN)
    expect(l.blockedFor('a')).toBe(0)
  })

  it('forgets attempts older than the window', () => {
    const { l, advance } = limiter()
    for (let i = 0; i < 4; i++) l.record('a')
    advance(16 * MIN)
    expect(l.record('a')).toBe(0)
  })

  it('doubles each further lockout, up to the cap, and a reset forgives everything', () => {
    const { l, advance } = limiter()
    const lockout = () => {
      let ms = 0
      for (let i = 0; i < 5; i++) ms = l.record('a')
      advance(ms)
      return ms
    }
    expect([lockout(), lockout(), lockout(), lockout()]).toEqual([15 * MIN, 30 * MIN, 60 * MIN, 60 * MIN])
    l.reset('a')
    expect(lockout()).toBe(15 * MIN)
  })

  it('keeps keys apart and bounds how many it remembers', () => {
    const { l } = limiter()
    for (let i = 0; i < 5; i++) l.record('a')
    expect(l.blockedFor('b')).toBe(0)
    l.record('b')
    l.record('c')
    l.record('d')
    // 'a' was the oldest of four keys with room for three
    expect(l.blockedFor('a')).toBe(0)
  })
})
