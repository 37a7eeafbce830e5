import { createHash } from 'node:crypto'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { servedBlog, setupPath } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { costOf } from '../../src/auth/passwords.js'

type Served = Awaited<ReturnType<typeof servedBlog>>

async function site(blogOptions: Parameters<typeof servedBlog>[0] = {}) {
  const ctx = await servedBlog({ fixtures: null, ...blogOptions })
  const client = () => new ApiClient(ctx.server.url)
  return { ctx, client }
}

/** Sign in a fresh client; fails the test if sign-in does not work. */
async function signedIn(c: ApiClient, username: string, password: string): Promise<ApiClient> {
  const res = await c.post('/api/auth/login', { username, password })
  expect(res.status, res.text).toBe(200)
  return c
}

function outbox(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .sort()
      .map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8'))
  } catch {
    return []
  }
}

/** The reset token from a quoted-printable .eml, as a mail client would decode it. */
function tokenFrom(eml: string): string {
  const decoded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const m = /\?resetToken=([A-Za-z0-9_-]+)/.exec(decoded)
  if (!m) throw new Error(`no reset link in:\n${eml}`)
  return m[1]
}

describe('the first admin of a site that already has posts (issue 21)', () => {
  let ctx: Served
  beforeAll(async () => {
    ctx = await servedBlog()
  })
  afterAll(() => ctx.cleanup())
  const setup = (path: string) =>
    new ApiClient(ctx.server.url).post(path, { username: 'claimer', password: 'password1' })

  it('refuses an anonymous setup and names the terminal command, keeping every post', async () => {
    const before = ctx.blog.store.posts().length
    expect(before).toBeGreaterThan(0)
    const res = await setup('/api/auth/setup')
    expect(res.status).toBe(403)
    expect(res.body.message).toContain('blog admin create')
    expect((await setup('/api/auth/setup?setup=guessed-token')).status).toBe(403)
    expect((await setup('/api/auth/setup?setup=a&setup=b')).status).toBe(400)
    expect(ctx.blog.auth.firstAdminSetup()).toMatchObject({ required: true })
    expect(ctx.blog.store.db.users).toHaveLength(0)
    expect(ctx.blog.store.posts()).toHaveLength(before)
  })

  it('accepts the setup link the terminal owner was shown, once', async () => {
    const res = await setup(setupPath(ctx.blog))
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({ username: 'claimer', role: 'admin' })
    expect(ctx.blog.auth.firstAdminSetup()).toBeNull()
  })
})

