import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { flood, folderBytes } from '../../soak/flood.js'
import { EventLog } from '../../src/tracking/event-log.js'
import { servedBlog } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { tempDir } from '../helpers/temp-dir.js'

let site: Awaited<ReturnType<typeof servedBlog>>
let url: string
let postId: number

beforeAll(async () => {
  site = await servedBlog()
  url = site.server.url
  postId = site.blog.store.posts().find((p) => p.status === 'published')!.id
}, 60_000)
afterAll(() => site.cleanup())

const trackEvent = JSON.stringify({
  sessionId: 'flood-session',
  postId: null,
  actionType: 'view',
  actionData: { path: '/' },
})

describe('floods from one client are cut off with 429 and Retry-After, and the data folder stays bounded', () => {
  it('tracking: a burst of 1,000 events stores at most the allowed 120', async () => {
    const before = folderBytes(site.dataDir)
    const r = await flood({
      url: `${url}/api/user/track`,
      method: 'POST',
      body: trackEvent,
      connections: 16,
      amount: 1_000,
    })
    expect(r.errors).toBe(0)
    expect(r.statuses['204']).toBe(120)
    expect(r.statuses['429']).toBe(880)
    const growth = folderBytes(site.dataDir) - before
    expect(growth).toBeLessThan(120 * 400)
    const answer = await new ApiClient(url).post('/api/user/track', JSON.parse(trackEvent))
    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(answer.body).toEqual({ message: expect.stringContaining('Too many tracking events') })
  }, 60_000)

  it('a forged X-Forwarded-For does not make a flood look like many readers', async () => {
    const client = new ApiClient(url)
    const answer = await client.post('/api/user/track', JSON.parse(trackEvent), { 'x-forwarded-for': '203.0.113.77' })
    expect(answer.status).toBe(429)
  })

  it('subscriptions: 10 an hour, then 429; subscribers grow by at most 10', async () => {
    const client = new ApiClient(url)
    const before = site.blog.store.db.subscribers.length
    const statuses: number[] = []
    for (let i = 0; i < 30; i++)
      statuses.push((await client.post('/api/subscribe', { email: `flood${i}@example.org` })).status)
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true)
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true)
    expect(site.blog.store.db.subscribers.length - before).toBe(10)
    const last = await client.post('/api/subscribe', { email: 'late@example.org' })
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('comments: 5 per ten minutes, then 429; stored comments grow by at most 5', async () => {
    const client = new ApiClient(url)
    const before = site.blog.store.db.comments.length
    const statuses: number[] = []
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await client.post(`/api/posts/${postId}/comments`, { name: 'Flood', text: `Comment ${i}` })).status,
      )
    expect(statuses.slice(0, 5).every((s) => s < 300)).toBe(true)
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true)
    expect(site.blog.store.db.comments.length - before).toBe(5)
  })

  it('sign-in: repeated wrong passwords are locked out with 429 and Retry-After', async () => {
    const client = new ApiClient(url)
    const statuses: number[] = []
    for (let i = 0; i < 15; i++)
      statuses.push((await client.post('/api/auth/login', { username: 'nobody', password: `guess-${i}` })).status)
    expect(statuses[0]).toBe(401)
    expect(statuses).toContain(429)
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true)
    const locked = await client.post('/api/auth/login', { username: 'nobody', password: 'again' })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
  }, 60_000)
})

describe('the tracking log', () => {
  it('rotates and keeps a bounded number of files however much is written', async () => {
    const tmp = tempDir('eventlog-')
    try {
      const dir = join(tmp.path, 'tracking')
      const log = new EventLog({ dir, maxFileBytes: 2_000, keepFiles: 2 })
      for (let i = 0; i < 600; i++) await log.append({ i, sessionId: 'session', actionType: 'view' })
      expect(readdirSync(dir).length).toBeLessThanOrEqual(3)
      expect(folderBytes(dir)).toBeLessThanOrEqual(3 * 2_000)
    } finally {
      tmp.cleanup()
    }
  })
})
