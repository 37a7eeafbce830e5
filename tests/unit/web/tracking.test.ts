import { describe, expect, it, vi } from 'vitest'
import { TrackingEventSchema } from '../../../src/shared/schemas/index.js'
import { ENTRY_KEY, SESSION_KEY, claimEntry, newSessionId, sessionIdFrom } from '../../../web/lib/tracking-session.js'
import type { SessionStore } from '../../../web/lib/tracking-session.js'
import { ReadingTracker } from '../../../web/lib/tracking-tracker.js'
import { TRACK_URL, createTransport } from '../../../web/lib/tracking-transport.js'
import type { SendOptions } from '../../../web/lib/tracking-transport.js'
import {
  TEXT_LIMIT,
  clip,
  entrySource,
  marksReached,
  resultsCountOf,
  scrolledPercent,
  searchQueryOfKey,
  tagOfLink,
  trackingAllowed,
  trackingEvents,
} from '../../../web/lib/tracking.js'
import type { TrackingEvent } from '../../../web/lib/tracking.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function memoryStore(): SessionStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) }
}

const ctx = { userId: 3, sessionId: 'session-1234', postId: 7 }

describe('event builders', () => {
  it('build SPEC §7’s action data, which the server accepts', () => {
    const events = [
      trackingEvents.entry({ ...ctx, postId: null }, 'External', new Date('2025-03-04T05:06:07Z')),
      trackingEvents.view(ctx, 'The Gaussian Integral'),
      trackingEvents.timeSpent(ctx, 1234.6),
      trackingEvents.search({ ...ctx, postId: null }, 'gauss', 2),
      trackingEvents.clickLink(ctx, 'Wikipedia', 'https://en.wikipedia.org/wiki/Gaussian_integral'),
      trackingEvents.tagClick(ctx, 'probability'),
      trackingEvents.scroll(ctx, 50),
    ]
    expect(events.map((e) => [e.actionType, e.actionData])).toEqual([
      ['entry', { source: 'External', timestamp: '2025-03-04T05:06:07.000Z' }],
      ['view', { postTitle: 'The Gaussian Integral' }],
      ['time_spent', { timeSpent: 1235 }],
      ['search', { query: 'gauss', resultsCount: 2 }],
      ['click_link', { linkText: 'Wikipedia', targetUrl: 'https://en.wikipedia.org/wiki/Gaussian_integral' }],
      ['tag_click', { tag: 'probability' }],
      ['scroll', { scrollPercentage: 50 }],
    ])
    expect(events[1]).toEqual({
      userId: 3,
      sessionId: 'session-1234',
      postId: 7,
      actionType: 'view',
      actionData: { postTitle: 'The Gaussian Integral' },
    })
    for (const e of events) expect(TrackingEventSchema.safeParse(e).success, e.actionType).toBe(true)
  })

  it('squeeze and cut long texts to what the server stores', () => {
    expect(clip('  a \n\t b  ')).toBe('a b')
    const long = trackingEvents.clickLink(ctx, 'x'.repeat(2000), `https://a.org/${'y'.repeat(2000)}`)
    expect(String(long.actionData.linkText)).toHaveLength(TEXT_LIMIT)
    expect(String(long.actionData.targetUrl)).toHaveLength(TEXT_LIMIT)
    expect(TrackingEventSchema.safeParse(long).success).toBe(true)
    expect(trackingEvents.timeSpent(ctx, -5).actionData.timeSpent).toBe(0)
  })

  it('tell an external arrival from a direct one', () => {
    expect(entrySource('', 'blog.example')).toBe('Direct')
    expect(entrySource('https://blog.example/posts/a', 'blog.example')).toBe('Direct')
    expect(entrySource('https://news.example/item?id=1', 'blog.example')).toBe('External')
    expect(entrySource('http://127.0.0.1:4321/', '127.0.0.1:4321')).toBe('Direct')
    expect(entrySource('http://127.0.0.1:9999/', '127.0.0.1:4321')).toBe('External')
    expect(entrySource('not a url', 'blog.example')).toBe('Direct')
  })
})

