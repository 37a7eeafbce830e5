import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import fc from 'fast-check'
import type { z } from 'zod'
import {
  AboutSchema,
  CommentInputSchema,
  CommentModerationSchema,
  FooterUpdateSchema,
  ForgotPasswordSchema,
  LoginSchema,
  PasswordResetSchema,
  PostUpdateSchema,
  RegenerateImagesBodySchema,
  SearchQuerySchema,
  SetupSchema,
  SubscriptionSchema,
  TrackingEventSchema,
  UpdateEmailSchema,
  UpdatePasswordSchema,
} from '../../src/shared/schemas/index.js'
import { ListQuery } from '../../src/shared/api/input-schemas.js'
import { ClearAnnotations, DeleteMany, Preview } from '../../src/shared/api/input-schemas.js'
import { BulkModels } from '../../src/shared/api/input-schemas.js'
import { BulkBody } from '../../src/shared/api/input-schemas.js'
import { TokenQuery } from '../../src/shared/api/input-schemas.js'
import { fuzzTarget, type FuzzTarget } from '../helpers/fuzz-target.js'
import type { ApiClient } from '../helpers/http-client.js'
import { arbitraryFor, hostileString, hostileValue, queryArbitraryFor } from '../helpers/zod-arbitrary.js'
import { settledSnapshot, snapshotStore, storeChanges, type StoreSnapshot } from '../helpers/store-snapshot.js'

/**
 * Every route in Express's route table, fuzzed as a guest and as the signed-in owner with
 * bodies and query strings derived from its zod schema (hostile values mixed in at every
 * level). A route added later is fuzzed too, with generic hostile input until it is listed
 * here. Properties: never a 5xx; API failures answer `{message}`; a rejected request leaves
 * the data folder byte-for-byte as it was; Object.prototype is never polluted.
 */
const BODY: Record<string, z.ZodType> = {
  'POST /api/auth/login': LoginSchema,
  'POST /api/auth/setup': SetupSchema,
  'POST /api/auth/forgot-password': ForgotPasswordSchema,
  'POST /api/auth/reset-password': PasswordResetSchema,
  'PATCH /api/auth/update-email': UpdateEmailSchema,
  'PATCH /api/auth/update-password': UpdatePasswordSchema,
  'PATCH /api/about': AboutSchema,
  'PATCH /api/footer': FooterUpdateSchema,
  'POST /api/subscribe': SubscriptionSchema,
  'POST /api/posts/:postId/comments': CommentInputSchema,
  'PATCH /api/comments/:id': CommentModerationSchema,
  'POST /api/user/track': TrackingEventSchema,
  'PUT /api/posts/:id': PostUpdateSchema,
  'POST /api/preview': Preview,
  'DELETE /api/posts': DeleteMany,
  'DELETE /api/posts/annotations': ClearAnnotations,
  'POST /api/posts/models/bulk-generate': BulkModels,
  'POST /api/posts/annotations/bulk-generate': BulkBody,
  'POST /api/posts/bibliography/bulk-generate': BulkBody,
  'POST /api/posts/:id/regenerate-images': RegenerateImagesBodySchema,
}
const QUERY: Record<string, z.ZodType> = {
  'GET /api/posts': ListQuery,
  'GET /api/unsubscribe': TokenQuery,
  'POST /api/unsubscribe': TokenQuery,
  'GET /api/search/advanced': SearchQuerySchema,
}
/** Signing the owner out would turn the rest of the owner's run into a guest's; it is fuzzed as a guest. */
const NOT_AS_ADMIN = new Set(['POST /api/auth/logout'])

const SEED = Number(process.env.FUZZ_SEED ?? 20261121)
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)

let t: FuzzTarget

beforeAll(async () => {
  t = await fuzzTarget()
})
afterAll(() => t?.cleanup())

/** Path parameters: the fixture posts' real ids and slugs, near-misses, and hostile text. */
function paramArbitrary(): fc.Arbitrary<string> {
  const real = t.blog.store.posts().flatMap((p) => [String(p.id), p.slug])
  return fc
    .oneof(
      {
        arbitrary: fc.constantFrom(
          ...real,
          '0',
          '-1',
          '1.5',
          '1e3',
          'NaN',
          '9007199254740993',
          'annotations',
          'models',
          'x.png',
        ),
        weight: 3,
      },
      { arbitrary: hostileString(), weight: 2 },
    )
    .map((v) => encodePath(v).slice(0, 4_000) || '%20')
}

