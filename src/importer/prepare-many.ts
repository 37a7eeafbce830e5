import { DEFAULT_TIMEOUT_MS, runOnWorkers, workersFor, type BulkOptions } from '../core/thread-pool.js'
import { prepareEssay, renderFailure, type EssayTask, type PreparedEssay } from './prepare-essay.js'

/**
 * Parses and renders the files of a bulk import on worker threads: both steps in the worker,
 * so no core waits while this thread parses. One outcome per task, at the same index; a file
 * that fails (or crashes or stalls its worker) fails alone, and the promise never rejects.
 * Small batches (the watcher's one file, an upload) run in this thread, where starting workers
 * would cost more than it saves.
 */
export async function prepareMany(tasks: EssayTask[], opts: BulkOptions = {}): Promise<PreparedEssay[]> {
  const outcomes = new Array<PreparedEssay>(tasks.length)
  const chars = tasks.reduce((sum, t) => sum + t.essay.text.length, 0)
  const threads = workersFor(tasks.length, chars, opts)
  if (threads === 0) {
    tasks.forEach((task, i) => (outcomes[i] = prepareEssay(task)))
    return outcomes
  }
  // Longest first, so one long essay does not end up alone at the end of the run.
  const jobs = tasks.map((input, index) => ({ input, index })).sort((a, b) => b.input.essay.text.length - a.input.essay.text.length)
  const worker = new URL('./prepare-worker', import.meta.url)
  const leftover = await runOnWorkers(jobs, { worker, threads, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS }, (job, outcome: PreparedEssay | { error: string }) => {
    outcomes[job.index] = 'error' in outcome ? { failed: renderFailure(outcome.error) } : outcome
  })
  for (const job of leftover) outcomes[job.index] = prepareEssay(job.input)
  return outcomes
}
