import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { existsSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { dirname, join } from 'node:path'
import { fuzzTarget, type FuzzTarget } from '../helpers/fuzz-target.js'
import { projectRoot } from '../helpers/temp-dir.js'
import { snapshotStore, storeChanges } from '../helpers/store-snapshot.js'

/**
 * Addresses and file names that try to leave the data folder: post slugs, generated-image
 * paths, the social card, static assets, pages and upload file names. Nothing outside the
 * data folder may be read (a planted secret never shows up in an answer) or written, and
 * each attempt gets a clear 4xx.
 */
let t: FuzzTarget
let root: string
const SECRET = 'TOP-SECRET-CONTENT-4f2a'

beforeAll(async () => {
  t = await fuzzTarget()
  root = dirname(t.dataDir)
  // Bait next to and above the data folder, named like what the routes serve.
  for (const name of ['secret.png', 'secret.md', 'x-0123456789abcdef.png']) writeFileSync(join(root, name), SECRET)
  writeFileSync(join(t.dataDir, 'secret.png'), SECRET)
})
afterAll(() => t?.cleanup())

const TRAVERSALS = [
  '../secret.png',
  '../../secret.png',
  '..%2Fsecret.png',
  '..%2F..%2Fsecret.png',
  '%2e%2e%2fsecret.png',
  '%2e%2e/%2e%2e/secret.png',
  '..%5Csecret.png',
  '..\\..\\secret.png',
  '....//....//secret.png',
  '%252e%252e%252fsecret.png',
  '..%c0%afsecret.png',
  'secret.png%00.png',
  '%00',
  '..',
  '.',
  'db.json',
  '..%2Fdb.json',
  '..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('/etc/passwd'),
  'x-0123456789abcdef.png',
  '..%2Fx-0123456789abcdef.png',
  // Broken percent-encoding: decoding the parameter fails.
  '%',
  '%E0%A4%A',
  '%zz..%2F',
  '%C0%AE%C0%AE%2F',
]

/** GET a path exactly as written: fetch would resolve `..` segments before sending. */
function rawGet(path: string, cookie: string): Promise<{ status: number; body: string; location: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.server.url}/`, { path, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('latin1'),
          location: res.headers.location ?? '',
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** Request a raw path and check it leaks nothing. */
async function expectNoLeak(path: string, cookie = ''): Promise<number> {
  const res = await rawGet(path, cookie)
  // express.static sends a folder address (`/assets/.`) to its slash form: still inside /assets/.
  if (res.status === 301 && path.startsWith('/assets/')) expect(res.location, path).toMatch(/^\/assets\//)
  expect(res.status, `${path} answered ${res.status}`).toBeLessThan(500)
  expect(res.body, path).not.toContain(SECRET)
  expect(res.body, path).not.toMatch(/passwordHash|sessionVersion|root:x:0:0/)
  return res.status
}

describe('reading outside the data folder', () => {
  it('generated images (/media/posts/:postId/:file) and social cards (/og/posts/:file) answer 404 to traversal', async () => {
    const id = t.blog.store.posts()[0].id
    for (const cookie of ['', t.admin.cookieHeader()]) {
      for (const bad of TRAVERSALS) {
        for (const path of [
          `/media/posts/${id}/${bad}`,
          `/media/posts/${bad}/x-0123456789abcdef.png`,
          `/media/${bad}`,
          `/og/posts/${bad}`,
          `/og/posts/${bad}.png`,
        ]) {
          const status = await expectNoLeak(path, cookie)
          expect([400, 404], path).toContain(status)
        }
      }
    }
  })

  it('post slugs, pages, redirects and static assets leak nothing', async () => {
    for (const bad of TRAVERSALS) {
      for (const path of [`/api/posts/${bad}`, `/assets/${bad}`, `/api/posts/${bad}/comments`]) {
        const status = await expectNoLeak(path, t.admin.cookieHeader())
        if (status !== 301 || !path.startsWith('/assets/')) expect(status, path).toBeGreaterThanOrEqual(400)
      }
      // Pages resolve `..` like a browser would (`/posts/..` is the home page): nothing leaks, nothing breaks.
      for (const path of [`/posts/${bad}`, `/post/${bad}`, `/${bad}`]) await expectNoLeak(path, t.admin.cookieHeader())
    }
    const redirect = await fetch(`${t.server.url}/post/..%2F..%2Fsecret.png`, { redirect: 'manual' })
    expect(redirect.headers.get('location')).toBe('/posts/..%2F..%2Fsecret.png')
  })
})

/** A multipart body built by hand, so file names reach the server byte for byte (fetch's FormData would escape them). */
async function uploadRaw(names: string[]): Promise<{
  status: number
  body: { posts?: { slug: string }[]; files?: { status: string; slug: string | null }[]; message?: string }
}> {
  const boundary = '----fuzz-boundary-7d1'
  const parts = names.map((name, i) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="`, 'latin1'),
      Buffer.from(name, 'utf8'),
      Buffer.from(
        `"\r\nContent-Type: text/markdown\r\n\r\n# Hostile name ${i}\n\nBody text of upload ${i}.\n\r\n`,
        'latin1',
      ),
    ]),
  )
  const body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)])
  const res = await fetch(`${t.server.url}/api/upload`, {
    method: 'POST',
    headers: { cookie: t.admin.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  })
  return { status: res.status, body: (await res.json()) as never }
}

