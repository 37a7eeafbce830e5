import { afterEach, describe, expect, it } from 'vitest'
import { OWNER } from '../../../src/auth/auth-service.js'
import { KEY, openDashboard } from './harness.js'
import { recordServing } from '../../../src/core/serving-record.js'

type Opened = Awaited<ReturnType<typeof openDashboard>>
let dash: Opened | null = null
afterEach(async () => {
  await dash?.close()
  dash = null
})
const open = async () => (dash = await openDashboard())

describe('the dashboard', () => {
  it('lists posts with status, featured mark, read time and enhancements, and always shows the keys', async () => {
    const d = await open()
    const frame = await d.waitFor(/Gaussian Integral/)
    expect(frame).toMatch(/Posts 3/)
    expect(frame).toMatch(/draft\s+An Unfinished Draft\s+\d+ min ·····/)
    expect(frame).toMatch(/live\s+★ The Gaussian Integral, Three Ways/)
    expect(frame).toContain('q quit')
    expect(frame).toContain('/ filter')
    expect(frame).toMatch(/Subscribers: 0\s.*\n.*Comments waiting for approval: 0/)
  })

  it('publishes and unpublishes the post under the cursor with p', async () => {
    const d = await open()
    await d.waitFor(/Unfinished Draft/)
    const row = (frame: string) => frame.split('\n').findIndex((l) => l.includes('›'))
    // Move to the draft, whichever row it is on.
    for (let i = 0; i < 3 && !d.frame().split('\n')[row(d.frame())].includes('Unfinished'); i++) await d.press(KEY.down)
    await d.press('p')
    await d.waitFor(/"An Unfinished Draft" published\./)
    await d.waitFor(/live\s+An Unfinished Draft/)
    expect(d.blog.store.postBySlug('an-unfinished-draft')?.status).toBe('published')
    await d.press('p')
    await d.waitFor(/"An Unfinished Draft" moved to drafts\./)
    expect(d.blog.store.postBySlug('an-unfinished-draft')?.status).toBe('draft')
  })

  it('filters with /, keeps the filter on Enter and clears it with Esc', async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    await d.press('/')
    await d.waitFor(/Filter posts:/)
    await d.type('gauss')
    const filtered = await d.waitFor(/1 of 3, filter "gauss"/)
    expect(filtered).not.toContain('On Notation')
    await d.press(KEY.enter)
    await d.waitFor((f) => !f.includes('Filter posts:') && f.includes('filter "gauss"'))
    await d.press(KEY.escape)
    await d.waitFor(/Posts 3\b/)
  })

  it("opens the post's address with o through the opener port", async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    const first = d.blog.posts.visible({ userId: 0, role: 'admin' })[0]
    await d.press('o')
    await d.waitFor(/Opened https:\/\/essays\.example\.org\/posts\//)
    expect(d.opened).toEqual([`https://essays.example.org/posts/${first.slug}`])
  })

  it('opens the configured public address even while a `blog serve` of the folder runs', async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    const first = d.blog.posts.visible({ userId: 0, role: 'admin' })[0]
    const unrecord = await recordServing(d.blog.config.dataDir, 'http://localhost:5012')
    await d.press('o')
    await d.waitFor(/Opened https:\/\/essays\.example\.org\/posts\//)
    expect(d.opened.at(-1)).toBe(`https://essays.example.org/posts/${first.slug}`)
    await unrecord()
  })

  it('imports a folder typed at the i prompt, with the failed files and why', async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    const { mkdirSync, writeFileSync } = await import('node:fs')
    const folder = `${d.tmp.path}/more`
    mkdirSync(folder)
    writeFileSync(`${folder}/fresh.md`, '---\ntitle: A Fresh Essay\n---\n\nNew words.\n')
    writeFileSync(`${folder}/empty.md`, '')
    await d.press('i')
    await d.waitFor(/Import folder or file:/)
    await d.type(folder)
    await d.press(KEY.enter)
    const frame = await d.waitFor(/1 imported, 0 updated, 0 unchanged, 1 failed: import of /)
    expect(frame).toMatch(/! 1 imported, 0 updated, 0 unchanged, 1 failed/)
    expect(frame).toMatch(/✗ .*empty\.md: /)
    await d.waitFor(/A Fresh Essay/)
    expect(d.blog.store.postBySlug('a-fresh-essay')).toBeTruthy()
  })

  it('generates the chosen kinds for the post with g and shows them as enhancements', async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    const slug = d.blog.posts.visible({ userId: 0, role: 'admin' })[0].slug
    await d.press('g')
    await d.waitFor(/\[x\] annotations/)
    // Only the summary: untick annotations, bibliography and models.
    await d.press(' ', KEY.down, ' ', KEY.down, KEY.down, ' ', KEY.enter)
    await d.waitFor(/Summary for 1 post: 1 done, 0 failed \(local\)/)
    const body = await d.blog.store.body(d.blog.store.postBySlug(slug)!)
    expect(body.summary).toBeTruthy()
    expect(body.annotations).toBeNull()
    await d.waitFor(/ ··S·· ?/)
  })

  it('shows changes made by another process on the same data folder', async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    const other = await d.other()
    const post = other.store.postBySlug('on-notation')!
    await other.newsletter.subscribe('reader@example.org', 'test')
    await other.comments.add(post.id, { name: 'Ada', text: 'Fine essay.' }, { userId: null, role: 'guest' }, 'test')
    await other.jobs.enqueue(OWNER, post.id, 'annotations')
    await other.store.transact((tx) => {
      tx.db.jobs.push({
        id: 'failed-1',
        postId: post.id,
        title: post.title,
        kind: 'images',
        status: 'failed',
        createdAt: new Date().toISOString(),
        completedAt: new Date().toISOString(),
        error: 'The image server refused the key.',
        options: null,
        attempts: 1,
        startedAt: null,
        owner: null,
        leaseUntil: null,
      })
    })
    await other.editor.update({ userId: 1, role: 'admin' }, post.id, { title: 'On Notation, Revised' })
    const frame = await d.waitFor(/On Notation, Revised/)
    await d.waitFor(/Subscribers: 1\s.*\n.*Comments waiting for approval: 1/)
    await d.waitFor(/Ada on “On Notation, Revised”: Fine essay\./)
    await d.waitFor(/… annotations "On Notation.*pending/)
    const jobs = await d.waitFor(/The image server refused the key\./)
    expect(jobs).toMatch(/✗ images/)
    expect(frame).toBeTruthy()
  })

  it('shows the help with ? and closes it with any key', async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    await d.press('?')
    await d.waitFor(/Keys \(any key closes this help\)/)
    expect(d.frame()).toMatch(/generate enhancements for the selected posts/)
    await d.press('x')
    await d.waitFor(/Posts 3/)
  })

  it('stacks the panes when the terminal becomes narrow', async () => {
    const d = await open()
    await d.waitFor(/Posts 3/)
    const sideBySide = (f: string) => f.split('\n').some((l) => l.includes('Posts') && l.includes('Jobs'))
    expect(sideBySide(d.frame())).toBe(true)
    Object.defineProperty(d.app.stdout, 'columns', { get: () => 70, configurable: true })
    Object.defineProperty(d.app.stdout, 'rows', { get: () => 50, configurable: true })
    d.app.stdout.emit('resize')
    const narrow = await d.waitFor((f) => !sideBySide(f) && f.includes('Jobs'))
    expect(Math.max(...narrow.split('\n').map((l) => l.length))).toBeLessThanOrEqual(70)
  })
})
