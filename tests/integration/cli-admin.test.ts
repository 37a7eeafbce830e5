import { describe, it, expect, afterAll } from 'vitest'
import { join } from 'node:path'
import { createBlog } from '../../src/app/blog-with-store.js'
import { isBlogError } from '../../src/core/errors.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { blog, blogServe, eventually, type CliResult } from '../helpers/cli.js'
import { blogInTerminal, hasTmux } from '../helpers/terminal.js'
import { tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('cli-admin-')
afterAll(tmp.cleanup)

const env = { BLOG_BCRYPT_COST: '10' }
let folders = 0
const dataFolder = () => join(tmp.path, `data-${++folders}`)
const admin = (args: string[], data: string, input?: string) => blog(['admin', ...args, '--data', data], { env, input })
const shown = (r: CliResult) => r.stdout + r.stderr

/** Signs in through the core on a fresh Blog over the same folder, as the server would. */
async function canSignIn(data: string, username: string, password: string): Promise<boolean> {
  const b = await createBlog({ dataDir: data, env: {}, log: () => {} })
  try {
    await b.auth.login({ username, password }, 'test')
    return true
  } catch (e) {
    if (isBlogError(e) && e.code === 'UNAUTHENTICATED') return false
    throw e
  } finally {
    await b.close()
  }
}

describe('blog admin create and list', () => {
  const data = dataFolder()

  it('says there are no admins yet', async () => {
    const r = await admin(['list'], data)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('No admin accounts yet. Create one with `blog admin create <username>`.')
  })

  it('creates an admin with a piped password, never showing it', async () => {
    const r = await admin(['create', 'alice', '--email', 'alice@example.org'], data, 'correct horse\n')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('Created admin "alice" (id 1). 4 admin slots remaining.')
    expect(shown(r)).not.toContain('correct horse')
    expect(await canSignIn(data, 'alice', 'correct horse')).toBe(true)
  })

  it('prints --json as one object without a hash', async () => {
    const r = await admin(['create', 'bob', '--json'], data, 'battery staple\r\nignored second line\n')
    expect(r.code, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(out).toEqual({
      user: { id: 2, username: 'bob', email: null, role: 'admin', createdAt: expect.any(String) },
      slotsRemaining: 3,
    })
    expect(r.stdout).not.toMatch(/hash|\$2[aby]\$/i)
    expect(await canSignIn(data, 'bob', 'battery staple')).toBe(true)
  })

  it('lists the admins as a table and as JSON', async () => {
    const text = await admin(['list'], data)
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^ID\s+USERNAME\s+CREATED$/m)
    expect(text.stdout).toMatch(/^1\s+alice\s+\d{4}-\d\d-\d\d \d\d:\d\d UTC$/m)
    expect(text.stdout).toMatch(/^2\s+bob\s/m)
    const json = await admin(['list', '--json'], data)
    expect(JSON.parse(json.stdout)).toEqual({
      adminUsers: [
        { id: 1, username: 'alice', createdAt: expect.any(String) },
        { id: 2, username: 'bob', createdAt: expect.any(String) },
      ],
    })
  })

  it('warns that --password may be kept in shell history, without echoing it', async () => {
    const r = await admin(['create', 'carol', '--password', 'hunter2hunter2'], data)
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/--password may be kept in your shell history/)
    expect(shown(r)).not.toContain('hunter2')
  })

  it('refuses a taken username with exit 1', async () => {
    const r = await admin(['create', 'ALICE'], data, 'another-pass\n')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('The username "ALICE" is already taken.')
  })
})

describe('blog admin: bad input exits 2 and changes nothing', () => {
  const data = dataFolder()
  const cases: [string, string[], string | undefined, RegExp][] = [
    [
      'an invalid username',
      ['create', 'no spaces'],
      'good-password\n',
      /Username may use letters, digits, dots, dashes and underscores only/,
    ],
    ['a too-short password', ['create', 'dave'], 'short\n', /Password must be at least 6 characters/],
    [
      'a too-short --password',
      ['create', 'dave', '--password', 'tiny'],
      undefined,
      /Password must be at least 6 characters/,
    ],
    [
      'an invalid e-mail',
      ['create', 'dave', '--email', 'not-an-address'],
      'good-password\n',
      /Valid email is required/,
    ],
    ['no password at all', ['create', 'dave'], undefined, /No password was given/],
    ['an invalid username to reset', ['reset-password', 'a/b'], 'good-password\n', /Username may use letters/],
    ['a too-short new password', ['reset-password', 'dave'], '12345\n', /Password must be at least 6 characters/],
  ]
  for (const [what, args, input, message] of cases) {
    it(`for ${what}`, async () => {
      const r = await admin(args, data, input)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(message)
      expect(r.stdout).toBe('')
      const password = args.includes('--password') ? args[args.indexOf('--password') + 1] : input?.trim()
      if (password) expect(r.stderr).not.toContain(password)
    })
  }

  it('created nobody', async () => {
    expect(JSON.parse((await admin(['list', '--json'], data)).stdout)).toEqual({ adminUsers: [] })
  })
})

