import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { createActions, type DashboardActions } from '../../../src/dashboard/actions.js'
import { ActivityLog } from '../../../src/dashboard/activity.js'
import { SnapshotReader } from '../../../src/dashboard/snapshot.js'
import { recordServing, servingUrl } from '../../../src/core/serving-record.js'
import { fixtureSite } from '../../helpers/blog.js'
import { tempDir } from '../../helpers/temp-dir.js'

const tmp = tempDir('dashboard-actions-')
let blog: Blog
let actions: DashboardActions
const activity = new ActivityLog()
const opened: string[] = []

beforeAll(async () => {
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  await blog.importer.importPaths([fixtureSite])
  activity.attach(blog.events)
  actions = createActions(blog, activity, async (url) => void opened.push(url))
})
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

const idOf = (slug: string) => blog.store.postBySlug(slug)!.id

describe('the Imports pane', () => {
  it('lists posts by when an import wrote them, not by their last edit', async () => {
    const reader = new SnapshotReader(blog)
    const before = (await reader.read()).recentImports.map((i) => i.slug)
    const last = before.at(-1)!
    await actions.togglePublish([idOf(last)])
    await actions.togglePublish([idOf(last)])
    expect((await reader.read()).recentImports.map((i) => i.slug)).toEqual(before)
    const folder = join(tmp.path, 'later')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'fresh.md'), '---\ntitle: Fresh Essay\n---\n\nJust imported.\n')
    await blog.importer.importPaths([folder])
    expect((await reader.read()).recentImports[0]).toMatchObject({ slug: 'fresh-essay', title: 'Fresh Essay' })
  })
})

describe('the dashboard actions', () => {
  it('flips each selected post between draft and published', async () => {
    const message = await actions.togglePublish([idOf('on-notation'), idOf('an-unfinished-draft')])
    expect(message).toBe('2 posts changed: "On Notation" moved to drafts, "An Unfinished Draft" published.')
    expect(blog.store.postBySlug('on-notation')?.status).toBe('draft')
    expect(blog.store.postBySlug('an-unfinished-draft')?.status).toBe('published')
  })

  it('imports a folder typed with ~ for the home folder, recording the run and its failures', async () => {
    const home = join(tmp.path, 'home')
    mkdirSync(join(home, 'essays'), { recursive: true })
    writeFileSync(join(home, 'essays', 'late.md'), '# A Late Essay\n\nWritten at home.\n')
    writeFileSync(join(home, 'essays', 'blank.md'), '')
    const before = process.env.HOME
    process.env.HOME = home
    try {
      expect(await actions.importFolder('~/essays')).toBe(
        '1 imported, 0 updated, 0 unchanged, 1 failed: import of ~/essays.',
      )
    } finally {
      process.env.HOME = before
    }
    const run = activity.runs[0]
    expect(run).toMatchObject({ kind: 'import', finished: true, done: 2, total: 2 })
    expect(run.failures.map((f) => f.item)).toEqual([join(home, 'essays', 'blank.md')])
    expect(blog.store.postBySlug('a-late-essay')).toBeTruthy()
  })

  it('generates the chosen kinds, and the snapshot then lists them', async () => {
    expect(await actions.generate(['on-notation'], ['summary', 'models'])).toBe(
      'Summary, models for 1 post: 2 done, 0 failed (local).',
    )
    const snapshot = await new SnapshotReader(blog).read()
    expect(snapshot.posts.find((p) => p.slug === 'on-notation')?.enhancements).toEqual(['summary', 'models'])
    expect(snapshot.recentImports.map((r) => r.slug)).toContain('a-late-essay')
  })

  it('says why a generation could not run', async () => {
    expect(await actions.generate(['no-such-post'], ['summary'])).toMatch(
      /^Generation could not run: No post with the slug "no-such-post"/,
    )
  })

  it('opens the post’s address through the port', async () => {
    expect(await actions.openPost('on-notation')).toBe(`Opened ${blog.config.baseUrl}/posts/on-notation`)
    expect(opened).toEqual([`${blog.config.baseUrl}/posts/on-notation`])
  })

  it('opens it where `blog serve` of the same folder serves it, and forgets a server that died', async () => {
    // No public address is configured: the local default is not where the site runs.
    expect(blog.config.baseUrl).toBe('http://localhost:4321')
    const unrecord = await recordServing(blog.config.dataDir, 'http://localhost:5012')
    expect(await actions.openPost('on-notation')).toBe('Opened http://localhost:5012/posts/on-notation')
    await unrecord()
    // A server killed without its shutdown left its note: a process that is gone serves nothing.
    writeFileSync(
      join(blog.config.dataDir, 'serving.json'),
      JSON.stringify({ pid: 2 ** 22 + 7, url: 'http://localhost:5999' }),
    )
    expect(servingUrl(blog.config.dataDir)).toBeNull()
    expect(await actions.openPost('on-notation')).toBe('Opened http://localhost:4321/posts/on-notation')
  })
})
