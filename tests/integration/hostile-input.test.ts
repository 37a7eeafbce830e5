import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fuzzTarget, type FuzzTarget } from '../helpers/fuzz-target.js'
import type { ApiClient } from '../helpers/http-client.js'
import { snapshotStore, storeChanges } from '../helpers/store-snapshot.js'
import { POLLUTING_JSON } from '../helpers/zod-arbitrary.js'

/**
 * Named attacks on the API, each checked for what a user would notice: a clear 4xx with
 * `{message}`, nothing stored when refused, no polluted prototypes, and a server that keeps
 * answering afterwards.
 */
let t: FuzzTarget
let postId: number

beforeAll(async () => {
  t = await fuzzTarget()
  postId = t.blog.store.posts()[0].id
})
afterAll(() => t?.cleanup())

const PROTO_KEYS = new Set(['__proto__', 'constructor', 'prototype', 'polluted'])

/** Keys of every object in every JSON file of the data folder, for "no stored object gained keys". */
function storedKeys(): Set<string> {
  const keys = new Set<string>()
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        keys.add(k)
        walk(inner)
      }
    }
  }
  for (const path of snapshotStore(t.dataDir).keys()) {
    if (!path.endsWith('.json')) continue
    walk(JSON.parse(readFileSync(join(t.dataDir, path), 'utf8')))
  }
  return keys
}

function expectUnpolluted(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted')
  expect(Object.getOwnPropertyNames(Array.prototype)).not.toContain('polluted')
}

async function expectStillServing(): Promise<void> {
  const res = await t.guest().get('/api/posts')
  expect(res.status).toBe(200)
}

/** A raw request (body sent as given), answered by a clear 4xx `{message}` that changed nothing. */
async function expectRefused(
  client: ApiClient,
  method: string,
  url: string,
  body: string,
  statuses: number[],
): Promise<void> {
  const before = snapshotStore(t.dataDir)
  const res = await client.request(method, url, body)
  expect(statuses, `${method} ${url} answered ${res.status}: ${res.text.slice(0, 200)}`).toContain(res.status)
  expect(res.body, `${method} ${url}`).toEqual({ message: expect.any(String) })
  expect(storeChanges(before, snapshotStore(t.dataDir)), `${method} ${url} changed the store`).toEqual([])
}

describe('prototype pollution', () => {
  /** Routes that take a JSON body, with a well-formed body to carry the polluting keys alongside. */
  const bodies = (): [string, string, Record<string, unknown>][] => [
    ['POST', '/api/auth/login', { username: 'owner', password: 'wrong-password' }],
    ['POST', '/api/subscribe', { email: 'reader@example.com' }],
    ['POST', `/api/posts/${postId}/comments`, { name: 'Reader', text: 'A comment.' }],
    ['POST', '/api/user/track', { sessionId: 's1', postId, actionType: 'view', actionData: { a: 1 } }],
    ['PATCH', '/api/about', { content: '# About' }],
    ['PATCH', '/api/footer', { title: 'T', description: 'D', copyright: 'C', socialLinks: '[]', linkSections: '[]' }],
    ['PUT', `/api/posts/${postId}`, { title: 'Still a title' }],
    ['PATCH', '/api/auth/update-email', { email: 'owner@example.com' }],
  ]

  it('in JSON bodies, top level and nested, as a guest and as the owner: nothing polluted, no stored object gains keys', async () => {
    const keysBefore = storedKeys()
    for (const client of [t.guest(), t.admin]) {
      for (const [method, url, valid] of bodies()) {
        for (const polluting of POLLUTING_JSON) {
          const inner = polluting.slice(1, -1)
          const nested = Object.keys(valid).map((k) =>
            JSON.stringify({ ...valid, [k]: '__SLOT__' }).replace('"__SLOT__"', polluting),
          )
          for (const text of [`{${inner},${JSON.stringify(valid).slice(1)}`, ...nested]) {
            const res = await client.request(method, url, text)
            expect(res.status, `${method} ${url} ${text}`).toBeLessThan(500)
            expectUnpolluted()
          }
        }
      }
    }
    // The tracking record's actionData and the footer's lists are the only free-form objects stored.
    const gained = [...storedKeys()].filter((k) => !keysBefore.has(k) && PROTO_KEYS.has(k))
    expect(gained).toEqual([])
    await expectStillServing()
  })

  it('in JSON text fields (footer lists, tracking data) and in query strings', async () => {
    const links = `[{"name":"x","url":"https://example.com","icon":"github","__proto__":{"polluted":1}}]`
    const sections = `[{"title":"S","links":[],"constructor":{"prototype":{"polluted":1}}}]`
    const footer = await t.admin.request('PATCH', '/api/footer', {
      title: 'T',
      description: '',
      copyright: '',
      socialLinks: links,
      linkSections: sections,
    })
    expect(footer.status).toBeLessThan(500)
    const stored = (await t.guest().get<Record<string, string>>('/api/footer')).body
    expect(stored.socialLinks).not.toMatch(/__proto__|polluted/)
    expect(stored.linkSections).not.toMatch(/constructor|polluted/)
    const track = await t
      .guest()
      .request(
        'POST',
        '/api/user/track',
        `{"sessionId":"s","postId":null,"actionType":"view","actionData":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}}`,
      )
    expect(track.status).toBe(400)
    for (const path of ['/api/posts', '/api/unsubscribe', '/api/search/advanced', '/api/about', '/', '/search']) {
      for (const q of [
        '__proto__[polluted]=1',
        'constructor[prototype][polluted]=1',
        '__proto__.polluted=1&__proto__=x',
        'search=__proto__&q=constructor&tags=__proto__,prototype',
      ]) {
        const res = await t.guest().get(`${path}?${q}`)
        expect(res.status, `${path}?${q}`).toBeLessThan(500)
      }
    }
    expectUnpolluted()
    expect([...storedKeys()].filter((k) => PROTO_KEYS.has(k))).toEqual([])
  })
})

