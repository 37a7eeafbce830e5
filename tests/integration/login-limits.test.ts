import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { OWNER } from '../../src/auth/auth-service.js'
import { passwordWork } from '../../src/auth/password-work.js'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { BlogError, RateLimitError } from '../../src/core/errors.js'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { tempDir } from '../helpers/temp-dir.js'

/** Issue 21, finding 4: parallel guesses, a busy server, and locks that don't shut the owner out. */

type Outcome = 'ok' | 401 | 429 | 'other'

async function outcome(p: Promise<unknown>): Promise<Outcome> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (e instanceof RateLimitError) return 429
    if (e instanceof BlogError && e.code === 'UNAUTHENTICATED') return 401
    return 'other'
  }
}

const count = (outcomes: Outcome[], o: Outcome) => outcomes.filter((x) => x === o).length
const MINUTE = 60_000

describe('sign-in limit under parallel guesses (AuthService)', () => {
  const tmp = tempDir('login-limits-')
  let clock = Date.parse('2026-11-21T10:00:00Z')
  let blog: Blog
  beforeAll(async () => {
    blog = await createBlog({
      dataDir: join(tmp.path, 'data'),
      ownerName: 'Site Owner',
      bcryptCost: 10,
      env: {},
      log: () => {},
      now: () => new Date(clock),
    })
    await blog.auth.createAdmin({ username: 'root', password: 'password1' }, OWNER)
    await blog.auth.createAdmin({ username: 'second', password: 'password2' }, OWNER)
  })
  afterAll(async () => {
    await blog.close()
    tmp.cleanup()
  })

  const login = (username: string, password: string, client: string) =>
    outcome(blog.auth.login({ username, password }, client))

  it('compares at most 5 of 40 guesses sent at once, and refuses the right one sent last', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('root', i === 39 ? 'password1' : `wrong-${i}`, '198.51.100.1')),
    )
    // Today's code compared all 40: 39 × 401 and a 200.
    expect(count(outcomes, 401) + count(outcomes, 'ok')).toBeLessThanOrEqual(5)
    expect(count(outcomes, 429)).toBeGreaterThanOrEqual(35)
    expect(outcomes[39]).toBe(429)
    expect(await login('root', 'password1', '198.51.100.1')).toBe(429)
  })

  it('does not let a success wipe the failures made in parallel with it', async () => {
    const client = '198.51.100.2'
    const burst = await Promise.all(['w1', 'w2', 'w3', 'w4', 'password1'].map((p) => login('root', p, client)))
    expect(burst).toEqual([401, 401, 401, 401, 'ok'])
    // The four wrong guesses still count: one more failure, then the lock.
    expect(await login('root', 'w5', client)).toBe(401)
    expect(await login('root', 'w6', client)).toBe(429)
  })

  it('locks the account-and-client pair, with growing delays, not the whole address', async () => {
    const client = '198.51.100.3'
    const retryAfter = async (username: string, password: string) => {
      try {
        await blog.auth.login({ username, password }, client)
      } catch (e) {
        if (e instanceof RateLimitError) return e.retryAfterSeconds
      }
      return 0
    }
    for (let i = 0; i < 5; i++) expect(await login('root', `wrong-${i}`, client)).toBe(401)
    expect(await retryAfter('root', 'password1')).toBe(15 * 60)
    // Someone else's guesses lock neither the owner's other account from this address…
    expect(await login('second', 'password2', client)).toBe('ok')
    // …nor this account from another address.
    expect(await login('root', 'password1', '198.51.100.4')).toBe('ok')

    // After each lock, one attempt; a failure locks again for twice as long, up to an hour.
    const delays: number[] = []
    for (const wait of [15, 30, 60, 60]) {
      clock += wait * MINUTE + 1_000
      expect(await login('root', 'still-wrong', client)).toBe(401)
      delays.push(await retryAfter('root', 'password1'))
    }
    expect(delays).toEqual([30 * 60, 60 * 60, 60 * 60, 60 * 60])

    // The right password after the lock ends starts the count over.
    clock += 60 * MINUTE + 1_000
    expect(await login('root', 'password1', client)).toBe('ok')
    for (let i = 0; i < 5; i++) expect(await login('root', `again-${i}`, client)).toBe(401)
    expect(await login('root', 'again-5', client)).toBe(429)
  })

  it('limits the current-password check of a password change the same way', async () => {
    const viewer = { userId: 2, role: 'admin' as const }
    const change = (currentPassword: string) =>
      blog.auth.updatePassword(viewer, { currentPassword, newPassword: 'password2-new' }, '198.51.100.5')
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        change(`wrong-${i}`).then(
          () => 'ok' as const,
          (e: unknown) => (e instanceof RateLimitError ? 429 : 400),
        ),
      ),
    )
    expect(outcomes.filter((o) => o === 400).length).toBe(5)
    expect(outcomes.filter((o) => o === 429).length).toBe(7)
  })
})

describe('a burst of sign-ins against the HTTP server', () => {
  let s: Awaited<ReturnType<typeof servedBlog>>
  beforeAll(async () => {
    s = await servedBlog({ fixtures: null })
    await s.blog.auth.createAdmin({ username: 'root', password: 'password1' }, OWNER)
  }, 60_000)
  afterAll(() => s.cleanup())

  it('answers at most 5 of 100 parallel wrong guesses for one account with 401, the rest 429', async () => {
    const c = new ApiClient(s.server.url)
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        c.post('/api/auth/login', { username: 'root', password: `guess-${i}` }).then((r) => r.status),
      ),
    )
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(95)
  }, 60_000)

  it('keeps answering GET / while 100 guesses at 100 accounts arrive at once, and compares off the main thread', async () => {
    const c = new ApiClient(s.server.url)
    // The first page render compiles and caches: not what is measured here.
    for (let i = 0; i < 3; i++) await fetch(`${s.server.url}/`)
    const ranHere = passwordWork.ran.thisThread
    let done = false
    const burst = Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        c.post('/api/auth/login', { username: `nobody-${i}`, password: `guess-${i}` }).then((r) => r.status),
      ),
    ).finally(() => {
      done = true
    })
    const latencies: number[] = []
    const pages: number[] = []
    while (!done) {
      const started = performance.now()
      pages.push((await fetch(`${s.server.url}/`)).status)
      latencies.push(performance.now() - started)
    }
    const statuses = await burst
    latencies.sort((a, b) => a - b)
    const worst = latencies[latencies.length - 1]
    const median = latencies[Math.floor(latencies.length / 2)]
    console.log(
      `GET / during 100 parallel sign-ins: ${latencies.length} answers, median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms; ` +
        `sign-ins: ${statuses.filter((x) => x === 401).length} × 401, ${statuses.filter((x) => x === 429).length} × 429`,
    )
    expect(pages.every((p) => p === 200)).toBe(true)
    // Every guess is judged or refused; none fails. A full queue refuses with 429 instead of waiting.
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true)
    expect(statuses).toContain(429)
    // bcrypt ran on the password thread, never on the thread that answers GET /.
    expect(passwordWork.ran.thisThread).toBe(ranHere)
    expect(passwordWork.ran.worker).toBeGreaterThan(0)
  }, 120_000)
})
