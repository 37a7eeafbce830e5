import { DEFAULT_TIMEOUT_MS, runOnWorkers, workersFor, type BulkOptions } from '../core/worker-pool.js'
import type { EssayTask, PreparedEssay } from './prepare-essay.js'
import { prepareOffThread } from './render-pool.js'
import { renderFailure, type RenderTask } from './render-task.js'

/**
 * Parses and renders the files of an import on worker processes, never on this thread: both steps
 * in the worker, so no core waits while this thread parses, and no file can stall or crash the
 * process (a time limit and a heap cap per file). One outcome per task, at the same index; a
 * file that fails (or runs out of time or memory) fails alone, and the promise never rejects.
 * Small batches (the watcher's one file, an upload) go to the long-lived render workers, which
 * are already loaded; bulk imports start workers of their own, one per core.
 */
export async function prepareMany(tasks: EssayTask[], opts: BulkOptions = {}): Promise<PreparedEssay[]> {
  const chars = tasks.reduce((sum, t) => sum + t.essay.text.length, 0)
  const threads = workersFor(tasks.length, chars, opts)
  if (threads === 0) return Promise.all(tasks.map(prepareOffThread))
  const outcomes = new Array<PreparedEssay>(tasks.length)
  // Longest first, so one long essay does not end up alone at the end of the run.
  const jobs = tasks
    .map((task, index) => ({ input: { kind: 'essay', task } satisfies RenderTask, index }))
    .sort((a, b) => b.input.task.essay.text.length - a.input.task.essay.text.length)
  const worker = new URL('./prepare-worker', import.meta.url)
  const leftover = await runOnWorkers(
    jobs,
    { worker, threads, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    (job, outcome: PreparedEssay | { error: string }) => {
      outcomes[job.index] = 'error' in outcome ? { failed: renderFailure(outcome.error) } : outcome
    },
  )
  // Workers could not start at all here: this thread does the work rather than import nothing.
  // Only then is the markdown pipeline loaded on this thread.
  if (leftover.length) {
    const { prepareEssay } = await import('./prepare-essay.js')
    for (const job of leftover) outcomes[job.index] = prepareEssay(job.input.task)
  }
  return outcomes
}
