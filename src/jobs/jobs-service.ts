import { randomUUID } from 'node:crypto'
import { OWNER, type Actor } from '../auth/auth-service.js'
import { BlogError } from '../core/errors.js'
import type { BlogEventBus } from '../core/events.js'
import { requireAdmin } from '../core/viewer.js'
import type { EnhanceRunner } from '../enhance/types.js'
import type { JobOutcome } from './job-runner.js'
import type { ImagesService } from '../images/images-service.js'
import type { ImageJobOptions, Job, JobKind, JobRecord } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'
import { listed, toJob } from './job-records.js'
import { JobRunner, type JobStepProgress, type RunnerSettings } from './job-runner.js'

export interface JobsServiceOptions {
  store: Store
  events: BlogEventBus
  images: ImagesService
  /** The text enhancements (annotations, bibliography); asked when a job runs. */
  enhance: () => EnhanceRunner | undefined
  now: () => Date
  log: (message: string) => void
}

export interface JobsStatus {
  jobs: Job[]
  totalJobs: number
  /** Jobs not finished yet: waiting or running. */
  pendingJobs: number
}

/**
 * Long work as persistent jobs (DECISIONS.md): image regeneration and bulk annotations and
 * bibliographies. Jobs live in db.json, so they survive a restart and any process may add
 * them; the serving process runs them (`start()`).
 */
export class JobsService {
  private runner: JobRunner | null = null

  constructor(private readonly o: JobsServiceOptions) {}

  /**
   * Queue one job. A pending job of the same kind for the same post is reused (its image
   * options replaced) rather than doubled; `created` says which happened.
   */
  async enqueue(
    actor: Actor,
    postId: number,
    kind: JobKind,
    options: ImageJobOptions | null = null,
  ): Promise<{ job: Job; created: boolean }> {
    if (actor !== OWNER) requireAdmin(actor)
    const [result] = await this.add([postId], kind, options, true)
    return result
  }

  /** The bulk calls: one job per existing post; unknown ids are skipped. */
  async enqueueMany(actor: Actor, postIds: number[], kind: JobKind): Promise<{ jobsCreated: number; jobs: Job[] }> {
    if (actor !== OWNER) requireAdmin(actor)
    const results = await this.add([...new Set(postIds)], kind, null, false)
    return { jobsCreated: results.filter((r) => r.created).length, jobs: results.map((r) => r.job) }
  }

  status(actor: Actor): JobsStatus {
    if (actor !== OWNER) requireAdmin(actor)
    const now = this.o.now().getTime()
    const jobs = this.o.store.db.jobs.filter((j) => listed(j, now)).map(toJob)
    return {
      jobs,
      totalJobs: jobs.length,
      pendingJobs: jobs.filter((j) => j.status === 'pending' || j.status === 'processing').length,
    }
  }

  /** Cancel a pending job (it is removed). A job already running or finished can't be. */
  async cancel(actor: Actor, id: string): Promise<Job> {
    if (actor !== OWNER) requireAdmin(actor)
    const job = await this.o.store.transact((tx) => {
      const found = tx.db.jobs.find((j) => j.id === id)
      if (!found) throw new BlogError('NOT_FOUND', `No job with id ${id}.`)
      if (found.status !== 'pending')
        throw new BlogError('CONFLICT', `Only pending jobs can be cancelled; this one is ${found.status}.`)
      tx.db.jobs = tx.db.jobs.filter((j) => j.id !== id)
      return found
    })
    this.o.events.emit('job:changed', { job: toJob(job), change: 'cancelled' })
    return toJob(job)
  }

  /** Cancel every pending job; answers how many. */
  async cancelAll(actor: Actor): Promise<number> {
    if (actor !== OWNER) requireAdmin(actor)
    if (!this.o.store.db.jobs.some((j) => j.status === 'pending')) return 0
    const cancelled = await this.o.store.transact((tx) => {
      const pending = tx.db.jobs.filter((j) => j.status === 'pending')
      tx.db.jobs = tx.db.jobs.filter((j) => j.status !== 'pending')
      return pending
    })
    for (const job of cancelled) this.o.events.emit('job:changed', { job: toJob(job), change: 'cancelled' })
    return cancelled.length
  }

  /** Run jobs in this process until the returned function is called (the serving process does). */
  start(settings: Partial<RunnerSettings> = {}): () => Promise<void> {
    if (this.runner) return () => this.stop()
    const runner = new JobRunner({
      store: this.o.store,
      events: this.o.events,
      now: this.o.now,
      log: this.o.log,
      settings,
      execute: (job, progress) => this.execute(job, progress),
    })
    this.runner = runner
    runner.start()
    return () => this.stop()
  }

  async stop(): Promise<void> {
    const runner = this.runner
    this.runner = null
    await runner?.stop()
  }

  private async execute(job: JobRecord, progress: (p: JobStepProgress) => void): Promise<JobOutcome> {
    if (job.kind === 'images') {
      const options = job.options ?? { imageType: 'both' as const, imageOptions: undefined }
      await this.o.images.regenerate(job.postId, options, progress)
      return {}
    }
    const enhance = this.o.enhance()
    if (!enhance)
      throw new BlogError('NOT_IMPLEMENTED', `Generating ${job.kind} is not available in this version of Scholia.`)
    progress({ done: 0, total: 1, message: `Generating ${job.kind}` })
    const { notes } = await enhance.run(job.postId, job.kind)
    progress({ done: 1, total: 1, message: `${job.kind === 'annotations' ? 'Annotations' : 'Bibliography'} ready` })
    return notes.length > 0 ? { note: `${notes.join('; ')}.` } : {}
  }

  private async add(
    postIds: number[],
    kind: JobKind,
    options: ImageJobOptions | null,
    mustExist: boolean,
  ): Promise<{ job: Job; created: boolean }[]> {
    const changes = await this.o.store.transact((tx) => {
      const now = this.o.now().toISOString()
      const out: { record: JobRecord; created: boolean }[] = []
      for (const postId of postIds) {
        const post = tx.post(postId)
        if (!post) {
          if (mustExist) throw new BlogError('POST_NOT_FOUND', `No post with id ${postId}.`)
          continue
        }
        const waiting = tx.db.jobs.find((j) => j.postId === postId && j.kind === kind && j.status === 'pending')
        if (waiting) {
          if (options) waiting.options = options
          waiting.title = post.title
          out.push({ record: { ...waiting }, created: false })
          continue
        }
        const record: JobRecord = {
          id: randomUUID(),
          postId,
          title: post.title,
          kind,
          status: 'pending',
          createdAt: now,
          completedAt: null,
          error: null,
          options,
          attempts: 0,
          startedAt: null,
          owner: null,
          leaseUntil: null,
        }
        tx.db.jobs.push(record)
        out.push({ record: { ...record }, created: true })
      }
      return out
    })
    for (const c of changes)
      if (c.created) this.o.events.emit('job:changed', { job: toJob(c.record), change: 'created' })
    void this.runner?.pump()
    return changes.map((c) => ({ job: toJob(c.record), created: c.created }))
  }
}
