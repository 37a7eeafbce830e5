import type { TaskWorker } from './child-worker.js'
import { describeError } from './errors.js'
import {
  createWorker,
  DEFAULT_MAX_OLD_GENERATION_MB,
  neededTooMuchMemory,
  START_TIMEOUT_MS,
  tookTooLong,
  type TaskFailure,
  type TaskReply,
  type TaskRequest,
} from './worker-pool.js'

export interface WarmPoolOptions {
  /** The worker module, as `new URL('./x-worker', import.meta.url)` without extension. */
  worker: URL
  /** Most workers at once; tasks beyond wait their turn. */
  size: number
  /** A task taking longer than this (ms) fails, and its worker is replaced. */
  timeoutMs: number
  /** Old-generation heap cap per worker (MB); a task needing more fails alone. */
  maxOldGenerationMb?: number
  /** Workers beyond the first end after this long without work (ms). Default 60 s. */
  idleMs?: number
}

/** A task no worker could take because workers do not start here: the caller may run it itself. */
export interface NotStarted extends TaskFailure {
  notStarted: true
}

interface Slot {
  worker: TaskWorker<TaskReply<unknown>>
  ready: boolean
  job: Job | null
  timer: ReturnType<typeof setTimeout> | null
  idleTimer: ReturnType<typeof setTimeout> | null
  gone: boolean
}

interface Job {
  id: number
  input: unknown
  resolve: (outcome: unknown) => void
}

/** Figures for tests, benchmarks and the soak. */
export interface WarmPoolStats {
  workersStarted: number
  tasks: number
  timeouts: number
  outOfMemory: number
  /** Milliseconds from `new Worker` to its ready message, the last time a worker started. */
  lastStartupMs: number | null
}

/**
 * Long-lived workers for work that arrives one item at a time (an upload, a watched file, the
 * editor's preview): the work never runs on the main thread, so no input can stall the server,
 * and a worker stays loaded between items, so one file does not pay a worker's start-up (the
 * whole markdown pipeline: about 200 ms compiled, seconds from source). Each task has a time
 * limit and each worker a heap cap; a task that exceeds either fails alone with a message that
 * says which, and its worker is replaced. Idle workers are unref'd: they never keep a process
 * alive.
 */
export class WarmPool<In, Out> {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 0
  private readonly maxOld: number
  readonly stats: WarmPoolStats = { workersStarted: 0, tasks: 0, timeouts: 0, outOfMemory: 0, lastStartupMs: null }

  constructor(private readonly opts: WarmPoolOptions) {
    this.maxOld = opts.maxOldGenerationMb ?? DEFAULT_MAX_OLD_GENERATION_MB
  }