/** encodeURIComponent, but a lone surrogate (which it refuses) goes as raw bytes, as a hostile client would send it. */
function encodePath(v: string): string {
  try {
    return encodeURIComponent(v)
  } catch {
    return [...Buffer.from(v, 'utf16le')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
  }
}

interface Attempt {
  method: string
  url: string
  body: unknown
}

function attemptArbitrary(route: string): fc.Arbitrary<Attempt> {
  const [method, pattern] = route.split(' ')
  const names = pattern.match(/:\w+|\{\*\w+\}/g) ?? []
  const params = fc.tuple(...names.map(() => paramArbitrary()))
  const query = QUERY[route]
    ? queryArbitraryFor(QUERY[route])
    : fc.option(queryArbitraryFor(null), { nil: '', freq: 3 })
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const body = !hasBody ? fc.constant(undefined) : BODY[route] ? arbitraryFor(BODY[route]) : hostileValue()
  return fc.tuple(params, query, body).map(([values, q, b]) => {
    let path = pattern
    names.forEach((name, i) => (path = path.replace(name, values[i])))
    const url = `${path}${q ? `?${q}` : ''}`
    // Counterexamples can hold 300 kB strings: report them shortened.
    return {
      method,
      url,
      body: b,
      [fc.toStringMethod]: () => `${method} ${short(url)} ${short(JSON.stringify(b) ?? '')}`,
    }
  })
}

const short = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text)

/** Answered by Node's HTTP parser before the app sees the request (a URL over 16 kB): no JSON body to expect. */
const PARSER_STATUSES = new Set([414, 431])

let before: StoreSnapshot | null = null
/** Answers by status, printed with FUZZ_REPORT=1 to see how much of the fuzzing got past validation. */
const tally = new Map<number, number>()

async function attempt(client: ApiClient, a: Attempt, route: string): Promise<void> {
  before ??= await settledSnapshot(t.dataDir)
  const logged = t.serverLog.length
  const res = await client.request(
    a.method,
    a.url,
    a.body === undefined ? undefined : (JSON.stringify(a.body) ?? 'null'),
  )
  tally.set(res.status, (tally.get(res.status) ?? 0) + 1)
  const what = `${route} → ${res.status} for ${a.method} ${short(a.url)} ${short(JSON.stringify(a.body) ?? '')}`
  expect(res.status, `${what}\n${t.serverLog.slice(logged).join('\n')}`).toBeLessThan(500)
  expect(({} as Record<string, unknown>).polluted, what).toBeUndefined()
  if (res.status >= 400 && a.url.startsWith('/api/') && !PARSER_STATUSES.has(res.status))
    expect(res.body, what).toEqual({ message: expect.any(String) })
  if (res.status >= 400) {
    expect(storeChanges(before, snapshotStore(t.dataDir)), `a rejected request changed the store: ${what}`).toEqual([])
  } else if (a.method !== 'GET' || storeChanges(before, snapshotStore(t.dataDir)).length > 0) {
    // An accepted request may write (now or in the background): start again from a settled state.
    before = null
  }
}

/** Whether the route refuses a guest outright (401 to a plain request). */
async function guestIsRefused(route: string): Promise<boolean> {
  const [method, pattern] = route.split(' ')
  const url = pattern.replace(/:\w+/g, '1').replace(/\{\*\w+\}/g, 'x')
  return (await t.guest().request(method, url, method === 'GET' ? undefined : {})).status === 401
}

