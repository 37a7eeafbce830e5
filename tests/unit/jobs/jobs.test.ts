import { describe, it, expect, afterEach } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { OWNER } from '../../../src/auth/auth-service.js'
import { ImagesService, localImageProvider, type ImageProvider } from '../../../src/images/images-service.js'
import { JobsService } from '../../../src/jobs/jobs-service.js'
import { INTERRUPTED_TWICE } from '../../../src/jobs/job-runner.js'
import { pngSize } from '../../../src/images/png.js'
import { LOCAL_ART_MODEL } from '../../../src/images/local-art.js'
import type { EnhanceKind, EnhanceRunner } from '../../../src/enhance/types.js'
import type { JobRecord } from '../../../src/shared/schemas/index.js'
import { newBody, newPost } from '../../helpers/post-fixtures.js'
import { tempDir } from '../../helpers/temp-dir.js'
import { eventually } from '../../helpers/cli.js'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

async function openBlog(dataDir?: string): Promise<{ blog: Blog; dataDir: string }> {
  let dir = dataDir
  if (!dir) {
    const tmp = tempDir('jobs-')
    cleanups.push(tmp.cleanup)
    dir = join(tmp.path, 'data')
  }
  const blog = await createBlog({ dataDir: dir, env: {}, log: () => {} })
  cleanups.push(() => blog.close())
  return { blog, dataDir: dir }
}

async function addPosts(blog: Blog, count: number): Promise<number[]> {
  return blog.store.transact((tx) =>
    Array.from(
      { length: count },
      (_, i) =>
        tx.insert(newPost({ title: `Essay ${i + 1}` }), newBody(`Entropy and time. Entropy grows. Essay ${i + 1}.`)).id,
    ),
  )
}

/** A fake EnhanceRunner: records calls, can be slowed down and made to fail. */
function fakeEnhance(
  opts: {
    delayMs?: number
    fail?: (postId: number) => boolean
    tag?: string
    log?: string[]
    notes?: (postId: number) => string[]
  } = {},
) {
  const calls: { postId: number; kind: EnhanceKind; tag?: string }[] = []
  let current = 0
  let peak = 0
  const runner: EnhanceRunner = {
    async run(postId, kind) {
      current += 1
      peak = Math.max(peak, current)
      calls.push({ postId, kind, tag: opts.tag })
      try {
        await new Promise((r) => setTimeout(r, opts.delayMs ?? 5))
        if (opts.fail?.(postId)) throw new Error(`The essay ${postId} has no references to list.`)
        return { notes: opts.notes?.(postId) ?? [] }
      } finally {
        current -= 1
      }
    },
  }
  return { runner, calls, peak: () => peak }
}

/** Jobs on the blog's store with an injected EnhanceRunner and image provider. */
function jobsFor(blog: Blog, enhance: EnhanceRunner | undefined, provider: ImageProvider = localImageProvider) {
  const images = new ImagesService({
    store: blog.store,
    media: blog.images.media,
    provider: () => provider,
    now: () => new Date(),
    log: () => {},
  })
  const jobs = new JobsService({
    store: blog.store,
    events: blog.events,
    images,
    enhance: () => enhance,
    now: () => new Date(),
    log: () => {},
  })
  cleanups.push(() => jobs.stop())
  return { jobs, images }
}

const allFinished = (blog: Blog) => async () => {
  const open = blog.store.db.jobs.filter((j) => j.status === 'pending' || j.status === 'processing')
  if (open.length) throw new Error(`${open.length} jobs still open`)
}

