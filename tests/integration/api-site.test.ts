import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { servedBlog, setupPath } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { FOOTER_DEFAULTS } from '../../src/shared/footer-defaults.js'
import { EventLog } from '../../src/tracking/event-log.js'
import { tempDir } from '../helpers/temp-dir.js'

let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
const guest = () => new ApiClient(ctx.server.url)
const postId = (slug: string) => ctx.blog.store.postBySlug(slug)!.id

beforeAll(async () => {
  ctx = await servedBlog()
  admin = new ApiClient(ctx.server.url)
  expect((await admin.post(setupPath(ctx.blog), { username: 'owner', password: 'password1' })).status).toBe(201)
})
afterAll(() => ctx.cleanup())

describe('About page', () => {
  it('answers empty content while none is stored, then the saved markdown rendered safely', async () => {
    expect((await guest().get('/api/about')).body).toEqual({ content: '', html: '' })
    const md = '# Who we are\n\nEssays on $e^{i\\pi}+1=0$.\n\n<script>alert(1)</script><img src=x onerror=alert(1)>'
    const saved = await admin.request('PATCH', '/api/about', { content: md })
    expect(saved.status).toBe(200)
    const about = (await guest().get<{ content: string; html: string }>('/api/about')).body
    expect(about.content).toBe(md)
    expect(about.html).toContain('class="katex"')
    expect(about.html).not.toMatch(/<script|onerror/i)
  })

  it('is edited by admins only, within its size limit', async () => {
    expect((await guest().request('PATCH', '/api/about', { content: 'x' })).status).toBe(401)
    expect((await admin.request('PATCH', '/api/about', { content: 'x'.repeat(200_001) })).status).toBe(400)
    expect((await admin.request('PATCH', '/api/about', {})).body).toEqual({ message: 'content: Content is required' })
    expect((await guest().get<{ content: string }>('/api/about')).body.content).toContain('Who we are')
  })
})

describe('Footer', () => {
  it('answers the SPEC §3 defaults while none is stored, lists as JSON text', async () => {
    const footer = (await guest().get<Record<string, string>>('/api/footer')).body
    expect(footer.title).toBe(FOOTER_DEFAULTS.title)
    expect(footer.copyright).toContain('2025')
    expect(JSON.parse(footer.socialLinks)).toHaveLength(3)
    expect(JSON.parse(footer.linkSections).map((s: { title: string }) => s.title)).toEqual(['Features', 'Support'])
  })

  it('saves a valid footer and refuses unsafe links or malformed JSON without changing the stored one', async () => {
    const update = {
      title: ' Our Essays ',
      description: 'Long reads.',
      copyright: '© 2026 Us',
      socialLinks: JSON.stringify([{ name: 'GitHub', url: 'https://github.com/us', icon: 'github' }]),
      linkSections: JSON.stringify([{ title: 'More', links: [{ name: 'Feed', href: '/rss.xml' }] }]),
    }
    const ok = await admin.request<Record<string, string>>('PATCH', '/api/footer', update)
    expect(ok.status).toBe(200)
    expect(ok.body.title).toBe('Our Essays')
    const bad = await admin.request('PATCH', '/api/footer', {
      ...update,
      socialLinks: JSON.stringify([{ name: 'x', url: 'javascript:alert(1)', icon: 'github' }]),
    })
    expect(bad.status).toBe(400)
    // Browsers read these as //evil.example: another site behind a link that looks local.
    for (const href of ['/\\evil.example', '/\t/evil.example', '//evil.example']) {
      const offSite = await admin.request('PATCH', '/api/footer', {
        ...update,
        linkSections: JSON.stringify([{ title: 'More', links: [{ name: 'x', href }] }]),
      })
      expect(offSite.status, href).toBe(400)
    }
    expect((await guest().get<Record<string, string>>('/api/footer')).body.linkSections).toBe(update.linkSections)
    expect((await admin.request('PATCH', '/api/footer', { ...update, linkSections: '[{' })).body).toEqual({
      message: 'linkSections: linkSections must be JSON text',
    })
    expect((await guest().request('PATCH', '/api/footer', update)).status).toBe(401)
    expect((await guest().get<Record<string, string>>('/api/footer')).body.title).toBe('Our Essays')
  })
})