describe('blog admin: the limit of 5', () => {
  it('refuses a sixth admin with exit 1', async () => {
    const data = dataFolder()
    const b = await createBlog({ dataDir: data, env, log: () => {} })
    for (let i = 1; i <= 5; i++) await b.auth.createAdmin({ username: `admin${i}`, password: 'password' }, OWNER)
    await b.close()
    const r = await admin(['create', 'sixth'], data, 'password6\n')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('Maximum admin accounts (5) reached')
    expect(r.stdout).toBe('')
  })
})

describe('blog admin reset-password', () => {
  const data = dataFolder()

  it('changes the password: the old one stops working, the new one works', async () => {
    expect((await admin(['create', 'erin'], data, 'first-password\n')).code).toBe(0)
    const r = await admin(['reset-password', 'erin'], data, 'second-password\n')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('Password changed for "erin"; every session of that account was signed out.')
    expect(shown(r)).not.toContain('second-password')
    expect(await canSignIn(data, 'erin', 'first-password')).toBe(false)
    expect(await canSignIn(data, 'erin', 'second-password')).toBe(true)
  })

  it('prints {user} with --json', async () => {
    const r = await admin(['reset-password', 'erin', '--json'], data, 'third-password\n')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      user: { id: 1, username: 'erin', email: null, role: 'admin', createdAt: expect.any(String) },
    })
  })

  it('fails with exit 1 for an unknown user', async () => {
    const r = await admin(['reset-password', 'nobody'], data, 'some-password\n')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('There is no account named "nobody".')
    expect(shown(r)).not.toContain('some-password')
  })
})

describe('blog admin beside blog serve', () => {
  it('creates an admin who can then sign in to the running server', async () => {
    const data = dataFolder()
    const server = await blogServe(['--port', '0', '--data', data], { env })
    try {
      const r = await admin(['create', 'frank'], data, 'served-password\n')
      expect(r.code, r.stderr).toBe(0)
      await eventually(async () => {
        const res = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'frank', password: 'served-password' }),
        })
        expect(res.status).toBe(200)
      })
    } finally {
      await server.stop()
    }
  }, 60_000)
})

describe('blog admin in a terminal', () => {
  const needsTmux = 'needs tmux to run the prompt in a pseudo-terminal; tmux is not installed'

  it('prompts twice and never shows the password (backspace works)', async (ctx) => {
    if (!hasTmux) ctx.skip(needsTmux)
    const data = dataFolder()
    const term = blogInTerminal(['admin', 'create', 'tina', '--data', data], env)
    try {
      await term.waitFor(/Password: $/m)
      term.type('tty-secretX')
      term.press('BSpace', 'Enter')
      await term.waitFor(/Confirm password: $/m)
      term.type('tty-secret')
      term.press('Enter')
      const screen = await term.waitFor(/\[exit \d+\]/)
      expect(screen).toContain('[exit 0]')
      expect(screen).toContain('Created admin "tina"')
      expect(screen).not.toMatch(/tty-secret|\*{3}/)
      expect(await canSignIn(data, 'tina', 'tty-secret')).toBe(true)
    } finally {
      term.close()
    }
  }, 60_000)

  it('refuses a confirmation that does not match, with exit 2', async (ctx) => {
    if (!hasTmux) ctx.skip(needsTmux)
    const term = blogInTerminal(['admin', 'create', 'tom', '--data', dataFolder()], env)
    try {
      await term.waitFor(/Password: $/m)
      term.type('first-try')
      term.press('Enter')
      await term.waitFor(/Confirm password: $/m)
      term.type('second-try')
      term.press('Enter')
      const screen = await term.waitFor(/\[exit \d+\]/)
      expect(screen).toContain("Passwords don't match")
      expect(screen).toContain('[exit 2]')
      expect(screen).not.toMatch(/first-try|second-try/)
    } finally {
      term.close()
    }
  }, 60_000)

  it('cancels on Ctrl-C with exit 130', async (ctx) => {
    if (!hasTmux) ctx.skip(needsTmux)
    const term = blogInTerminal(['admin', 'reset-password', 'tina', '--data', dataFolder()], env)
    try {
      await term.waitFor(/Password: $/m)
      term.type('half-typ')
      term.press('C-c')
      const screen = await term.waitFor(/\[exit \d+\]/)
      expect(screen).toContain('Cancelled.')
      expect(screen).toContain('[exit 130]')
      expect(screen).not.toContain('half-typ')
    } finally {
      term.close()
    }
  }, 60_000)
})
