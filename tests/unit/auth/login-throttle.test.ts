import { describe, expect, it } from 'vitest'
import { LoginThrottle, type Attempt } from '../../../src/auth/login-throttle.js'
import { PasswordWork } from '../../../src/auth/password-work.js'
import { RateLimitError } from '../../../src/core/errors.js'
import bcrypt from 'bcryptjs'

const MINUTE = 60_000
const options = {
  max: 5,
  windowMs: 15 * MINUTE,
  firstLockMs: 15 * MINUTE,
  maxLockMs: 60 * MINUTE,
  forgetAfterMs: 24 * 60 * MINUTE,
}

function throttle() {
  let clock = 0
  const t = new LoginThrottle(options, () => clock)
  return { t, advance: (ms: number) => (clock += ms) }
}

const isAttempt = (r: Attempt | { retryAfterMs: number }): r is Attempt => 'seq' in r

describe('LoginThrottle', () => {
  it('counts an attempt when it is reserved: a sixth in flight is refused before any compare settles', () => {
    const { t } = throttle()
    const reserved = Array.from({ length: 8 }, () => t.reserve('k'))
    expect(reserved.filter(isAttempt)).toHaveLength(5)
    expect(reserved.slice(5).every((r) => !isAttempt(r) && r.retryAfterMs > 0)).toBe(true)
  })

  it('releases an attempt that was never judged', () => {
    const { t } = throttle()
    const attempts = Array.from({ length: 5 }, () => t.reserve('k')).filter(isAttempt)
    for (const a of attempts) t.release(a)
    expect(Array.from({ length: 5 }, () => t.reserve('k')).every(isAttempt)).toBe(true)
  })

  it('forgets failures settled before a success, keeps those settled during it', () => {
    const { t } = throttle()
    for (let i = 0; i < 3; i++) t.fail(t.reserve('k') as Attempt)
    const right = t.reserve('k') as Attempt
    const parallel = t.reserve('k') as Attempt
    t.fail(parallel)
    t.succeed(right)
    // 1 failure left of the 4: four more are allowed, the fifth failure locks.
    for (let i = 0; i < 3; i++) expect(t.fail(t.reserve('k') as Attempt)).toBe(0)
    expect(t.fail(t.reserve('k') as Attempt)).toBe(15 * MINUTE)
    expect(isAttempt(t.reserve('k'))).toBe(false)
  })

  it('doubles the lock for each failure after one, up to the cap, and forgets after a quiet day', () => {
    const { t, advance } = throttle()
    for (let i = 0; i < 4; i++) t.fail(t.reserve('k') as Attempt)
    const locks = [t.fail(t.reserve('k') as Attempt)]
    for (let i = 0; i < 4; i++) {
      advance(locks[locks.length - 1])
      const one = t.reserve('k') as Attempt
      // one attempt at a time after a lock
      expect(isAttempt(t.reserve('k'))).toBe(false)
      locks.push(t.fail(one))
    }
    expect(locks.map((ms) => ms / MINUTE)).toEqual([15, 30, 60, 60, 60])
    expect(isAttempt(t.reserve('other key'))).toBe(true)
    advance(25 * 60 * MINUTE)
    expect(Array.from({ length: 5 }, () => t.reserve('k')).every(isAttempt)).toBe(true)
  })

  it('keeps a locked key when a flood of new keys fills the table', () => {
    let clock = 0
    const t = new LoginThrottle({ ...options, maxKeys: 10 }, () => clock)
    for (let i = 0; i < 5; i++) t.fail(t.reserve('locked') as Attempt)
    for (let i = 0; i < 100; i++) t.fail(t.reserve(`flood-${i}`) as Attempt)
    clock += 1
    expect(isAttempt(t.reserve('locked'))).toBe(false)
  })
})

describe('PasswordWork', () => {
  it('compares on its worker thread, one at a time, and refuses compares beyond the queue with a 429', async () => {
    const work = new PasswordWork({ maxWaiting: 2 })
    try {
      const hash = bcrypt.hashSync('secret', 10)
      const jobs = Array.from({ length: 5 }, (_, i) =>
        work.compare(i === 0 ? 'secret' : 'wrong', hash).then(
          (ok) => ok,
          (e: unknown) => e,
        ),
      )
      const results = await Promise.all(jobs)
      // one running, two waiting; the last two were refused at once
      expect(results.slice(0, 3)).toEqual([true, false, false])
      expect(results.slice(3).every((r) => r instanceof RateLimitError)).toBe(true)
      expect(work.ran).toEqual({ worker: 3, thisThread: 0 })
      expect(await work.hash('x', 10)).toMatch(/^\$2[aby]\$10\$/)
    } finally {
      await work.close()
    }
  })

  it('works on this thread when asked to (the fallback when no worker starts)', async () => {
    const work = new PasswordWork({ maxWaiting: 2, inThread: true })
    expect(await work.compare('secret', bcrypt.hashSync('secret', 10))).toBe(true)
    expect(work.ran).toEqual({ worker: 0, thisThread: 1 })
  })
})