describe('jobs', () => {
  it('adds an empty jobs list to a version-4 data folder (schema 5)', async () => {
    const tmp = tempDir('jobs-migrate-')
    cleanups.push(tmp.cleanup)
    const dataDir = join(tmp.path, 'data')
    mkdirSync(dataDir, { recursive: true })
    const v4 = {
      schemaVersion: 4,
      nextPostId: 1,
      users: [],
      nextUserId: 1,
      subscribers: [],
      nextSubscriberId: 1,
      alerts: { baselineAt: null, alertedSlugs: [], queue: [] },
      comments: [],
      nextCommentId: 1,
      settings: { about: 'Kept', footer: null },
    }
    writeFileSync(join(dataDir, 'db.json'), JSON.stringify(v4))
    const { blog } = await openBlog(dataDir)
    expect(blog.store.db.jobs).toEqual([])
    expect(blog.store.db.settings.about).toBe('Kept')
    expect(JSON.parse(readFileSync(join(dataDir, 'db.json'), 'utf8'))).toMatchObject({ schemaVersion: 5, jobs: [] })
  })

  it('runs an images job: pending → processing → completed, with events, and the post gets its images', async () => {
    const { blog } = await openBlog()
    const [id] = await addPosts(blog, 1)
    const seen: string[] = []
    const progress: string[] = []
    blog.events.on('job:changed', ({ job, change }) => seen.push(`${change}:${job.status}`))
    blog.events.on('job:progress', (p) => progress.push(`${p.done}/${p.total}`))
    const { job, created } = await blog.jobs.enqueue(OWNER, id, 'images', {
      imageType: 'both',
      imageOptions: { model: 'dall-e-3', quality: 'hd', style: 'natural', useCustomPrompt: false, customPrompt: '' },
    })
    expect(created).toBe(true)
    expect(job).toMatchObject({
      postId: id,
      title: 'Essay 1',
      kind: 'images',
      status: 'pending',
      completedAt: null,
      error: null,
    })
    expect(blog.jobs.status(OWNER)).toMatchObject({ totalJobs: 1, pendingJobs: 1 })

    blog.jobs.start({ pollMs: 50 })
    await eventually(allFinished(blog))
    // The record changes in memory before the write is durable; the event follows the write.
    await eventually(async () => expect(seen).toContain('completed:completed'))
    expect(seen).toEqual(['created:pending', 'started:processing', 'completed:completed'])
    expect(progress.at(-1)).toBe('3/3')
    const status = blog.jobs.status(OWNER)
    expect(status).toMatchObject({ totalJobs: 1, pendingJobs: 0 })
    expect(status.jobs[0]).toMatchObject({ status: 'completed', error: null, completedAt: expect.any(String) })

    const post = blog.store.post(id)!
    expect(post.bannerImage).toMatch(new RegExp(`^/media/posts/${id}/banner-[0-9a-f]{20}\\.png$`))
    expect(post.contentImages).toHaveLength(2)
    const file = join(blog.config.dataDir, post.bannerImage!.slice(1))
    expect(pngSize(readFileSync(file))).toEqual({ width: 1200, height: 630 })
    const body = await blog.store.body(post)
    expect(body.provenance.bannerImage).toMatchObject({ provider: 'local', model: LOCAL_ART_MODEL })
    expect(body.provenance.contentImages).toMatchObject({ provider: 'local', model: LOCAL_ART_MODEL })
  })

  it('reuses a pending job of the same kind for the same post, and counts only new ones in bulk', async () => {
    const { blog } = await openBlog()
    const ids = await addPosts(blog, 2)
    const { jobs } = jobsFor(blog, fakeEnhance().runner)
    expect((await jobs.enqueueMany(OWNER, [ids[0], ids[1], 999], 'annotations')).jobsCreated).toBe(2)
    expect((await jobs.enqueueMany(OWNER, [ids[0]], 'annotations')).jobsCreated).toBe(0)
    expect((await jobs.enqueueMany(OWNER, [ids[0]], 'bibliography')).jobsCreated).toBe(1)
    expect(jobs.status(OWNER).pendingJobs).toBe(3)
    await expect(jobs.enqueue(OWNER, 999, 'images')).rejects.toMatchObject({ code: 'POST_NOT_FOUND' })
  })

  it('cancels pending jobs, singly and all at once, but not running or finished ones', async () => {
    const { blog } = await openBlog()
    const ids = await addPosts(blog, 3)
    const fake = fakeEnhance({ delayMs: 400 })
    const { jobs } = jobsFor(blog, fake.runner)
    const { jobs: queued } = await jobs.enqueueMany(OWNER, ids, 'annotations')
    const cancelled = await jobs.cancel(OWNER, queued[0].id)
    expect(cancelled.id).toBe(queued[0].id)
    expect(blog.store.db.jobs.map((j) => j.id)).not.toContain(queued[0].id)
    await expect(jobs.cancel(OWNER, 'no-such-job')).rejects.toMatchObject({ code: 'NOT_FOUND' })

    jobs.start({ concurrency: 1, pollMs: 50 })
    await eventually(async () =>
      expect(blog.store.db.jobs.find((j) => j.id === queued[1].id)?.status).toBe('processing'),
    )
    await expect(jobs.cancel(OWNER, queued[1].id)).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(await jobs.cancelAll(OWNER)).toBe(1)
    expect(await jobs.cancelAll(OWNER)).toBe(0)
    await eventually(allFinished(blog))
    expect(fake.calls.map((c) => c.postId)).toEqual([ids[1]])
    expect(() => jobs.status({ userId: null, role: 'guest' })).toThrow(/sign in/)
  })

  it('keeps the error of a failed job and leaves the post as it was (no new files either)', async () => {
    const { blog } = await openBlog()
    const [id, other] = await addPosts(blog, 2)
    await blog.images.regenerate(id, { imageType: 'banner' })
    const before = blog.store.post(id)!
    let calls = 0
    const flaky: ImageProvider = {
      name: 'openai',
      async image(request) {
        calls += 1
        if (request.kind === 'content' && request.index === 1)
          throw new Error('The image service refused the content image: 500 boom')
        return localImageProvider.image(request)
      },
    }
    const fake = fakeEnhance({ fail: (postId) => postId === other })
    const { jobs } = jobsFor(blog, fake.runner, flaky)
    await jobs.enqueue(OWNER, id, 'images', {
      imageType: 'both',
      imageOptions: { model: 'dall-e-3', quality: 'hd', style: 'natural', useCustomPrompt: false, customPrompt: '' },
    })
    await jobs.enqueueMany(OWNER, [other], 'bibliography')
    jobs.start({ pollMs: 50 })
    await eventually(allFinished(blog))
    expect(calls).toBe(3)
    const failed = jobs.status(OWNER).jobs
    expect(failed.find((j) => j.kind === 'images')).toMatchObject({
      status: 'failed',
      error: 'The image service refused the content image: 500 boom',
    })
    expect(failed.find((j) => j.kind === 'bibliography')).toMatchObject({
      status: 'failed',
      error: `The essay ${other} has no references to list.`,
    })
    const after = blog.store.post(id)!
    expect(after.bannerImage).toBe(before.bannerImage)
    expect(after.contentImages).toEqual([])
    expect(after.rev).toBe(before.rev)
    expect(readdirSync(join(blog.config.dataDir, 'media', 'posts', String(id)))).toEqual([
      before.bannerImage!.split('/').pop(),
    ])
  })

  it('fails text jobs with a clear message while no enhancer is available', async () => {
    const { blog } = await openBlog()
    const [id] = await addPosts(blog, 1)
    const { jobs } = jobsFor(blog, undefined)
    await jobs.enqueueMany(OWNER, [id], 'annotations')
    jobs.start({ pollMs: 50 })
    await eventually(allFinished(blog))
    expect(jobs.status(OWNER).jobs[0].error).toMatch(/not available/)
  })

  it('keeps beside a completed job what was dropped from the AI answer (issue 22), and says nothing when nothing was', async () => {
    const { blog } = await openBlog()
    const [first, second] = await addPosts(blog, 2)
    const fake = fakeEnhance({
      notes: (postId) => (postId === first ? ['annotations not found in the essay, dropped: 2'] : []),
    })
    const { jobs } = jobsFor(blog, fake.runner)
    await jobs.enqueueMany(OWNER, [first, second], 'annotations')
    jobs.start({ pollMs: 30 })
    await eventually(allFinished(blog))
    const byPost = new Map(jobs.status(OWNER).jobs.map((j) => [j.postId, j]))
    expect(byPost.get(first)).toMatchObject({
      status: 'completed',
      error: null,
      note: 'annotations not found in the essay, dropped: 2.',
    })
    expect(byPost.get(second)!.status).toBe('completed')
    expect(byPost.get(second)).not.toHaveProperty('note')
  })

  it('honours the concurrency limit', async () => {
    const { blog } = await openBlog()
    const ids = await addPosts(blog, 7)
    const fake = fakeEnhance({ delayMs: 120 })
    const { jobs } = jobsFor(blog, fake.runner)
    await jobs.enqueueMany(OWNER, ids, 'annotations')
    jobs.start({ concurrency: 2, pollMs: 30 })
    await eventually(allFinished(blog))
    expect(fake.calls).toHaveLength(7)
    expect(fake.peak()).toBe(2)
  })

  it('runs one job per post at a time', async () => {
    const { blog } = await openBlog()
    const [id] = await addPosts(blog, 1)
    const fake = fakeEnhance({ delayMs: 100 })
    const { jobs } = jobsFor(blog, fake.runner)
    await jobs.enqueueMany(OWNER, [id], 'annotations')
    await jobs.enqueueMany(OWNER, [id], 'bibliography')
    jobs.start({ concurrency: 2, pollMs: 30 })
    await eventually(allFinished(blog))
    expect(fake.calls.map((c) => c.kind)).toEqual(['annotations', 'bibliography'])
    expect(fake.peak()).toBe(1)
  })

  it('retries a job interrupted by a restart once, and fails it after a second interruption', async () => {
    const { blog, dataDir } = await openBlog()
    const [a, b, c] = await addPosts(blog, 3)
    const { jobs } = await blog.jobs.enqueueMany(OWNER, [a, b, c], 'annotations')
    const stamp = new Date().toISOString()
    // As a server that died would leave them: processing, owned by a runner that no longer exists.
    await blog.store.transact((tx) => {
      const [first, second, third] = jobs.map((j) => tx.db.jobs.find((r) => r.id === j.id)!)
      const gone = (record: JobRecord, attempts: number, owner: JobRecord['owner'], leaseUntil: string) =>
        Object.assign(record, { status: 'processing', attempts, startedAt: stamp, owner, leaseUntil })
      gone(
        first,
        1,
        { runner: 'crashed-runner', host: hostname(), pid: process.pid },
        new Date(Date.now() + 60_000).toISOString(),
      )
      gone(
        second,
        2,
        { runner: 'crashed-again', host: hostname(), pid: process.pid },
        new Date(Date.now() + 60_000).toISOString(),
      )
      // On another machine: only its lease says it is gone.
      gone(third, 1, { runner: 'elsewhere', host: 'another-host', pid: 1 }, new Date(Date.now() - 1_000).toISOString())
    })
    await blog.close()

    const reopened = await openBlog(dataDir)
    const fake = fakeEnhance()
    const { jobs: service } = jobsFor(reopened.blog, fake.runner)
    service.start({ pollMs: 50 })
    await eventually(allFinished(reopened.blog))
    const byPost = new Map(reopened.blog.store.db.jobs.map((j) => [j.postId, j]))
    expect(byPost.get(a)).toMatchObject({ status: 'completed', attempts: 2, error: null })
    expect(byPost.get(b)).toMatchObject({ status: 'failed', attempts: 2, error: INTERRUPTED_TWICE })
    expect(byPost.get(c)).toMatchObject({ status: 'completed', attempts: 2 })
    expect(fake.calls.map((call) => call.postId).sort()).toEqual([a, c].sort())
  })

  it('leaves a job alone while the process that runs it is alive and renewing its claim', async () => {
    const { blog } = await openBlog()
    const [id] = await addPosts(blog, 1)
    const { jobs } = await blog.jobs.enqueueMany(OWNER, [id], 'annotations')
    await blog.store.transact((tx) => {
      Object.assign(
        tx.db.jobs.find((r) => r.id === jobs[0].id)!,
        {
          status: 'processing',
          attempts: 1,
          owner: { runner: 'other', host: 'another-host', pid: 1 },
          leaseUntil: new Date(Date.now() + 60_000).toISOString(),
        },
      )
    })
    const fake = fakeEnhance()
    const { jobs: service } = jobsFor(blog, fake.runner)
    service.start({ pollMs: 30 })
    await new Promise((r) => setTimeout(r, 300))
    expect(fake.calls).toHaveLength(0)
    expect(blog.store.db.jobs[0].status).toBe('processing')
  })

  it('hands running jobs back as pending when stopped, without counting that start', async () => {
    const { blog } = await openBlog()
    const [id] = await addPosts(blog, 1)
    const fake = fakeEnhance({ delayMs: 2_000 })
    const { jobs } = jobsFor(blog, fake.runner)
    await jobs.enqueueMany(OWNER, [id], 'annotations')
    jobs.start({ pollMs: 30, graceMs: 50 })
    await eventually(async () => expect(blog.store.db.jobs[0].status).toBe('processing'))
    await jobs.stop()
    expect(blog.store.db.jobs[0]).toMatchObject({ status: 'pending', attempts: 0, owner: null })
  })

  it('never runs a job twice when two servers share one data folder', async () => {
    const first = await openBlog()
    const second = await openBlog(first.dataDir)
    const ids = await addPosts(first.blog, 12)
    const calls: string[] = []
    const slow = (tag: string) => fakeEnhance({ delayMs: 40, tag })
    const one = slow('one')
    const two = slow('two')
    const a = jobsFor(first.blog, one.runner).jobs
    const b = jobsFor(second.blog, two.runner).jobs
    await a.enqueueMany(OWNER, ids, 'annotations')
    await second.blog.store.refresh()
    a.start({ concurrency: 2, pollMs: 20 })
    b.start({ concurrency: 2, pollMs: 20 })
    await eventually(async () => {
      await first.blog.store.refresh()
      await allFinished(first.blog)()
    }, 20_000)
    for (const call of [...one.calls, ...two.calls]) calls.push(String(call.postId))
    expect(calls.sort()).toEqual(ids.map(String).sort())
    expect(first.blog.store.db.jobs.every((j) => j.status === 'completed' && j.attempts === 1)).toBe(true)
  })

  it('sweeps the images of deleted posts and replaced files', async () => {
    const { blog } = await openBlog()
    const [keep, gone] = await addPosts(blog, 2)
    await blog.images.regenerate(keep, { imageType: 'banner' })
    await blog.images.regenerate(gone, { imageType: 'banner' })
    const first = blog.store.post(keep)!.bannerImage!
    await blog.images.regenerate(keep, { imageType: 'banner', imageOptions: {} })
    // Deterministic art: the same picture again, so the same file stays.
    expect(blog.store.post(keep)!.bannerImage).toBe(first)
    await blog.store.transact((tx) => void tx.remove(gone))
    const media = join(blog.config.dataDir, 'media', 'posts')
    expect(existsSync(join(media, String(gone)))).toBe(true)
    // Files are removed only once they are a few minutes old; sweep "later".
    const removed = await blog.images.media.sweep(
      (id) => (id === keep ? new Set([first]) : null),
      Date.now() + 11 * 60_000,
    )
    expect(removed).toBe(1)
    expect(existsSync(join(media, String(gone)))).toBe(false)
    expect(existsSync(join(blog.config.dataDir, first.slice(1)))).toBe(true)
    await blog.images.clear(keep)
    expect(blog.store.post(keep)).toMatchObject({ bannerImage: null, contentImages: [] })
    expect(existsSync(join(blog.config.dataDir, first.slice(1)))).toBe(false)
  })
})
