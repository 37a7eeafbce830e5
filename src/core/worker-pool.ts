import { availableParallelism } from 'node:os'
import { ChildWorker, type TaskWorker } from './child-worker.js'
import { describeError } from './errors.js'

/** Caller → worker: one task. */
export interface TaskRequest<In> {
  id: number
  input: In
}

/** Worker → caller: ready once loaded, then one reply per task. */
export type TaskReply<Out> =
  { type: 'ready' } | { type: 'result'; id: number; result: Out } | { type: 'error'; id: number; error: string }

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
  /** Old-generation heap cap per worker (MB); a task needing more fails alone. Default 1024. */
  maxOldGenerationMb?: number
}

/** Options of a bulk run (an import's files, a batch of essays to render). */
export interface BulkOptions {
  /** Worker processes; default min(available parallelism, items, 4). 1 uses the shared long-lived workers. */
  threads?: number
  /** An item taking longer than this (ms) is abandoned and its worker replaced. Default 120 s. */
  timeoutMs?: number
}

const SMALL_BATCH_ITEMS = 3
const SMALL_BATCH_CHARS = 50_000
const MAX_DEFAULT_THREADS = 4
export const DEFAULT_TIMEOUT_MS = 120_000

/**
 * How many workers of its own a bulk run of `items` inputs totalling `chars` characters
 * deserves; 0 means the long-lived workers shared by one-at-a-time work (see warm-pool.ts) take
 * it: small batches (≤ 3 items or < 50 KB), where starting workers would cost more than it saves.
 * Never "this thread": a file renders where it cannot stall the process.
 */
export function workersFor(items: number, chars: number, opts: BulkOptions): number {
  const threads = Math.min(opts.threads ?? Math.min(availableParallelism(), MAX_DEFAULT_THREADS), items)
  return threads <= 1 || items <= SMALL_BATCH_ITEMS || chars < SMALL_BATCH_CHARS ? 0 : threads
}

/**
 * Young generation per worker: 16 MB semi-spaces, V8's own default here. V8 sizes semi-spaces
 * in powers of two, so the next step is 32 MB, which a worker fills: measured on half the
 * corpus in one worker (issue 24), 32 MB semi-spaces scavenge 99 times instead of 176 and spend
 * 0.55 s in GC instead of 0.75 s, about 3 % of the worker's time, but its peak is 50 MB higher
 * (230 MB instead of 180), twice over in a bulk import: the corpus import's peak (its three
 * processes, summed PSS) went from about 410 MB to 340.
 */
const YOUNG_GENERATION_MB = 48
/**
 * Old generation per worker: what one essay may use before it fails alone. The largest essay of
 * the corpus peaks far below it; a 1000×1000 table (4 MB) wanted over 4 GB and took the whole
 * server down with it when it rendered on the main thread (issue 21).
 */
export const DEFAULT_MAX_OLD_GENERATION_MB = 1024

/** The per-file message for a task that timed out. */
/**
 * How long a render worker of the warm pool may take to load before workers are taken to be
 * unavailable here. Not a task's limit: a worker slow to load on a busy machine is not one that
 * cannot start, and taking it for one hands its file back to be rendered on the main thread.
 * (A bulk run's start guard is its task limit, 120 s by default, already long enough.)
 */
export const START_TIMEOUT_MS = 120_000

export function tookTooLong(timeoutMs: number): string {
  return `took longer than ${Math.round(timeoutMs / 1000)} s (the limit for one file); nothing was stored for it`
}

/** The per-file message for a task whose worker ran out of its heap. */
export function neededTooMuchMemory(maxOldGenerationMb: number): string {
  return `needs more than ${maxOldGenerationMb} MB of memory (the limit for one file); nothing was stored for it`
}

/** Why a worker died under a task, as the task's message. */
function workerDeath(error: unknown, maxOldGenerationMb: number): string {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ERR_WORKER_OUT_OF_MEMORY' ? neededTooMuchMemory(maxOldGenerationMb) : describeError(error)
}

/**
 * Tasks handed to a worker at once: the one it works on and the next, already in its channel.
 * With one, a worker sat idle between tasks until this process, competing for the same busy
 * cores, woke to read its reply and send the next: about 3 ms a task, 0.45 s of each worker's
 * time over the corpus's 281 essays. A second task in hand hides that wait.
 */
