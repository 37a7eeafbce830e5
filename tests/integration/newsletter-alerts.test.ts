import { describe, it, expect, afterEach } from 'vitest'
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { servedBlog, fixtureSite } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { createBlog } from '../../src/app/blog-with-store.js'
import { startServer } from '../../src/server/start.js'
import { tempDir } from '../helpers/temp-dir.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { eventually } from '../helpers/cli.js'

const mails = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .sort()
      .map((f) =>
        readFileSync(join(dataDir, 'outbox', f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
  } catch {
    return []
  }
}
const essay = (title: string, date: string) =>
  `---\ntitle: ${title}\ndate: ${date}\ntags: [news]\n---\n\nA new essay called ${title}, about things worth reading.\n`

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

describe('new-post alerts', () => {
  it('mails each subscriber once when a post is first published, never for posts that were there before', async () => {
    const ctx = await servedBlog()
    cleanups.push(ctx.cleanup)
    const c = new ApiClient(ctx.server.url)
    for (const email of ['a@example.org', 'b@example.org'])
      expect((await c.post('/api/subscribe', { email })).status).toBe(201)
    await ctx.blog.alerts.run()
    expect(mails(ctx.dataDir)).toEqual([])

    const dir = tempDir('news-')
    cleanups.push(async () => tmpCleanup(dir))
    writeFileSync(join(dir.path, 'fresh.md'), essay('Fresh Thoughts', new Date().toISOString().slice(0, 10)))
    await ctx.blog.importer.importPaths([dir.path])
    await eventually(async () => expect(mails(ctx.dataDir)).toHaveLength(2))
    const [first] = mails(ctx.dataDir)
    expect(first).toContain('Subject: New on Scholia: Fresh Thoughts')
    expect(first).toContain('/posts/fresh-thoughts')
    expect(first).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:4321\/api\/unsubscribe\?token=[\w-]+>/)
    expect(first).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')

    // a changed re-import of the same essay is not news
    writeFileSync(
      join(dir.path, 'fresh.md'),
      essay('Fresh Thoughts', new Date().toISOString().slice(0, 10)) + '\nOne more line.\n',
    )
    await ctx.blog.importer.importPaths([dir.path])
    await ctx.blog.alerts.run()
    expect(mails(ctx.dataDir)).toHaveLength(2)

    // the unsubscribe link works; the next alert goes to one address
    const token = /unsubscribe\?token=([\w-]+)/.exec(
      mails(ctx.dataDir).find((m) => m.includes('To: a@example.org'))!,
    )![1]
    expect((await fetch(`${ctx.server.url}/api/unsubscribe?token=${token}`, { method: 'POST' })).status).toBe(200)
    writeFileSync(join(dir.path, 'second.md'), essay('Second Thoughts', new Date().toISOString().slice(0, 10)))
    await ctx.blog.importer.importPaths([dir.path])
    await eventually(async () => expect(mails(ctx.dataDir)).toHaveLength(3))
    expect(mails(ctx.dataDir)[2]).toContain('To: b@example.org')
  })

  it('does not alert for drafts or back-dated imports, and never twice across a restart', async () => {
    const tmp = tempDir('alerts-')
    cleanups.push(async () => tmpCleanup(tmp))
    const dataDir = join(tmp.path, 'data')
    const essays = join(tmp.path, 'essays')
    cpSync(fixtureSite, essays, { recursive: true })
    const open = async () => {
      const blog = await createBlog({ dataDir, bcryptCost: 10, env: {}, log: () => {} })
      const server = await startServer(blog, { port: 0, log: () => {} })
      return { blog, server, stop: async () => (await server.close(), await blog.close()) }
    }
    // an existing site (one undated essay takes today's date) gets its first subscriber
    const existing = await createBlog({ dataDir, env: {}, log: () => {} })
    await existing.importer.importPaths([essays])
    await existing.close()
    let site = await open()
    await site.blog.newsletter.subscribe('reader@example.org', 'test')
    writeFileSync(join(essays, 'old.md'), essay('An Old Essay', '2019-03-01'))
    writeFileSync(join(essays, 'new.md'), essay('A New Essay', new Date().toISOString().slice(0, 10)))
    writeFileSync(
      join(essays, 'draft.md'),
      essay('A Draft Essay', new Date().toISOString().slice(0, 10)).replace('tags:', 'status: draft\ntags:'),
    )
    await site.blog.importer.importPaths([essays])
    await site.blog.alerts.run()
    await eventually(async () => expect(mails(dataDir)).toHaveLength(1))
    await site.stop()
    site = await open()
    await site.blog.alerts.run()
    await site.stop()
    const all = mails(dataDir)
    expect(all).toHaveLength(1)
    expect(all[0]).toContain('A New Essay')
  })

  it("tells the owner on upload that a back-dated essay is listed by its date and not announced, and it isn't", async () => {
    const ctx = await servedBlog()
    cleanups.push(ctx.cleanup)
    await ctx.blog.newsletter.subscribe('reader@example.org', 'test')
    await ctx.blog.alerts.run()
    const today = new Date().toISOString().slice(0, 10)
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
    const upload = (name: string, text: string) => ({ name, bytes: Buffer.from(text) })
    const answer = await ctx.blog.uploads.receive(OWNER, [
      upload('old.md', essay('An Old Upload', '2019-03-01')),
      upload('recent.md', essay('A Recent Upload', days(20))),
      upload('today.md', essay('A Fresh Upload', today)),
    ])
    expect(answer.files.map((f) => f.notice)).toEqual([
      'Dated 2019-03-01, more than 30 days ago: it is listed by that date, not as the newest post, ' +
        'and subscribers get no new-post alert for it.',
      null,
      null,
    ])
    await eventually(async () => expect(mails(ctx.dataDir)).toHaveLength(2))
    await ctx.blog.alerts.run()
    const sent = mails(ctx.dataDir).join('\n')
    expect(sent).toContain('A Recent Upload')
    expect(sent).toContain('A Fresh Upload')
    expect(sent).not.toContain('An Old Upload')

    // uploaded again, changed: an update, with nothing new to say about its date
    const again = await ctx.blog.uploads.receive(OWNER, [
      upload('old.md', essay('An Old Upload', '2019-03-01') + '\nOne more line.\n'),
    ])
    expect(again.files.map((f) => [f.status, f.notice])).toEqual([['updated', null]])
  })
})

function tmpCleanup(t: { cleanup: () => void }) {
  t.cleanup()
}
