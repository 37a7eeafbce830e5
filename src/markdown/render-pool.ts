import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { contentHash, lookupRender } from './render-cache.js'
import { renderMarkdown } from './render-markdown.js'
import type { RenderReply } from './render-messages.js'
import type { RenderResult } from './types.js'

/** Why one input could not be rendered; the other inputs of the batch are unaffected. */
export interface RenderFailure {
  error: string
}

/** Per input of `renderMany`: its render, or why there is none (`'error' in outcome`). */
export type RenderOutcome = RenderResult | RenderFailure

export interface RenderManyOptions {
  /** Worker threads; default min(available parallelism, inputs, 4). 1 renders in this thread. */
  threads?: number
  /** A render taking longer than this (ms) is abandoned and its worker replaced. Default 120 s. */
  timeoutMs?: number
}

const SMALL_BATCH_ITEMS = 3
const SMALL_BATCH_CHARS = 50_000
const MAX_DEFAULT_THREADS = 4
const DEFAULT_TIMEOUT_MS = 120_000

/**
 * Renders many essays (a bulk import) on worker threads, in input order.
 *
 * Resolves to one outcome per input, at the same index: the `RenderResult`, or `{ error }`
 * when that input failed (threw, crashed its worker, or timed out); a failure never loses the
 * other inputs, and the promise itself does not reject. Cached renders are reused, but a bulk
 * import does not fill the cache, so it cannot push out what readers asked for. Small batches (≤ 3 essays or < 50 KB)
 * render in this thread, where starting workers would cost more than it saves. Workers are
 * terminated before the promise resolves.
 */
export async function renderMany(inputs: string[], opts: RenderManyOptions = {}): Promise<RenderOutcome[]> {
  const outcomes: RenderOutcome[] = new Array<RenderOutcome>(inputs.length)
  const keys = inputs.map(contentHash)
  // Identical essays render once; every index holding one gets the result.
  const pending = new Map<string, number[]>()
  keys.forEach((key, i) => {
    const cached = lookupRender(key)
    if (cached) outcomes[i] = cached
    else pending.set(key, [...(pending.get(key) ?? []), i])
  })
  const jobs: Job[] = [...pending].map(([key, indices]) => ({ key, indices, markdown: inputs[indices[0]] }))
  const settle = (job: Job, outcome: RenderOutcome): void => {
    for (const i of job.indices) outcomes[i] = outcome
  }

  const chars = jobs.reduce((sum, job) => sum + job.markdown.length, 0)
  const threads = Math.min(opts.threads ?? Math.min(availableParallelism(), MAX_DEFAULT_THREADS), jobs.length)
  if (threads <= 1 || jobs.length <= SMALL_BATCH_ITEMS || chars < SMALL_BATCH_CHARS) {
    for (const job of jobs) settle(job, renderHere(job.markdown))
  } else {
    // Longest first, so one long essay does not end up alone at the end of the run.
    jobs.sort((a, b) => b.markdown.length - a.markdown.length)
    const leftover = await runPool(jobs, threads, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, settle)
    for (const job of leftover) settle(job, renderHere(job.markdown))
  }
  return outcomes
}

interface Job {
  key: string
  indices: number[]
  markdown: string
}

function renderHere(markdown: string): RenderOutcome {
  try {
    return renderMarkdown(markdown)
  } catch (error) {
    return { error: describe(error) }
  }
}

/**
 * Feeds `jobs` to `threads` workers, one job at a time each. Resolves, once every worker has
 * been terminated, with the jobs no worker could take because workers failed to start (the
 * caller renders those itself).
 */
function runPool(
  jobs: Job[],
  threads: number,
  timeoutMs: number,
  settle: (job: Job, outcome: RenderOutcome) => void,
): Promise<Job[]> {
  const queue = [...jobs]
  const exits: Array<Promise<unknown>> = []
  let live = 0
  let startupFailed = false

  return new Promise((resolve) => {
    const finishIfDone = (): void => {
      if (live > 0) return
      void Promise.allSettled(exits).then(() => resolve(startupFailed ? queue : []))
    }

    const start = (): void => {
      live++
      const worker = createWorker()
      let ready = false
      let current: Job | null = null
      let gone = false
      // Until the worker is ready, the timer guards its start; then each job in turn.
      let timer = setTimeout(() => fail(new Error('Render worker did not start')), timeoutMs)

      const retire = (): void => {
        if (gone) return
        gone = true
        clearTimeout(timer)
        exits.push(worker.terminate())
        live--
        // A job still in hand failed with its worker; a new worker takes the rest of the queue.
        if (current && queue.length > 0 && !startupFailed) start()
        finishIfDone()
      }

      const next = (): void => {
        clearTimeout(timer)
        current = queue.shift() ?? null
        if (!current) return retire()
        const job = current
        timer = setTimeout(() => {
          settle(job, { error: `Rendering took longer than ${Math.round(timeoutMs / 1000)} s` })
          retire()
        }, timeoutMs)
        worker.postMessage({ id: job.indices[0], markdown: job.markdown })
      }

      function fail(error: unknown): void {
        if (gone) return
        // A worker that never got ready had no job: the pool, not an essay, failed.
        if (!ready) startupFailed = true
        else if (current) settle(current, { error: describe(error) })
        retire()
      }

      worker.on('message', (reply: RenderReply) => {
        if (gone) return
        if (reply.type === 'ready') {
          ready = true
        } else if (current) {
          settle(current, reply.type === 'result' ? reply.result : { error: reply.error })
        }
        next()
      })
      worker.on('error', fail)
      worker.on('exit', (code) => fail(new Error(`Render worker exited with code ${code}`)))
    }

    const count = Math.min(threads, queue.length)
    for (let k = 0; k < count; k++) start()
    finishIfDone()
  })
}

/**
 * A render worker, from the compiled `render-worker.js` next to this file, or, when running
 * from TypeScript source (tests, `SCHOLIA_SOURCE=1`), from `render-worker.ts` through tsx.
 */
function createWorker(): Worker {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new Worker(new URL('./render-worker.js', here))
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href
  return new Worker(new URL('./render-worker.ts', here), { execArgv: ['--import', tsx] })
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
