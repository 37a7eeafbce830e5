import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { BlogEventBus } from '../core/events.js'
import type { JobRecord } from '../shared/schemas/index.js'
import type { Store } from '../store/index.js'
import { pruneFinished, toJob } from './job-records.js'
import { processAlive } from '../core/process-alive.js'

/** What a job's work says beside its status: what was dropped from an AI answer, say. */
export interface JobOutcome {
  note?: string
}

export interface JobStepProgress {
  done: number
  total: number
  message: string
}

export interface RunnerSettings {
  /** Jobs run at once by this runner. */
  concurrency: number
  /** How often it looks for work it was not told about (other processes, recovery). */
  pollMs: number
  /** How long a claim holds without renewal; a runner on another machine that stops renewing loses its jobs. */
  leaseMs: number
  /** On stop, how long running jobs may finish before they are handed back as pending. */
  graceMs: number
}

export const DEFAULT_RUNNER: RunnerSettings = { concurrency: 2, pollMs: 2_000, leaseMs: 120_000, graceMs: 10_000 }

export interface RunnerOptions {
  store: Store
  events: BlogEventBus
  execute: (job: JobRecord, progress: (p: JobStepProgress) => void) => Promise<JobOutcome>
  now: () => Date
  log: (message: string) => void
  settings?: Partial<RunnerSettings>
}

/** A job is started at most this many times: once, and once more after an interruption. */
export const MAX_ATTEMPTS = 2
export const INTERRUPTED_TWICE =
  'Interrupted twice: the server stopped while this job ran, and again when it was retried. It was not tried a third time.'

/** Runners alive in this process; a processing job owned by another runner of this process was left by one that is gone. */
const LIVE_RUNNERS = new Set<string>()
const HOST = hostname()

/**
 * Runs pending jobs in the serving process. A job is claimed in a store transaction (inside
 * the cross-process lock, after re-reading db.json), so two servers on one data folder never
 * run the same job; one post has one job running at a time. A job left 'processing' by a
 * runner that is gone (its process died, or its lease ran out) is started once more, then
 * failed.
 */
export class JobRunner {
  readonly id = `${HOST}:${process.pid}:${randomUUID().slice(0, 8)}`
  private readonly settings: RunnerSettings
  private readonly running = new Map<string, Promise<void>>()
  private active = false
  private pumping: Promise<void> | null = null
  private ticking: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private lastRenewal = 0
  private lastRefresh = 0
  private readonly onChange = () => void this.pump()

  constructor(private readonly o: RunnerOptions) {
    this.settings = { ...DEFAULT_RUNNER, ...o.settings }
  }

  start(): void {
    if (this.active) return
    this.active = true
    LIVE_RUNNERS.add(this.id)
    this.o.store.on('change', this.onChange)
    this.timer = setInterval(() => void this.tickOnce(), this.settings.pollMs)
    this.timer.unref()
    void this.tickOnce()
  }