describe('upload file names', () => {
  const HOSTILE_NAMES = [
    '../../etc/passwd.md',
    '../../../../../../tmp/evil.md',
    '..\\..\\x.md',
    'C:\\Windows\\evil.md',
    '/etc/evil-absolute.md',
    'nul\u0000byte.md',
    'evil.md\u0000.png',
    '....//....//dots.md',
    '%2e%2e%2fencoded.md',
    '\u202etxt.md',
    `${'long-'.repeat(2_000)}.md`,
    '.md',
    ' .md',
    '..md',
    'evil.md/',
  ]

  it('are only labels: nothing is written outside the data folder, slugs and stored names stay plain', async () => {
    const outsideBefore = snapshotStore(root)
    let imported = 0
    for (const name of HOSTILE_NAMES) {
      const res = await uploadRaw([name])
      // A name the multipart parser cannot read is the client's mistake: 400, never 500.
      expect(
        [200, 400],
        `${JSON.stringify(name).slice(0, 80)}: ${JSON.stringify(res.body)}\n${t.serverLog.join('\n')}`,
      ).toContain(res.status)
      if (res.status === 400) expect(res.body).toEqual({ message: expect.any(String) })
      else imported += res.body.posts!.length
    }
    const changedOutside = storeChanges(outsideBefore, snapshotStore(root)).filter(
      (c) => !/^(changed|added|removed) data\//.test(c),
    )
    expect(changedOutside).toEqual([])
    for (const bait of [
      '/etc/passwd.md',
      '/tmp/evil.md',
      '/etc/evil-absolute.md',
      join(root, '..', 'x.md'),
      join(projectRoot, 'x.md'),
    ])
      expect(existsSync(bait), bait).toBe(false)
    for (const post of t.blog.store.posts()) {
      expect(post.slug, post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      if (post.source?.path.startsWith('upload:'))
        // eslint-disable-next-line no-control-regex
        expect(post.source.path.slice('upload:'.length), post.source.path).not.toMatch(/[/\\\u0000-\u001f]/)
    }
    expect(imported).toBeGreaterThan(5)
  })

  it('a slug asked for in frontmatter cannot climb out either', async () => {
    const boundary = '----fuzz-boundary-fm'
    const md = '---\ntitle: Climber\nslug: ../../../etc/passwd\n---\n\nText.\n'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="climber.md"\r\nContent-Type: text/markdown\r\n\r\n${md}\r\n--${boundary}--\r\n`
    const res = await fetch(`${t.server.url}/api/upload`, {
      method: 'POST',
      headers: { cookie: t.admin.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    expect(res.status).toBe(200)
    const { posts } = (await res.json()) as { posts: { slug: string }[] }
    expect(posts[0].slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect((await fetch(`${t.server.url}/og/posts/${posts[0].slug}.png`)).status).toBe(200)
  })
})