describe('reading depth', () => {
  it('measures how much of the post is above the bottom of the window', () => {
    expect(scrolledPercent({ top: 900, height: 4000 }, 800)).toBe(0)
    expect(scrolledPercent({ top: -200, height: 4000 }, 800)).toBe(25)
    expect(scrolledPercent({ top: -3200, height: 4000 }, 800)).toBe(100)
    expect(scrolledPercent({ top: -9000, height: 4000 }, 800)).toBe(100)
    expect(scrolledPercent({ top: 0, height: 0 }, 800)).toBe(100)
  })

  it('names each mark once', () => {
    expect(marksReached(10, new Set())).toEqual([])
    expect(marksReached(60, new Set())).toEqual([25, 50])
    expect(marksReached(100, new Set([25, 50]))).toEqual([75, 100])
  })
})

describe('privacy signals', () => {
  it('send nothing when the browser asks not to be tracked', () => {
    expect(trackingAllowed({})).toBe(true)
    expect(trackingAllowed({ doNotTrack: '0' })).toBe(true)
    expect(trackingAllowed({ doNotTrack: 'unspecified', globalPrivacyControl: false })).toBe(true)
    expect(trackingAllowed({ doNotTrack: '1' })).toBe(false)
    expect(trackingAllowed({ doNotTrack: null }, { doNotTrack: '1' })).toBe(false)
    expect(trackingAllowed({ globalPrivacyControl: true })).toBe(false)
  })
})

describe('searches and tags from the page', () => {
  it('read the query a cached search answers', () => {
    expect(searchQueryOfKey([`/api/posts?search=${encodeURIComponent('a b+c')}`])).toBe('a b+c')
    expect(searchQueryOfKey(['/api/search/advanced?q=bayes&tags=x'])).toBe('bayes')
    expect(searchQueryOfKey(['/api/posts'])).toBeNull()
    expect(searchQueryOfKey(['/api/posts', 'slug'])).toBeNull()
    expect(searchQueryOfKey(['/api/about'])).toBeNull()
    expect(resultsCountOf([1, 2, 3])).toBe(3)
    expect(resultsCountOf({ totalCount: 9, results: [1] })).toBe(9)
    expect(resultsCountOf({ results: [1, 2] })).toBe(2)
    expect(resultsCountOf(null)).toBeNull()
  })

  it('read a tag from its link', () => {
    const link = (attrs: Record<string, string>, text: string) => ({
      getAttribute: (n: string) => attrs[n] ?? null,
      textContent: text,
    })
    expect(tagOfLink(link({ 'data-tag': 'method' }, 'Method'))).toBe('method')
    expect(tagOfLink(link({ href: '/?search=number%20theory' }, 'Number Theory'))).toBe('number theory')
    expect(tagOfLink(link({ href: '#' }, ' plain '))).toBe('plain')
  })
})

