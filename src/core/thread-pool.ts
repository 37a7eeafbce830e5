import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { describeError } from './errors.js'

/** Main thread → worker: one task. */
export interface TaskRequest<In> {
  id: number
  input: In
}

/** Worker → main thread: ready once loaded, then one reply per task. */
export type TaskReply<Out> = { type: 'ready' } | { type: 'result'; id: number; result: Out } | { type: 'error'; id: number; error: string }

/** Why one task has no result; the other tasks of the run are unaffected. */
export interface TaskFailure {
  error: string
}

export interface PoolTask<In> {
  input: In
}

export interface PoolOptions {
  /** The worker module, as `new URL('./x-worker', import.meta.url)` without extension. */
  worker: URL
  threads: number
  /** A task taking longer than this (ms) is abandoned and its worker replaced. */
  timeoutMs: number
}

/** Options of a bulk run (an import's files, a batch of essays to render). */
export interface BulkOptions {
  /** Worker threads; default min(available parallelism, items, 4). 1 works in this thread. */
  threads?: number
  /** An item taking longer than this (ms) is abandoned and its worker replaced. Default 120 s. */
  timeoutMs?: number
}

const SMALL_BATCH_ITEMS = 3
const SMALL_BATCH_CHARS = 50_000
const MAX_DEFAULT_THREADS = 4
export const DEFAULT_TIMEOUT_MS = 120_000

/**
 * How many workers a bulk run of `items` inputs totalling `chars` characters deserves; 0 means
 * work in this thread: small batches (≤ 3 items or < 50 KB), where starting workers would cost
 * more than it saves.
 */
export function workersFor(items: number, chars: number, opts: BulkOptions): number {
  const threads = Math.min(opts.threads ?? Math.min(availableParallelism(), MAX_DEFAULT_THREADS), items)
  return threads <= 1 || items <= SMALL_BATCH_ITEMS || chars < SMALL_BATCH_CHARS ? 0 : threads
}

/**
 * Young generation per worker. The markdown pipeline allocates short-lived nodes by the million;
 * V8's default semi-space makes it scavenge (and promote) far more often than it needs to, which
 * measured as a tenth of all render CPU on the corpus.
 */
const YOUNG_GENERATION_MB = 96

/**
 * Runs `tasks` on `threads` workers, one task at a time each, calling `settle` with each
 * task's result or failure as it arrives. A task that throws, crashes its worker or times out
 * fails alone; its worker is replaced for the rest of the queue. Resolves, once every worker
 * has been terminated, with the tasks no worker could take because workers failed to start
 * (the caller runs those itself).
 */
export function runOnWorkers<In, Out, T extends PoolTask<In>>(
  tasks: T[],
  opts: PoolOptions,
  settle: (task: T, outcome: Out | TaskFailure) => void,
): Promise<T[]> {
  const queue = [...tasks]
  const exits: Array<Promise<unknown>> = []
  let live = 0
  let startupFailed = false
  let nextId = 0

  return new Promise((resolve) => {
    const finishIfDone = (): void => {
      if (live > 0) return
      void Promise.allSettled(exits).then(() => resolve(startupFailed ? queue : []))
    }

    const start = (): void => {
      live++
      const worker = createWorker(opts.worker)
      let ready = false
      let current: T | null = null
      let gone = false
      // Until the worker is ready, the timer guards its start; then each task in turn.
      let timer = setTimeout(() => fail(new Error('Worker did not start')), opts.timeoutMs)

      const retire = (): void => {
        if (gone) return
        gone = true
        clearTimeout(timer)
        exits.push(worker.terminate())
        live--
        // A task still in hand failed with its worker; a new worker takes the rest of the queue.
        if (current && queue.length > 0 && !startupFailed) start()
        finishIfDone()
      }

      const next = (): void => {
        clearTimeout(timer)
        current = queue.shift() ?? null
        if (!current) return retire()
        const task = current
        timer = setTimeout(() => {
          settle(task, { error: `Took longer than ${Math.round(opts.timeoutMs / 1000)} s` })
          retire()
        }, opts.timeoutMs)
        const request: TaskRequest<In> = { id: nextId++, input: task.input }
        worker.postMessage(request)
      }

      function fail(error: unknown): void {
        if (gone) return
        // A worker that never got ready had no task: the pool, not a task, failed.
        if (!ready) startupFailed = true
        else if (current) settle(current, { error: describeError(error) })
        retire()
      }

      worker.on('message', (reply: TaskReply<Out>) => {
        if (gone) return
        if (reply.type === 'ready') {
          ready = true
        } else if (current) {
          settle(current, reply.type === 'result' ? reply.result : { error: reply.error })
        }
        next()
      })
      worker.on('error', fail)
      worker.on('exit', (code) => fail(new Error(`Worker exited with code ${code}`)))
    }

    const count = Math.min(opts.threads, queue.length)
    for (let k = 0; k < count; k++) start()
    finishIfDone()
  })
}

/**
 * A worker from the compiled `.js` module, or, when running from TypeScript source (tests,
 * `SCHOLIA_SOURCE=1`), from the `.ts` module through tsx.
 */
function createWorker(module: URL): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`${module.href}.js`), { resourceLimits })
  // Node 20 does not apply `--import tsx` given in a worker's execArgv, so the worker registers
  // tsx itself before loading the TypeScript module.
  const tsx = import.meta.resolve('tsx/esm/api')
  const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(`${module.href}.ts`)}) })`
  return new Worker(source, { eval: true, resourceLimits })
}