describe('API fuzzing (never a 5xx, rejected requests change nothing)', () => {
  it('walks the route table (new routes are fuzzed too)', () => {
    expect(t.routes).toContain('PUT /api/posts/:id')
    expect(t.routes).toContain('POST /api/posts/:postId/comments')
    for (const route of [...Object.keys(BODY), ...Object.keys(QUERY)]) expect(t.routes, route).toContain(route)
  })

  for (const role of ['guest', 'admin'] as const) {
    it(`as ${role === 'guest' ? 'a guest' : 'the signed-in owner'}`, async () => {
      const client = role === 'admin' ? t.admin : t.guest()
      // Deleting routes last, so the owner's run still finds the fixture posts on every other route.
      const ordered = [
        ...t.routes.filter((r) => !r.startsWith('DELETE ')),
        ...t.routes.filter((r) => r.startsWith('DELETE ')),
      ]
      for (const route of ordered) {
        if (role === 'admin' && NOT_AS_ADMIN.has(route)) continue
        const started = Date.now()
        // A guard answers a guest before any input is read: a few runs show that; the owner gets them all.
        const guarded = role === 'guest' && (await guestIsRefused(route))
        await fc.assert(
          fc.asyncProperty(attemptArbitrary(route), (a) => attempt(client, a, route)),
          { seed: SEED, numRuns: guarded ? Math.min(3, RUNS) : RUNS, endOnFailure: true },
        )
        if (process.env.FUZZ_REPORT) console.log(`${role} ${route} ${Date.now() - started} ms`)
      }
      if (role === 'admin') expect((await t.admin.get('/api/auth/me')).status, 'the owner stayed signed in').toBe(200)
      if (process.env.FUZZ_REPORT)
        console.log(
          `${role} answers by status: ${JSON.stringify(Object.fromEntries([...tally].sort((a, b) => a[0] - b[0])))}`,
        )
      tally.clear()
    })
  }
})

describe('upload fuzzing (multipart, as the owner)', () => {
  /** A multipart body built by hand, so names and headers reach busboy byte for byte. */
  const multipart = (parts: { field: string; name: string; type: string; content: string }[], boundary: string) =>
    Buffer.concat([
      ...parts.map((p) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="`, 'latin1'),
          Buffer.from(p.name, 'utf8'),
          Buffer.from(`"\r\nContent-Type: ${p.type}\r\n\r\n`, 'latin1'),
          Buffer.from(p.content, 'utf8'),
          Buffer.from('\r\n', 'latin1'),
        ]),
      ),
      Buffer.from(`--${boundary}--\r\n`, 'latin1'),
    ])

  it('answers any form with 200 or a 4xx {message}, never a 5xx; a refused one stores nothing', async () => {
    const part = fc.record({
      field: fc.oneof(fc.constant('files'), fc.constant('other'), hostileString()),
      name: fc.oneof(
        fc.constantFrom(
          'essay.md',
          'notes.markdown',
          'image.png',
          '../../x.md',
          '..\\x.md',
          'a\u0000.md',
          '"quoted".md',
          'new\r\nline.md',
        ),
        hostileString().map((s) => `${s}.md`),
      ),
      type: fc.constantFrom('text/markdown', 'application/octet-stream', 'text/html'),
      content: fc.oneof(
        fc.constantFrom('# Title\n\nText.', '', '---\ntitle: [unclosed\n---\n', '\u0000\u0001binary'),
        fc.string({ maxLength: 200 }),
      ),
    })
    const form = fc.record({
      parts: fc.array(part, { minLength: 0, maxLength: 4 }),
      boundary: fc.constantFrom('b0undary', 'x', '-'.repeat(70)),
      truncate: fc.option(fc.nat({ max: 400 }), { freq: 3 }),
    })
    await fc.assert(
      fc.asyncProperty(form, async ({ parts, boundary, truncate }) => {
        const whole = multipart(parts, boundary)
        const body = truncate === null ? whole : whole.subarray(0, truncate)
        before ??= await settledSnapshot(t.dataDir)
        const logged = t.serverLog.length
        const res = await fetch(`${t.server.url}/api/upload`, {
          method: 'POST',
          headers: { cookie: t.admin.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        })
        const text = await res.text()
        const what = `upload → ${res.status}: ${short(JSON.stringify(parts.map((p) => [p.field, p.name])))} ${text.slice(0, 200)}\n${t.serverLog.slice(logged).join('\n')}`
        expect(res.status, what).toBeLessThan(500)
        if (res.status >= 400) {
          expect(JSON.parse(text), what).toEqual({ message: expect.any(String) })
          expect(storeChanges(before, snapshotStore(t.dataDir)), what).toEqual([])
        } else before = null
      }),
      { seed: SEED, numRuns: RUNS * 3, endOnFailure: true },
    )
  })
})