  /** Stop taking jobs; let running ones finish for a while, then hand them back as pending. */
  async stop(): Promise<void> {
    if (!this.active) return
    this.active = false
    this.o.store.off('change', this.onChange)
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    let timeout: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...this.running.values()]),
      new Promise((r) => (timeout = setTimeout(r, this.settings.graceMs))),
    ])
    clearTimeout(timeout)
    await this.ticking
    await this.pumping
    if (this.running.size)
      await this.release([...this.running.keys()]).catch((e: unknown) =>
        this.report('Could not hand back running jobs', e),
      )
    LIVE_RUNNERS.delete(this.id)
  }

  /** Look for work now (after an enqueue in this process, a store change, a finished job). */
  pump(): Promise<void> {
    if (this.pumping) {
      this.again = true
      return this.pumping
    }
    this.pumping = (async () => {
      do {
        this.again = false
        await this.claimAndRun()
      } while (this.again && this.active)
    })()
      .catch((e: unknown) => this.report('Could not start jobs', e))
      .finally(() => {
        this.pumping = null
      })
    return this.pumping
  }

  /** Put interrupted jobs back (or fail them after a second interruption). */
  async recover(): Promise<void> {
    const now = this.o.now().getTime()
    if (!this.o.store.db.jobs.some((j) => orphaned(j, now))) return
    const changed = await this.o.store.transact((tx) => {
      const out: { job: JobRecord; change: 'failed' | 'requeued' }[] = []
      for (const job of tx.db.jobs) {
        if (!orphaned(job, now)) continue
        job.owner = null
        job.leaseUntil = null
        if (job.attempts >= MAX_ATTEMPTS) {
          Object.assign(job, { status: 'failed', error: INTERRUPTED_TWICE, completedAt: new Date(now).toISOString() })
          out.push({ job: { ...job }, change: 'failed' })
        } else {
          Object.assign(job, { status: 'pending', startedAt: null })
          out.push({ job: { ...job }, change: 'requeued' })
        }
      }
      return out
    })
    for (const { job, change } of changed) {
      if (change === 'failed')
        this.o.log(`Job ${job.id} (${job.kind} for post ${job.postId}) failed: ${INTERRUPTED_TWICE}`)
      this.o.events.emit('job:changed', { job: toJob(job), change })
    }
  }

  /** One tick at a time; stop() waits for it, so nothing touches the data folder after. */
  private tickOnce(): Promise<void> {
    this.ticking ??= this.tick().finally(() => {
      this.ticking = null
    })
    return this.ticking
  }

  private async tick(): Promise<void> {
    if (!this.active) return
    try {
      const now = Date.now()
      // The server's file watcher usually reports other processes' writes; this is the safety net.
      if (now - this.lastRefresh >= Math.max(this.settings.pollMs, 5_000)) {
        this.lastRefresh = now
        await this.o.store.refresh()
      }
      if (this.running.size && now - this.lastRenewal >= this.settings.leaseMs / 3) await this.renewLeases()
      await this.recover()
    } catch (e) {
      // A long import holding the lock is no news; the next tick tries again.
      if ((e as { code?: string }).code !== 'STORE_LOCKED') this.report('Job runner', e)
    }
    await this.pump()
  }

  private async claimAndRun(): Promise<void> {
    if (!this.active) return
    const free = this.settings.concurrency - this.running.size
    if (free <= 0 || !runnable(this.o.store.db.jobs).length) return
    const claimed = await this.o.store.transact((tx) => {
      const now = this.o.now()
      const picked: JobRecord[] = []
      for (const job of runnable(tx.db.jobs).slice(0, free)) {
        Object.assign(job, {
          status: 'processing',
          attempts: job.attempts + 1,
          startedAt: now.toISOString(),
          owner: { runner: this.id, host: HOST, pid: process.pid },
          leaseUntil: new Date(now.getTime() + this.settings.leaseMs).toISOString(),
        })
        picked.push({ ...job })
      }
      return picked
    })
    for (const job of claimed) {
      this.o.events.emit('job:changed', { job: toJob(job), change: 'started' })
      const run = this.run(job).finally(() => {
        this.running.delete(job.id)
        if (this.active) void this.pump()
      })
      this.running.set(job.id, run)
    }
  }

  private async run(job: JobRecord): Promise<void> {
    let error: string | null = null
    let note: string | null = null
    try {
      note =
        (
          await this.o.execute(job, (p) =>
            this.o.events.emit('job:progress', { jobId: job.id, postId: job.postId, kind: job.kind, ...p }),
          )
        ).note ?? null
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
      // A bug (not a refusal or bad answer from a provider) leaves its stack in the log.
      const bug = e instanceof TypeError || e instanceof RangeError || e instanceof ReferenceError
      this.o.log(`Job ${job.id} (${job.kind} for post ${job.postId}) failed: ${bug ? (e.stack ?? error) : error}`)
    }
    try {
      await this.finish(job.id, error, note)
    } catch (e) {
      this.report(`Could not record the end of job ${job.id}`, e)
    }
  }

  private async finish(id: string, error: string | null, note: string | null): Promise<void> {
    const done = await this.o.store.transact((tx) => {
      const job = tx.db.jobs.find((j) => j.id === id)
      // Handed back or cancelled meanwhile: this runner no longer speaks for it.
      if (!job || job.status !== 'processing' || job.owner?.runner !== this.id) return null
      const now = this.o.now()
      Object.assign(job, {
        status: error ? 'failed' : 'completed',
        error,
        completedAt: now.toISOString(),
        owner: null,
        leaseUntil: null,
      })
      if (note && !error) job.note = note
      const result = { ...job }
      tx.db.jobs = pruneFinished(tx.db.jobs, now.getTime())
      return result
    })
    if (done)
      this.o.events.emit('job:changed', { job: toJob(done), change: done.status === 'failed' ? 'failed' : 'completed' })
  }

  private async renewLeases(): Promise<void> {
    this.lastRenewal = Date.now()
    const mine = new Set(this.running.keys())
    await this.o.store.transact((tx) => {
      const until = new Date(this.o.now().getTime() + this.settings.leaseMs).toISOString()
      for (const job of tx.db.jobs) if (mine.has(job.id) && job.owner?.runner === this.id) job.leaseUntil = until
    })
  }

  private async release(ids: string[]): Promise<void> {
    const released = await this.o.store.transact((tx) => {
      const out: JobRecord[] = []
      for (const job of tx.db.jobs) {
        if (!ids.includes(job.id) || job.status !== 'processing' || job.owner?.runner !== this.id) continue
        // Stopped on purpose: that start does not count against the job.
        Object.assign(job, {
          status: 'pending',
          attempts: Math.max(0, job.attempts - 1),
          startedAt: null,
          owner: null,
          leaseUntil: null,
        })
        out.push({ ...job })
      }
      return out
    })
    for (const job of released) this.o.events.emit('job:changed', { job: toJob(job), change: 'requeued' })
  }

  private report(what: string, e: unknown): void {
    this.o.log(`${what}: ${e instanceof Error ? e.message : String(e)}`)
  }
}

/** Pending jobs that may start now, oldest first: none for a post that already has one running. */
function runnable(jobs: readonly JobRecord[]): JobRecord[] {
  const busy = new Set(jobs.filter((j) => j.status === 'processing').map((j) => j.postId))
  const out: JobRecord[] = []
  for (const job of jobs) {
    if (job.status !== 'pending' || busy.has(job.postId)) continue
    busy.add(job.postId)
    out.push(job)
  }
  return out
}

/** Left 'processing' by a runner that is gone: its process ended, or it stopped renewing its claim. */
export function orphaned(job: JobRecord, now: number): boolean {
  if (job.status !== 'processing') return false
  const owner = job.owner
  if (!owner) return true
  if (owner.host === HOST) {
    if (owner.pid === process.pid) {
      if (!LIVE_RUNNERS.has(owner.runner)) return true
    } else if (!processAlive(owner.pid)) {
      return true
    }
  }
  return !job.leaseUntil || Date.parse(job.leaseUntil) < now
}