const TASKS_IN_HAND = 2

/**
 * Runs `tasks` on `threads` workers, each working through its tasks one at a time (with the next
 * already handed over, see TASKS_IN_HAND), calling `settle` with each task's result or failure as
 * it arrives. A task that throws, crashes its worker or times out fails alone: the tasks its
 * worker held but had not begun go back to the front of the queue, and a new worker takes them
 * and the rest. Resolves, once every worker has been terminated, with the tasks no worker could
 * take because workers failed to start (the caller runs those itself).
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

    const maxOld = opts.maxOldGenerationMb ?? DEFAULT_MAX_OLD_GENERATION_MB
    const start = (): void => {
      live++
      const worker = createWorker<TaskReply<Out>>(opts.worker, maxOld)
      let ready = false
      /** Handed to the worker, in the order it works on them: the first is under way. */
      const inHand: T[] = []
      let gone = false
      // Until the worker is ready, the timer guards its start; then the task under way.
      let timer = setTimeout(() => fail(new Error('Worker did not start')), opts.timeoutMs)

      const retire = (): void => {
        if (gone) return
        gone = true
        clearTimeout(timer)
        exits.push(worker.terminate())
        live--
        // Tasks handed over but never begun go back for another worker, which takes the rest too.
        queue.unshift(...inHand.splice(0))
        if (queue.length > 0 && !startupFailed) start()
        finishIfDone()
      }

      /** Starts the time limit of the task under way (the worker begins each as the last ends). */
      const guard = (): void => {
        clearTimeout(timer)
        const task = inHand[0]
        timer = setTimeout(() => {
          inHand.shift()
          settle(task, { error: tookTooLong(opts.timeoutMs) })
          retire()
        }, opts.timeoutMs)
      }

      const handOver = (): void => {
        while (inHand.length < TASKS_IN_HAND && queue.length > 0) {
          const task = queue.shift()!
          inHand.push(task)
          const request: TaskRequest<In> = { id: nextId++, input: task.input }
          worker.postMessage(request)
        }
      }

      function fail(error: unknown): void {
        if (gone) return
        // A worker that never got ready had no task: the pool, not a task, failed.
        if (!ready) startupFailed = true
        else if (inHand.length > 0) settle(inHand.shift()!, { error: workerDeath(error, maxOld) })
        retire()
      }

      worker.on('message', (reply: TaskReply<Out>) => {
        if (gone) return
        if (reply.type === 'ready') ready = true
        else {
          const task = inHand.shift()
          if (task) settle(task, reply.type === 'result' ? reply.result : { error: reply.error })
        }
        handOver()
        if (inHand.length === 0) retire()
        else guard()
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
 * How much bytecode a function runs between V8's checks of whether to optimize it: 1,000,000
 * where V8's default is 67,584. A render worker runs a wide program (micromark, KaTeX,
 * citeproc, highlight.js, parse5, zod) on essays each unlike the last: by default V8 optimizes
 * about a thousand of its functions in a corpus import, many of them several times over as
 * their types change, and that compiling took 5–6 s of CPU on its background threads, a third
 * of the import's CPU, on the two cores the workers share. Only functions hot enough to repay
 * it are optimized now. Measured on the corpus import, alternating runs: 8.0–10.9 s instead of
 * 11.2–14.4, 15–20 s of CPU instead of 21–27; no larger budget did better (2, 4 M).
 */
const INTERRUPT_BUDGET = 1_000_000

/**
 * A worker process running the compiled `.js` module, or, from TypeScript source (tests,
 * `SCHOLIA_SOURCE=1`), the `.ts` module through tsx's loader.
 */
export function createWorker<Reply>(module: URL, maxOldGenerationMb: number): TaskWorker<Reply> {
  const limits = {
    maxOldGenerationMb,
    maxYoungGenerationMb: YOUNG_GENERATION_MB,
    v8Flags: [`--interrupt-budget=${INTERRUPT_BUDGET}`],
  }
  if (!import.meta.url.endsWith('.ts')) return new ChildWorker<Reply>(new URL(`${module.href}.js`), limits)
  return new ChildWorker<Reply>(new URL(`${module.href}.ts`), limits, import.meta.resolve('tsx/esm'))
}