describe('accounts: setup, sign-in, sessions', () => {
  let s: Awaited<ReturnType<typeof site>>
  beforeAll(async () => {
    s = await site()
  })
  afterAll(() => s.ctx.cleanup())

  it('treats a visitor without a session as a guest (401 on /me)', async () => {
    const res = await s.client().get('/api/auth/me')
    expect(res.status).toBe(401)
    expect(res.body.message).toEqual(expect.any(String))
  })

  it('lets anyone create the first admin, signs them in, and answers slotsRemaining', async () => {
    const alice = s.client()
    const res = await alice.post('/api/auth/setup', {
      username: 'alice',
      password: 'correct horse',
      email: 'alice@example.org',
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      user: { id: 1, username: 'alice', email: 'alice@example.org', role: 'admin', createdAt: expect.any(String) },
      slotsRemaining: 4,
    })
    const me = await alice.get('/api/auth/me')
    expect(me.body).toEqual({ user: res.body.user })
  })

  it('needs a signed-in admin for further admins: 401 for guests', async () => {
    const res = await s.client().post('/api/auth/setup', { username: 'mallory', password: 'password1' })
    expect(res.status).toBe(401)
    const admins = await (await signedIn(s.client(), 'alice', 'correct horse')).get('/api/auth/admin-list')
    expect(admins.body.adminUsers).toHaveLength(1)
  })

  it('answers the same for an unknown user and a wrong password', async () => {
    const unknown = await s.client().post('/api/auth/login', { username: 'nobody', password: 'whatever1' })
    const wrong = await s.client().post('/api/auth/login', { username: 'alice', password: 'whatever1' })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(unknown.status)
    expect(wrong.text).toBe(unknown.text)
    expect(wrong.body).toEqual({ message: 'Invalid username or password' })
  })

  it('validates sign-in input with the SPEC §5 messages', async () => {
    expect((await s.client().post('/api/auth/login', { username: '  ', password: 'x' })).body).toEqual({
      message: 'username: Username is required',
    })
    expect((await s.client().post('/api/auth/login', { username: 'alice' })).body).toEqual({
      message: 'password: Password is required',
    })
  })

  it('sets an httpOnly, SameSite=Lax session cookie, not Secure over plain HTTP', async () => {
    const res = await fetch(`${s.ctx.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', password: 'correct horse' }),
    })
    const cookies = res.headers.getSetCookie()
    expect(cookies.length).toBeGreaterThan(0)
    for (const c of cookies) {
      expect(c.toLowerCase()).toContain('httponly')
      expect(c.toLowerCase()).toContain('samesite=lax')
      expect(c.toLowerCase()).not.toContain('secure')
    }
  })

  it('makes the old cookie useless after logout', async () => {
    const c = await signedIn(s.client(), 'alice', 'correct horse')
    const saved = c.cookieHeader()
    const out = await c.post('/api/auth/logout')
    expect(out.status).toBe(200)
    expect((await c.get('/api/auth/me')).status).toBe(401)
    const replay = await s.client().get('/api/auth/me', { cookie: saved })
    expect(replay.status).toBe(401)
  })

  it('signs out every other session when the password changes, keeping this one', async () => {
    const a = await signedIn(s.client(), 'alice', 'correct horse')
    const b = await signedIn(s.client(), 'alice', 'correct horse')
    const wrong = await a.patch('/api/auth/update-password', {
      currentPassword: 'not it',
      newPassword: 'battery staple',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe('Your current password is incorrect.')
    const short = await a.patch('/api/auth/update-password', { currentPassword: 'correct horse', newPassword: 'abc' })
    expect(short.body.message).toBe('newPassword: Password must be at least 6 characters long.')
    const res = await a.patch('/api/auth/update-password', {
      currentPassword: 'correct horse',
      newPassword: 'battery staple',
    })
    expect(res.status).toBe(200)
    expect((await a.get('/api/auth/me')).status).toBe(200)
    expect((await b.get('/api/auth/me')).status).toBe(401)
    expect((await s.client().post('/api/auth/login', { username: 'alice', password: 'correct horse' })).status).toBe(
      401,
    )
    await signedIn(s.client(), 'alice', 'battery staple')
  })

  it('updates the e-mail address of the signed-in user, validated, and refuses guests', async () => {
    expect((await s.client().patch('/api/auth/update-email', { email: 'x@example.org' })).status).toBe(401)
    const a = await signedIn(s.client(), 'alice', 'battery staple')
    expect((await a.patch('/api/auth/update-email', { email: '' })).body).toEqual({
      message: 'email: Email address is required.',
    })
    expect((await a.patch('/api/auth/update-email', { email: 'not-an-address' })).status).toBe(400)
    expect((await a.patch('/api/auth/update-email', { email: 'a@b.org\r\nBcc: x@y.org' })).status).toBe(400)
    const ok = await a.patch('/api/auth/update-email', { email: '  alice@new.example.org ' })
    expect(ok.status).toBe(200)
    expect((ok.body.user as { email: string }).email).toBe('alice@new.example.org')
    expect(((await a.get('/api/auth/me')).body.user as { email: string }).email).toBe('alice@new.example.org')
  })

  it('lists admins with id, username and createdAt only', async () => {
    expect((await s.client().get('/api/auth/admin-list')).status).toBe(401)
    const a = await signedIn(s.client(), 'alice', 'battery staple')
    const res = await a.get<{ adminUsers: Record<string, unknown>[] }>('/api/auth/admin-list')
    expect(res.status).toBe(200)
    expect(res.body.adminUsers).toEqual([{ id: 1, username: 'alice', createdAt: expect.any(String) }])
  })
})

describe('accounts: the five-admin limit', () => {
  let s: Awaited<ReturnType<typeof site>>
  beforeAll(async () => {
    s = await site()
  })
  afterAll(() => s.ctx.cleanup())

  it('keeps exactly 5 admins when two creations race at 4, and refuses a sixth with 409', async () => {
    const root = s.client()
    await root.post('/api/auth/setup', { username: 'admin1', password: 'password1' })
    for (const n of [2, 3, 4])
      expect((await root.post('/api/auth/setup', { username: `admin${n}`, password: 'password1' })).status).toBe(201)
    const [x, y] = await Promise.all([
      root.post('/api/auth/setup', { username: 'racer-a', password: 'password1' }),
      root.post('/api/auth/setup', { username: 'racer-b', password: 'password1' }),
    ])
    expect([x.status, y.status].sort()).toEqual([201, 409])
    const loser = x.status === 409 ? x : y
    expect(loser.body.message).toContain('Maximum admin accounts')
    expect((x.status === 201 ? x : y).body.slotsRemaining).toBe(0)
    const sixth = await root.post('/api/auth/setup', { username: 'admin6', password: 'password1' })
    expect(sixth.status).toBe(409)
    expect(sixth.body.message).toContain('Maximum admin accounts')
    expect(s.ctx.blog.store.db.users.filter((u) => u.role === 'admin')).toHaveLength(5)
  })

  it('answers 403 to a signed-in user who is not an admin', async () => {
    await s.ctx.blog.store.transact((tx) => {
      const admin = tx.db.users[0]
      tx.db.users.push({ ...admin, id: 99, username: 'reader', email: null, role: 'guest' })
    })
    const reader = await signedIn(s.client(), 'reader', 'password1')
    expect((await reader.get('/api/auth/admin-list')).status).toBe(403)
    expect((await reader.get('/api/auth/me')).body.user).toMatchObject({ username: 'reader', role: 'guest' })
  })
})

describe('accounts: passwords', () => {
  let s: Awaited<ReturnType<typeof site>>
  const long = 'x'.repeat(80)
  beforeAll(async () => {
    s = await site()
    await s.client().post('/api/auth/setup', { username: 'root', password: `${long}A` })
  })
  afterAll(() => s.ctx.cleanup())

  it('stores bcrypt hashes of cost 10 or more, never the password', () => {
    const [user] = s.ctx.blog.store.db.users
    expect(user.passwordHash).toMatch(/^\$2[aby]\$/)
    expect(costOf(user.passwordHash)).toBeGreaterThanOrEqual(10)
    expect(readFileSync(join(s.ctx.dataDir, 'db.json'), 'utf8')).not.toContain(long)
  })

  it('does not truncate at bcrypt’s 72 bytes: passwords differing after byte 72 are different', async () => {
    expect((await s.client().post('/api/auth/login', { username: 'root', password: `${long}B` })).status).toBe(401)
    expect((await s.client().post('/api/auth/login', { username: 'root', password: `${long}A` })).status).toBe(200)
  })

  it('requires 6 to 128 characters for a new password', async () => {
    const admin = await signedIn(s.client(), 'root', `${long}A`)
    const short = await admin.post('/api/auth/setup', { username: 'second', password: '12345' })
    expect(short.body).toEqual({ message: 'password: Password must be at least 6 characters' })
    const tooLong = await admin.post('/api/auth/setup', { username: 'second', password: 'y'.repeat(129) })
    expect(tooLong.status).toBe(400)
    expect((await admin.post('/api/auth/setup', { username: 'second', password: 'y'.repeat(128) })).status).toBe(201)
  })

  it('never echoes a password from a malformed body', async () => {
    const res = await s.client().post('/api/auth/login', '{"username":"root","password":"hunter2-secret-value"')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' })
  })
})

describe('accounts: sign-in limit', () => {
  let s: Awaited<ReturnType<typeof site>>
  beforeAll(async () => {
    s = await site()
    await s.client().post('/api/auth/setup', { username: 'root', password: 'password1' })
  })
  afterAll(() => s.ctx.cleanup())

  it('lets a success reset the count, then answers the 6th failure within 15 minutes with 429 and Retry-After', async () => {
    const fail = () => s.client().post('/api/auth/login', { username: 'root', password: 'wrong-one' })
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401)
    await signedIn(s.client(), 'root', 'password1')
    for (let i = 0; i < 5; i++) expect((await fail()).status).toBe(401)
    const sixth = await fail()
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(800)
    expect(sixth.body.message).toMatch(/Too many failed sign-in attempts/)
    // Locked out: even the right password waits, and a forged X-Forwarded-For changes nothing.
    expect(
      (
        await s
          .client()
          .post('/api/auth/login', { username: 'root', password: 'password1' }, { 'x-forwarded-for': '203.0.113.9' })
      ).status,
    ).toBe(429)
  })
})

describe('accounts: password reset', () => {
  let s: Awaited<ReturnType<typeof site>>
  let clock = Date.parse('2026-11-21T10:00:00Z')
  const logs: string[] = []
  beforeAll(async () => {
    s = await site({ blog: { now: () => new Date(clock), log: (m) => logs.push(m) } })
    await s.client().post('/api/auth/setup', { username: 'root', password: 'password1', email: 'root@example.org' })
  })
  afterAll(() => s.ctx.cleanup())

  const forgot = (email: string, c = s.client()) => c.post('/api/auth/forgot-password', { email })

  it('answers identically for unknown and known addresses, and mails only the known one', async () => {
    const unknown = await forgot('nobody@example.org')
    const known = await forgot('ROOT@example.org')
    expect(known.status).toBe(200)
    expect(known.text).toBe(unknown.text)
    await s.ctx.blog.auth.idle()
    const mails = outbox(s.ctx.dataDir)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('To: root@example.org')
    const token = tokenFrom(mails[0])
    // stored only as a digest
    expect(readFileSync(join(s.ctx.dataDir, 'db.json'), 'utf8')).not.toContain(token)
    expect(logs.join('\n')).not.toContain(token)
  })

  it('resets with the newest token once, voids older ones and every session', async () => {
    const session = await signedIn(s.client(), 'root', 'password1')
    // one reset mail per address per 15 minutes (issue 21)
    clock += 16 * 60 * 1000
    await forgot('root@example.org')
    await s.ctx.blog.auth.idle()
    // outbox files are named by the time they were written
    const [older, newest] = outbox(s.ctx.dataDir).map(tokenFrom)
    expect(older).not.toBe(newest)
    const stale = await s
      .client()
      .post('/api/auth/reset-password', { token: older, password: 'new-secret', confirmPassword: 'new-secret' })
    expect(stale.status).toBe(400)
    const mismatch = await s
      .client()
      .post('/api/auth/reset-password', { token: newest, password: 'new-secret', confirmPassword: 'other-secret' })
    expect(mismatch.body).toEqual({ message: "confirmPassword: Passwords don't match" })
    const ok = await s
      .client()
      .post('/api/auth/reset-password', { token: newest, password: 'new-secret', confirmPassword: 'new-secret' })
    expect(ok.status).toBe(200)
    const again = await s
      .client()
      .post('/api/auth/reset-password', { token: newest, password: 'newer-secret', confirmPassword: 'newer-secret' })
    expect(again.status).toBe(400)
    expect((await session.get('/api/auth/me')).status).toBe(401)
    await signedIn(s.client(), 'root', 'new-secret')
  })

  it('refuses a token older than one hour', async () => {
    const before = outbox(s.ctx.dataDir).length
    clock += 16 * 60 * 1000
    await forgot('root@example.org', new ApiClient(s.ctx.server.url))
    await s.ctx.blog.auth.idle()
    const mails = outbox(s.ctx.dataDir)
    expect(mails.length).toBe(before + 1)
    const token = tokenFrom(mails[mails.length - 1])
    clock += 61 * 60 * 1000
    const res = await s
      .client()
      .post('/api/auth/reset-password', { token, password: 'late-secret', confirmPassword: 'late-secret' })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/invalid or has expired/)
  })

  it('limits reset requests per client, with 429', async () => {
    clock += 25 * 60 * 60 * 1000
    const c = s.client()
    for (let i = 1; i <= 5; i++) expect((await forgot(`other${i}@example.org`, c)).status).toBe(200)
    const sixth = await forgot('other6@example.org', c)
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toBeTruthy()
  })

  it('throttles resets per address silently: the same answer every time, one mail per 15 minutes (issue 21)', async () => {
    clock += 25 * 60 * 60 * 1000
    const mailsTo = (address: string) => outbox(s.ctx.dataDir).filter((m) => m.includes(`To: ${address}`)).length
    const before = mailsTo('root@example.org')
    // As many as the per-client limit lets through (5 in 15 minutes): today the 4th was a 429.
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await forgot('root@example.org', s.client()))
    await s.ctx.blog.auth.idle()
    for (const a of answers) {
      expect(a.status).toBe(200)
      expect(a.text).toBe(answers[0].text)
    }
    expect(mailsTo('root@example.org') - before).toBe(1)
    // The owner, later, still gets a working link: nothing was locked for a day.
    clock += 16 * 60 * 1000
    expect((await forgot('root@example.org', s.client())).status).toBe(200)
    await s.ctx.blog.auth.idle()
    expect(mailsTo('root@example.org') - before).toBe(2)
  })
})

describe('accounts: cross-site requests and headers', () => {
  let s: Served
  beforeAll(async () => {
    s = await servedBlog({ fixtures: null })
  })
  afterAll(() => s.cleanup())

  it('refuses a state-changing request from another origin with 403', async () => {
    const c = new ApiClient(s.server.url)
    const evil = await c.post(
      '/api/auth/setup',
      { username: 'x', password: 'password1' },
      { origin: 'https://evil.example' },
    )
    expect(evil.status).toBe(403)
    expect(evil.body.message).toMatch(/another site/)
    expect(s.blog.store.db.users).toHaveLength(0)
    const crossSite = await c.post('/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    const same = await c.post('/api/auth/logout', undefined, { origin: s.server.url })
    expect(same.status).toBe(200)
  })

  it('sends a Content-Security-Policy with no inline script on pages and the API', async () => {
    for (const path of ['/', '/api/posts']) {
      const res = await fetch(`${s.server.url}${path}`)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    }
    const page = await fetch(`${s.server.url}/`)
    const csp = page.headers.get('content-security-policy') ?? ''
    const html = await page.text()
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    // data blocks, which browsers never execute, and one script, the theme's, allowed by its hash alone
    const executed = inline.filter(([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs))
    expect(executed).toHaveLength(1)
    const hash = `'sha256-${createHash('sha256').update(executed[0][2]).digest('base64')}'`
    expect(csp).toContain(`script-src 'self' ${hash};`)
  })
})

describe('accounts: Secure cookies behind an HTTPS proxy', () => {
  let s: Served
  beforeAll(async () => {
    s = await servedBlog({ fixtures: null, blog: { trustProxy: 'loopback' } })
  })
  afterAll(() => s.cleanup())

  it('marks the cookie Secure when the trusted proxy says the request came over HTTPS', async () => {
    const c = new ApiClient(s.server.url)
    const res = await c.post(
      '/api/auth/setup',
      { username: 'root', password: 'password1' },
      { 'x-forwarded-proto': 'https' },
    )
    expect(res.status).toBe(201)
    for (const cookie of res.headers.getSetCookie()) expect(cookie.toLowerCase()).toContain('secure')
  })
})

describe('accounts: nothing secret leaves the server', () => {
  it('never put a password, a bcrypt hash or a reset token in any answer of this file', () => {
    const all = ApiClient.transcript.join('\n')
    expect(ApiClient.transcript.length).toBeGreaterThan(50)
    for (const secret of [
      'correct horse',
      'battery staple',
      'password1',
      'new-secret',
      'hunter2-secret-value',
      'x'.repeat(80),
    ])
      expect(all).not.toContain(secret)
    expect(all).not.toMatch(/\$2[aby]\$\d\d\$/)
    expect(all).not.toMatch(/passwordHash|sessionVersion|tokenHash/)
  })
})