describe('session id', () => {
  it('is a v4 UUID, also without crypto.randomUUID (plain http)', () => {
    expect(newSessionId()).toMatch(UUID)
    expect(newSessionId({ getRandomValues: (a) => a.fill(171) })).toMatch(UUID)
    expect(newSessionId({})).toMatch(UUID)
    expect(newSessionId({ randomUUID: () => 'fixed-uuid-0001' })).toBe('fixed-uuid-0001')
  })

  it('is created once per browser session and reused', () => {
    const store = memoryStore()
    const create = vi.fn(() => 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
    expect(sessionIdFrom(store, create)).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
    expect(sessionIdFrom(store, () => 'other-id-123')).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
    expect(create).toHaveBeenCalledTimes(1)
    expect(store.data.get(SESSION_KEY)).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee')
  })

  it('replaces an unusable stored id and survives storage that throws', () => {
    const store = memoryStore()
    store.data.set(SESSION_KEY, '<script>')
    expect(sessionIdFrom(store, () => 'fresh-id-0001')).toBe('fresh-id-0001')
    const broken: SessionStore = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(sessionIdFrom(broken, () => 'page-id-0001')).toBe('page-id-0001')
    expect(sessionIdFrom(null, () => 'page-id-0002')).toBe('page-id-0002')
  })

  it('claims the entry once per session', () => {
    const store = memoryStore()
    expect(claimEntry(store)).toBe(true)
    expect(claimEntry(store)).toBe(false)
    expect(store.data.get(ENTRY_KEY)).toBe('1')
  })
})

describe('ReadingTracker', () => {
  function setup() {
    const sent: { event: TrackingEvent; options?: SendOptions }[] = []
    let clock = 1000
    const store = memoryStore()
    const tracker = new ReadingTracker({
      send: (event, options) => sent.push({ event, options }),
      store,
      now: () => clock,
      date: () => new Date('2025-01-01T00:00:00Z'),
      newId: () => 'sess-0000-0001',
    })
    const types = () => sent.map((s) => s.event.actionType)
    return { tracker, sent, store, types, tick: (ms: number) => (clock += ms) }
  }

  it('sends entry once per session, with the landing post', () => {
    const { tracker, sent, store } = setup()
    tracker.setUser(4)
    tracker.enter('Direct', 9)
    tracker.enter('Direct', 9)
    expect(sent).toHaveLength(1)
    expect(sent[0].event).toEqual({
      userId: 4,
      sessionId: 'sess-0000-0001',
      postId: 9,
      actionType: 'entry',
      actionData: { source: 'Direct', timestamp: '2025-01-01T00:00:00.000Z' },
    })
    // a second tab of the same session (same storage) sends none either
    const other = new ReadingTracker({
      send: (e) => sent.push({ event: e }),
      store,
      now: () => 0,
      date: () => new Date(),
    })
    other.enter('External', null)
    expect(sent).toHaveLength(1)
    expect(other.sessionId).toBe('sess-0000-0001')
  })

  it('sends view, then time_spent by beacon on leaving, counting only visible time', () => {
    const { tracker, sent, types, tick } = setup()
    tracker.viewPost({ id: 7, title: 'On Notation' })
    tick(4000)
    tracker.hidden()
    tick(60_000)
    tracker.hidden()
    tracker.visible()
    tick(1500)
    tracker.leavePost()
    tracker.leavePost()
    expect(types()).toEqual(['view', 'time_spent', 'time_spent'])
    expect(sent[1].event).toMatchObject({ postId: 7, actionData: { timeSpent: 4000 } })
    expect(sent[2].event.actionData).toEqual({ timeSpent: 1500 })
    expect(sent[1].options).toEqual({ leaving: true })
    expect(sent[0].options).toBeUndefined()
  })

  it('ends the previous post’s visit when the next one is viewed', () => {
    const { tracker, sent, types, tick } = setup()
    tracker.viewPost({ id: 1, title: 'A' })
    tick(2000)
    tracker.viewPost({ id: 2, title: 'B' })
    expect(types()).toEqual(['view', 'time_spent', 'view'])
    expect(sent.map((s) => s.event.postId)).toEqual([1, 1, 2])
  })

  it('starts the clock only when a post viewed in a hidden tab is shown', () => {
    const { tracker, sent, tick } = setup()
    tracker.viewPost({ id: 1, title: 'A' }, false)
    tick(5000)
    tracker.visible()
    tick(700)
    tracker.leavePost()
    expect(sent.at(-1)?.event.actionData).toEqual({ timeSpent: 700 })
  })

  it('sends each scroll mark once per visit, and none off a post', () => {
    const { tracker, sent } = setup()
    tracker.scrolled(100)
    expect(sent).toHaveLength(0)
    tracker.viewPost({ id: 1, title: 'A' })
    tracker.scrolled(30)
    tracker.scrolled(55)
    tracker.scrolled(40)
    tracker.scrolled(100)
    const marks = () =>
      sent.filter((s) => s.event.actionType === 'scroll').map((s) => s.event.actionData.scrollPercentage)
    expect(marks()).toEqual([25, 50, 75, 100])
    tracker.viewPost({ id: 1, title: 'A' })
    tracker.scrolled(26)
    expect(marks()).toEqual([25, 50, 75, 100, 25])
  })

  it('sends one search per distinct query, again after the search is cleared', () => {
    const { tracker, sent } = setup()
    tracker.viewPost({ id: 1, title: 'A' })
    tracker.searched('gauss', 1)
    tracker.searched('gauss', 1)
    tracker.searched('gaussian', 1)
    tracker.searchCleared()
    tracker.searched('gauss', 1)
    tracker.searched('', 0)
    const searches = sent.filter((s) => s.event.actionType === 'search')
    expect(searches.map((s) => s.event.actionData.query)).toEqual(['gauss', 'gaussian', 'gauss'])
    expect(searches[0].event.postId).toBeNull()
  })

  it('sends essay link clicks only while a post is read (as a beacon), tag clicks anywhere', () => {
    const { tracker, sent } = setup()
    tracker.clickedLink('x', 'https://x.org')
    tracker.clickedTag('method')
    tracker.viewPost({ id: 5, title: 'A' })
    tracker.clickedLink('Source', 'https://x.org')
    tracker.clickedTag('history')
    tracker.clickedTag('')
    expect(sent.map((s) => [s.event.actionType, s.event.postId])).toEqual([
      ['tag_click', null],
      ['view', 5],
      ['click_link', 5],
      ['tag_click', 5],
    ])
    expect(sent[2].options).toEqual({ leaving: true })
  })
})

describe('transport', () => {
  const event = trackingEvents.view(ctx, 'A')

  it('posts JSON with the cookies, and only logs failures', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    const calls: [string, RequestInit][] = []
    const send = createTransport({
      fetch: (async (url: string, init: RequestInit) => {
        calls.push([url, init])
        return new Response(null, { status: calls.length === 1 ? 204 : 429 })
      }) as typeof fetch,
    })
    send(event)
    send(event)
    await new Promise((r) => setTimeout(r, 0))
    expect(calls[0][0]).toBe(TRACK_URL)
    expect(calls[0][1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      keepalive: false,
      headers: { 'Content-Type': 'application/json' },
    })
    expect(JSON.parse(String(calls[0][1].body))).toEqual(event)
    expect(debug).toHaveBeenCalledTimes(1)
    const failing = createTransport({ fetch: (() => Promise.reject(new Error('offline'))) as typeof fetch })
    failing(event)
    await new Promise((r) => setTimeout(r, 0))
    expect(debug).toHaveBeenCalledTimes(2)
    debug.mockRestore()
  })

  it('sends reading events in a later task, in order, and a leaving event takes the waiting ones with it', async () => {
    const tasks: (() => void)[] = []
    const sent: string[] = []
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      sent.push(`fetch ${(JSON.parse(String(init.body)) as TrackingEvent).actionType}`)
      return new Response(null, { status: 204 })
    }) as typeof fetch
    const send = createTransport({
      fetch: fakeFetch,
      later: (fn) => tasks.push(fn),
      sendBeacon: (_url, blob) => (
        void blob.text().then((t) => sent.push(`beacon ${(JSON.parse(t) as TrackingEvent).actionType}`)),
        true
      ),
    })
    const at = (actionType: TrackingEvent['actionType']) => ({ ...event, actionType })
    send(at('entry'))
    send(at('view'))
    // nothing leaves inside the task that asked (the page's start-up), and one later task carries both
    expect(sent).toEqual([])
    expect(tasks).toHaveLength(1)
    tasks.shift()!()
    expect(sent).toEqual(['fetch entry', 'fetch view'])
    send(at('scroll'))
    send(at('time_spent'), { leaving: true })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual(['fetch entry', 'fetch view', 'beacon scroll', 'beacon time_spent'])
    tasks.shift()!()
    expect(sent).toHaveLength(4)
  })

  it('uses a JSON beacon when leaving, else a keepalive fetch', async () => {
    const beacons: [string, Blob][] = []
    const fetches: RequestInit[] = []
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      fetches.push(init)
      return new Response(null, { status: 204 })
    }) as typeof fetch
    createTransport({ fetch: fakeFetch, sendBeacon: (url, blob) => beacons.push([url, blob]) > 0 })(event, {
      leaving: true,
    })
    expect(beacons).toHaveLength(1)
    expect(beacons[0][0]).toBe(TRACK_URL)
    expect(beacons[0][1].type).toBe('application/json')
    expect(JSON.parse(await beacons[0][1].text())).toEqual(event)
    expect(fetches).toHaveLength(0)
    // a refused beacon (queue full) falls back to fetch with keepalive
    createTransport({ fetch: fakeFetch, sendBeacon: () => false })(event, { leaving: true })
    expect(fetches[0]).toMatchObject({ keepalive: true })
  })
})