describe('Newsletter', () => {
  it('subscribes a trimmed address once, however often it is sent', async () => {
    const first = await guest().post('/api/subscribe', { email: '  Reader@Example.org ' })
    expect(first.status).toBe(201)
    expect(first.body).toEqual({ message: 'Successfully subscribed!' })
    const again = await guest().post('/api/subscribe', { email: 'reader@example.org' })
    expect(again.status).toBe(200)
    expect(ctx.blog.store.db.subscribers.map((s) => s.email)).toEqual(['Reader@Example.org'])
  })

  it('rejects invalid addresses and header injection', async () => {
    for (const email of ['', 'nope', 'a@b.org\nBcc: x@y.org', 'x'.repeat(250) + '@a.org']) {
      const res = await guest().post('/api/subscribe', { email })
      expect(res.status, email).toBe(400)
      expect(res.body).toEqual({ message: 'email: Valid email is required' })
    }
    expect(ctx.blog.store.db.subscribers).toHaveLength(1)
  })

  it('unsubscribes with the one-click token', async () => {
    const { unsubscribeToken } = ctx.blog.store.db.subscribers[0]
    const res = await fetch(`${ctx.server.url}/api/unsubscribe?token=${unsubscribeToken}`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('You have been unsubscribed')
    expect(ctx.blog.store.db.subscribers).toHaveLength(0)
    expect((await guest().get('/api/unsubscribe')).status).toBe(400)
  })
})

describe('Comments', () => {
  it('keeps a visitor’s comment pending until an admin approves it', async () => {
    const id = postId('on-notation')
    const posted = await guest().post<{ comment: { id: number; status: string }; message: string }>(
      `/api/posts/${id}/comments`,
      { name: ' Ada ', text: 'A fine essay. <b>bold</b>' },
    )
    expect(posted.status).toBe(201)
    expect(posted.body.comment.status).toBe('pending')
    expect(posted.body.message).toMatch(/once it has been approved/)
    expect((await guest().get(`/api/posts/${id}/comments`)).body).toEqual([])
    const pending = await admin.get<{ id: number; name: string; text: string }[]>('/api/comments/pending')
    expect(pending.body).toEqual([expect.objectContaining({ name: 'Ada', text: 'A fine essay. <b>bold</b>' })])
    expect(
      (await guest().request('PATCH', `/api/comments/${posted.body.comment.id}`, { status: 'approved' })).status,
    ).toBe(401)
    expect(
      (await admin.request('PATCH', `/api/comments/${posted.body.comment.id}`, { status: 'approved' })).status,
    ).toBe(200)
    const shown = await guest().get<{ name: string }[]>(`/api/posts/${id}/comments`)
    expect(shown.body.map((c) => c.name)).toEqual(['Ada'])
    expect((await admin.request('DELETE', `/api/comments/${posted.body.comment.id}`)).status).toBe(200)
    expect((await guest().get(`/api/posts/${id}/comments`)).body).toEqual([])
  })

  it('validates, ignores the honeypot silently, hides drafts and refuses missing posts', async () => {
    const id = postId('on-notation')
    expect((await guest().post(`/api/posts/${id}/comments`, { name: 'A', text: 'x'.repeat(5001) })).status).toBe(400)
    expect((await guest().post(`/api/posts/${id}/comments`, { name: '', text: 'hi' })).body).toEqual({
      message: 'name: Name is required',
    })
    const before = ctx.blog.store.db.comments.length
    const bot = await guest().post(`/api/posts/${id}/comments`, {
      name: 'Bot',
      text: 'buy now',
      website: 'http://spam.example',
    })
    expect(bot.status).toBe(201)
    expect(ctx.blog.store.db.comments.length).toBe(before)
    const draft = ctx.blog.store.posts().find((p) => p.status === 'draft')!
    expect((await guest().post(`/api/posts/${draft.id}/comments`, { name: 'A', text: 'hi' })).status).toBe(404)
    expect((await guest().get('/api/posts/999999/comments')).status).toBe(404)
    expect((await guest().get('/api/posts/abc/comments')).status).toBe(400)
  })

  it('limits how many comments one client posts', async () => {
    const id = postId('the-gaussian-integral-three-ways')
    const c = guest()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await c.post(`/api/posts/${id}/comments`, { name: 'Flood', text: `comment ${i}` })).status)
    // earlier tests in this file already used some of this client's allowance
    expect(statuses).toContain(429)
    expect(statuses.indexOf(429)).toBeGreaterThan(0)
  })
})

describe('Tracking', () => {
  it('stores valid events without the client address, with the session’s user id', async () => {
    const res = await guest().post('/api/user/track', {
      userId: 1,
      sessionId: 's-1',
      postId: null,
      actionType: 'search',
      actionData: { query: 'gauss', resultsCount: 1 },
    })
    expect(res.status).toBe(204)
    const log = readFileSync(join(ctx.dataDir, 'tracking', 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(log.at(-1)).toMatchObject({
      userId: null,
      sessionId: 's-1',
      actionType: 'search',
      actionData: { query: 'gauss', resultsCount: 1 },
    })
    expect(JSON.stringify(log)).not.toContain('127.0.0.1')
  })

  it('refuses unknown actions and oversized data', async () => {
    const base = { sessionId: 's', postId: null, actionData: {} }
    expect((await guest().post('/api/user/track', { ...base, actionType: 'bookmark' })).status).toBe(400)
    expect(
      (
        await guest().post('/api/user/track', {
          ...base,
          actionType: 'view',
          actionData: { postTitle: 'x'.repeat(501) },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await guest().post('/api/user/track', {
          ...base,
          actionType: 'view',
          actionData: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i])),
        })
      ).status,
    ).toBe(400)
    expect(
      (await guest().post('/api/user/track', { ...base, sessionId: 'x'.repeat(101), actionType: 'view' })).status,
    ).toBe(400)
  })

  it('rate limits a flood', async () => {
    const c = guest()
    let limited = 0
    for (let i = 0; i < 130; i++) {
      const res = await c.post('/api/user/track', {
        sessionId: 'flood',
        postId: null,
        actionType: 'scroll',
        actionData: { scrollPercentage: i },
      })
      if (res.status === 429) limited++
    }
    expect(limited).toBeGreaterThan(0)
  })
})

describe('EventLog', () => {
  it('rotates by size and keeps a bounded number of files', async () => {
    const tmp = tempDir('events-')
    const log = new EventLog({ dir: tmp.path, maxFileBytes: 200, keepFiles: 2 })
    for (let i = 0; i < 60; i++) await log.append({ i, pad: 'x'.repeat(20) })
    const files = readdirSync(tmp.path)
    expect(files.filter((f) => f.startsWith('events-'))).toHaveLength(2)
    expect(files).toContain('events.jsonl')
    const lines = readFileSync(join(tmp.path, 'events.jsonl'), 'utf8').trim().split('\n')
    expect(JSON.parse(lines.at(-1)!).i).toBe(59)
    tmp.cleanup()
  })
})
