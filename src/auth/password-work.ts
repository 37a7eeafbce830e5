import { Worker } from 'node:worker_threads'
import bcrypt from 'bcryptjs'
import { RateLimitError } from '../core/errors.js'

/** Main thread → password thread. */
export type PasswordJob =
  | { id: number; op: 'compare'; password: string; hash: string }
  | { id: number; op: 'hash'; password: string; cost: number }
/** Password thread → main thread: `{ready: true}` once loaded, then one reply per job. */
export type PasswordReply = { id: number; result: boolean | string } | { id: number; error: string }

export const BUSY_MESSAGE = 'Too many sign-in attempts at once. Try again in a few seconds.'
const BUSY_RETRY_SECONDS = 5

interface Queued {
  job: PasswordJob
  resolve: (value: boolean | string) => void
  reject: (error: Error) => void
  /** Set when its worker died under it once already: a second death fails the job. */
  retried?: boolean
}

export interface PasswordWorkOptions {
  /** Compares waiting beyond this many are refused with a 429 at once (hashes always wait). */
  maxWaiting: number
  /** Run on this thread instead of a worker (a fallback, and for comparison in tests). */
  inThread?: boolean
}

/**
 * bcrypt, one job at a time, on one worker thread. One thread because the machine is shared
 * with the readers: at most one core goes to passwords however many sign-ins arrive, and the
 * main thread keeps answering pages. A burst beyond `maxWaiting` compares is answered 429 at
 * once rather than queued for seconds. If the worker cannot start, the jobs run on this
 * thread with bcryptjs's async API, still one at a time.
 */
export class PasswordWork {
  private readonly waiting: Queued[] = []
  private current: Queued | null = null
  private worker: Worker | null = null
  private ready = false
  private inThread: boolean
  private nextId = 0
  /** Jobs run so far, by where they ran: for tests and the soak report. */
  readonly ran = { worker: 0, thisThread: 0 }

  constructor(private readonly opts: PasswordWorkOptions) {
    this.inThread = opts.inThread ?? false
  }

  compare(password: string, hash: string): Promise<boolean> {
    const waiting = this.waiting.filter((q) => q.job.op === 'compare').length
    if (waiting >= this.opts.maxWaiting) return Promise.reject(new RateLimitError(BUSY_MESSAGE, BUSY_RETRY_SECONDS))
    return this.submit({ id: this.nextId++, op: 'compare', password, hash }) as Promise<boolean>
  }

  hash(password: string, cost: number): Promise<string> {
    return this.submit({ id: this.nextId++, op: 'hash', password, cost }) as Promise<string>
  }

  /** Compares queued or running now. */
  get pending(): number {
    return this.waiting.length + (this.current ? 1 : 0)
  }

  /** Ends the worker thread (a later job starts a new one). */
  async close(): Promise<void> {
    const worker = this.worker
    this.worker = null
    this.ready = false
    if (worker) await worker.terminate()
  }

  private submit(job: PasswordJob): Promise<boolean | string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject })
      this.pump()
    })
  }

  private pump(): void {
    if (this.current) return
    const next = this.waiting.shift()
    if (!next) {
      // Idle: the worker must not keep a CLI command (or a test) from exiting.
      this.worker?.unref()
      return
    }
    this.current = next
    if (this.inThread) {
      void this.runHere(next)
      return
    }
    const worker = this.worker ?? this.startWorker()
    worker.ref()
    if (this.ready) worker.postMessage(next.job)
  }

  private settle(outcome: { result: boolean | string } | { error: string }): void {
    const done = this.current
    this.current = null
    if (done) {
      if ('error' in outcome) done.reject(new Error(outcome.error))
      else done.resolve(outcome.result)
    }
    this.pump()
  }

  private async runHere(queued: Queued): Promise<void> {
    const { job } = queued
    try {
      const result =
        job.op === 'compare' ? await bcrypt.compare(job.password, job.hash) : await bcrypt.hash(job.password, job.cost)
      this.ran.thisThread++
      this.settle({ result })
    } catch (e) {
      this.settle({ error: e instanceof Error ? e.message : String(e) })
    }
  }

  private startWorker(): Worker {
    const worker = createWorker()
    this.worker = worker
    this.ready = false
    const gone = (error: unknown): void => {
      if (this.worker !== worker) return
      this.worker = null
      // A worker that never got ready will not start next time either: work here from now on.
      if (!this.ready) this.inThread = true
      this.ready = false
      const current = this.current
      this.current = null
      if (current && !current.retried) {
        // The job in hand is run again: a lost compare must not read as a wrong password.
        current.retried = true
        this.waiting.unshift(current)
      } else if (current) {
        current.reject(new Error('The password thread stopped twice on this job.'))
      }
      void worker.terminate()
      if (error)
        process.emitWarning(`Password thread stopped: ${error instanceof Error ? error.message : String(error)}`)
      this.pump()
    }
    worker.on('message', (reply: PasswordReply | { ready: true }) => {
      if (this.worker !== worker) return
      if ('ready' in reply) {
        this.ready = true
        if (this.current) worker.postMessage(this.current.job)
        return
      }
      if (!this.current || this.current.job.id !== reply.id) return
      this.ran.worker++
      this.settle(reply)
    })
    worker.on('error', gone)
    worker.on('exit', (code) => gone(code === 0 ? null : new Error(`exit code ${code}`)))
    return worker
  }
}

/**
 * The compiled `.js` worker, or, when running from TypeScript source (tests,
 * `SCHOLIA_SOURCE=1`), the `.ts` one through tsx, as the render workers once did: Node 20 does
 * not apply `--import tsx` to a worker, so the worker registers tsx itself first.
 */
function createWorker(): Worker {
  // A flag meant for the main script (`node --input-type=module -e …`) stops a worker from starting.
  const execArgv = process.execArgv.filter((a) => !a.startsWith('--input-type'))
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./password-worker.js', import.meta.url), { execArgv })
  const tsx = import.meta.resolve('tsx/esm/api')
  const module = new URL('./password-worker.ts', import.meta.url).href
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}) })`
  return new Worker(source, { eval: true, execArgv })
}

/** The process's one password thread: CPU is per process, so is the limit on bcrypt work. */
export const passwordWork = new PasswordWork({ maxWaiting: 8 })