  /** The task's result, or why it has none. Never rejects. */
  run(input: In): Promise<Out | TaskFailure | NotStarted> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, input, resolve: resolve as (outcome: unknown) => void })
      this.pump()
    })
  }

  /** Starts one worker ahead of the first task (a server at start-up), if none is running. */
  warm(): void {
    if (this.slots.length === 0) this.start()
  }

  /** Ends every worker; tasks still waiting or running fail. A later task starts workers again. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0)
    for (const job of this.queue.splice(0)) job.resolve({ error: 'The render workers were shut down' })
    await Promise.allSettled(slots.map((slot) => this.retire(slot, 'The render workers were shut down')))
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const idle = this.slots.find((s) => s.ready && !s.job && !s.gone)
      if (idle) {
        this.dispatch(idle, this.queue.shift()!)
        continue
      }
      // Workers still starting will take the queue when ready; start more only up to `size`.
      const starting = this.slots.filter((s) => !s.ready).length
      if (this.slots.length < this.opts.size && starting < this.queue.length) {
        this.start()
        continue
      }
      return
    }
  }

  private start(): void {
    const started = Date.now()
    const worker = createWorker<TaskReply<Out>>(this.opts.worker, this.maxOld)
    const slot: Slot = { worker, ready: false, job: null, timer: null, idleTimer: null, gone: false }
    this.slots.push(slot)
    this.stats.workersStarted++
    // Until it is ready, the timer guards the worker's start. Not the task's limit: a worker that
    // is slow to load on a busy machine (seconds, from TypeScript sources) is not one that cannot
    // start, and taking it for one would hand the task back to be rendered on the main thread.
    slot.timer = setTimeout(
      () => this.failed(slot, new Error('The render worker did not start')),
      Math.max(START_TIMEOUT_MS, this.opts.timeoutMs),
    )
    worker.on('message', (reply: TaskReply<Out>) => {
      if (slot.gone) return
      if (reply.type === 'ready') {
        slot.ready = true
        this.stats.lastStartupMs = Date.now() - started
        clearTimeout(slot.timer!)
        slot.timer = null
        this.idle(slot)
        this.pump()
        return
      }
      const job = slot.job
      if (!job || reply.id !== job.id) return
      clearTimeout(slot.timer!)
      slot.timer = null
      slot.job = null
      job.resolve(reply.type === 'result' ? reply.result : { error: reply.error })
      this.idle(slot)
      this.pump()
    })
    worker.on('error', (error) => this.failed(slot, error))
    worker.on('exit', (code) => this.failed(slot, new Error(`The render worker exited with code ${code}`)))
  }

  private dispatch(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer)
    slot.idleTimer = null
    slot.job = job
    this.stats.tasks++
    // A busy worker keeps the process alive (a CLI import waits for it); an idle one does not.
    slot.worker.ref()
    slot.timer = setTimeout(() => {
      this.stats.timeouts++
      void this.retire(slot, tookTooLong(this.opts.timeoutMs))
      this.pump()
    }, this.opts.timeoutMs)
    const request: TaskRequest<unknown> = { id: job.id, input: job.input }
    slot.worker.postMessage(request)
  }

  private idle(slot: Slot): void {
    slot.worker.unref()
    // The first worker stays loaded for the next item; others end when the burst is over.
    if (this.slots.indexOf(slot) > 0) {
      slot.idleTimer = setTimeout(() => void this.retire(slot, null), this.opts.idleMs ?? 60_000)
      slot.idleTimer.unref()
    }
  }

  private failed(slot: Slot, error: unknown): void {
    if (slot.gone) return
    if (!slot.ready) {
      void this.retire(slot, null)
      // Workers cannot start here (or this one could not): if none is left to take the queue,
      // the waiting tasks are handed back, for the caller to run them itself.
      if (!this.slots.some((s) => s.ready)) {
        for (const job of this.queue.splice(0))
          job.resolve({ error: describeError(error), notStarted: true } satisfies NotStarted)
      }
      return
    }
    const outOfMemory = (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
    if (outOfMemory) this.stats.outOfMemory++
    void this.retire(slot, outOfMemory ? neededTooMuchMemory(this.maxOld) : describeError(error))
    this.pump()
  }

  /** Ends a worker; its task, if any, fails with `reason`. */
  private retire(slot: Slot, reason: string | null): Promise<unknown> {
    if (slot.gone) return Promise.resolve()
    slot.gone = true
    if (slot.timer) clearTimeout(slot.timer)
    if (slot.idleTimer) clearTimeout(slot.idleTimer)
    const at = this.slots.indexOf(slot)
    if (at >= 0) this.slots.splice(at, 1)
    const job = slot.job
    slot.job = null
    if (job) job.resolve({ error: reason ?? 'The render worker stopped' })
    return slot.worker.terminate()
  }
}

/** True for the outcome of a task that has no result. */
export function isTaskFailure(outcome: unknown): outcome is TaskFailure {
  return (
    typeof outcome === 'object' &&
    outcome !== null &&
    'error' in outcome &&
    typeof (outcome as TaskFailure).error === 'string'
  )
}