describe('oversized and deeply nested JSON', () => {
  it('a body over the 1 MB limit is a 413 {message} (a guest is refused before an essay-sized body is read)', async () => {
    const big = JSON.stringify({ username: 'owner', password: 'x'.repeat(1_100_000) })
    await expectRefused(t.guest(), 'POST', '/api/auth/login', big, [413])
    await expectRefused(t.admin, 'PATCH', '/api/about', JSON.stringify({ content: 'y'.repeat(1_200_000) }), [413])
    await expectRefused(
      t.guest(),
      'PUT',
      `/api/posts/${postId}`,
      JSON.stringify({ content: 'z'.repeat(17_000_000) }),
      [401],
    )
    await expectRefused(
      t.admin,
      'PUT',
      `/api/posts/${postId}`,
      JSON.stringify({ content: 'z'.repeat(17_000_000) }),
      [413],
    )
    // A request line past Node's header limit is refused by Node itself, before the app.
    expect([414, 431]).toContain((await t.guest().get(`/api/posts?search=${'q'.repeat(40_000)}`)).status)
    await expectStillServing()
  })

  it('deep nesting, broken JSON and odd encodings are a 400 {message}, never a 500', async () => {
    const depth = 200_000
    const deepArray = '['.repeat(depth) + ']'.repeat(depth)
    const deepObject = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    for (const text of [deepArray, deepObject, `{"content":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`]) {
      await expectRefused(t.admin, 'PATCH', '/api/about', text, [400, 413])
      await expectRefused(t.guest(), 'POST', '/api/subscribe', text, [400, 413])
    }
    const deepLinks = JSON.stringify({
      title: 'T',
      description: '',
      copyright: '',
      socialLinks: '['.repeat(50_000) + ']'.repeat(50_000),
      linkSections: '[]',
    })
    await expectRefused(t.admin, 'PATCH', '/api/footer', deepLinks, [400])
    for (const text of ['{', '{"a":}', '\u0000', '{"a":1}garbage', 'NaN', '"\\ud800"']) {
      const res = await t.guest().request('POST', '/api/subscribe', text)
      expect(res.status, text).toBe(400)
      expect(res.body).toEqual({ message: expect.any(String) })
    }
    // Sent with fetch: ApiClient always labels its bodies plain application/json.
    const oddHeaders: Record<string, string>[] = [
      { 'content-type': 'application/json; charset=koi8-r' },
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      { 'content-type': 'application/json', 'content-encoding': 'br, x-unknown' },
    ]
    for (const headers of oddHeaders) {
      const before = snapshotStore(t.dataDir)
      const res = await fetch(`${t.server.url}/api/subscribe`, {
        method: 'POST',
        headers,
        body: '{"email":"odd-encoding@example.com"}',
      })
      expect([400, 415], JSON.stringify(headers)).toContain(res.status)
      expect(await res.json()).toEqual({ message: expect.any(String) })
      expect(storeChanges(before, snapshotStore(t.dataDir))).toEqual([])
    }
    await expectStillServing()
  })
})

describe('search filters', () => {
  const odd = [
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-1',
    '0x10',
    '2024-02-30',
    '9999-99-99',
    '',
    '%00',
    'a'.repeat(600),
  ]

  it('GET /api/posts?search= answers 200 or a 400 {message} for any text, repeated or not', async () => {
    for (const v of odd) {
      for (const q of [`search=${encodeURIComponent(v)}`, `search=${encodeURIComponent(v)}&search=x`]) {
        const res = await t.guest().get(`/api/posts?${q}`)
        expect([200, 400], q).toContain(res.status)
        if (res.status === 400) expect(res.body).toEqual({ message: expect.any(String) })
      }
    }
    expect((await t.guest().get(`/api/posts?search=${'a'.repeat(501)}`)).status).toBe(400)
  })

  it('GET /api/search/advanced refuses invalid dates and numbers with a 400 {message}', async () => {
    expect(t.routes).toContain('GET /api/search/advanced')
    const invalid = [
      'startDate=2024-02-30',
      'endDate=2023-02-29',
      'startDate=2024-13-01',
      'endDate=yesterday',
      'minReadTime=NaN',
      'maxReadTime=Infinity',
      'minReadTime=1e309',
      'minReadTime=-1',
      'maxReadTime=1.5',
      'minReadTime=10001',
      'startDate=2024-01-01&startDate=2024-01-02',
    ]
    for (const q of invalid) {
      const res = await t.guest().get(`/api/search/advanced?q=a&${q}`)
      expect(res.status, q).toBe(400)
      expect(res.body, q).toEqual({ message: expect.any(String) })
    }
    expect((await t.guest().get('/api/search/advanced?q=a&startDate=2024-02-29&minReadTime=1')).status).toBe(200)
  })
})
