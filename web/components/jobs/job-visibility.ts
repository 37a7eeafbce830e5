import type { Job } from '../../../src/shared/schemas/index.js'

/** SPEC §4/§9: a completed job stays in the tracker for 5 seconds. */
export const COMPLETED_VISIBLE_MS = 5000

const isUnfinished = (job: Job) => job.status === 'pending' || job.status === 'processing'

/**
 * What the tracker remembers between polls: the jobs it saw unfinished, and when it first saw
 * each finished one (the browser's clock, so a server clock that is off does not matter).
 */
export interface JobMemory {
  unfinished: ReadonlySet<string>
  finishedAt: ReadonlyMap<string, number>
}

export const EMPTY_MEMORY: JobMemory = { unfinished: new Set(), finishedAt: new Map() }

/**
 * Takes in one answer of the status call. `completed` lists the jobs seen finishing since the
 * last answer: their posts are refetched (SPEC §4). A job first seen already finished counts
 * from its completedAt, so one that finished long ago is not shown at all.
 */
export function observeJobs(
  memory: JobMemory,
  jobs: readonly Job[],
  now: number,
): { memory: JobMemory; completed: Job[] } {
  const unfinished = new Set<string>()
  const finishedAt = new Map<string, number>()
  const completed: Job[] = []
  for (const job of jobs) {
    if (isUnfinished(job)) {
      unfinished.add(job.id)
      continue
    }
    const seen = memory.finishedAt.get(job.id)
    if (seen !== undefined) {
      finishedAt.set(job.id, seen)
    } else if (memory.unfinished.has(job.id)) {
      finishedAt.set(job.id, now)
      if (job.status === 'completed') completed.push(job)
    } else {
      // finished between two looks: still news if it is recent
      const parsed = Date.parse(job.completedAt ?? '')
      const at = Number.isNaN(parsed) ? -Infinity : Math.min(parsed, now)
      finishedAt.set(job.id, at)
      if (job.status === 'completed' && now - at < COMPLETED_VISIBLE_MS) completed.push(job)
    }
  }
  return { memory: { unfinished, finishedAt }, completed }
}

/**
 * The jobs on show: everything waiting or running, completed jobs for 5 s after they finished,
 * and failed jobs (with their reason) until the owner dismisses them.
 */
export function shownJobs(jobs: readonly Job[], memory: JobMemory, now: number, dismissed: ReadonlySet<string>): Job[] {
  return jobs.filter((job) => {
    if (isUnfinished(job)) return true
    if (job.status === 'failed') return !dismissed.has(job.id)
    const at = memory.finishedAt.get(job.id)
    return at !== undefined && now - at < COMPLETED_VISIBLE_MS
  })
}

/** When the next completed job leaves the list, to render again then; null if none will. */
export function nextExpiry(jobs: readonly Job[], memory: JobMemory, now: number): number | null {
  let next: number | null = null
  for (const job of jobs) {
    if (job.status !== 'completed') continue
    const at = memory.finishedAt.get(job.id)
    if (at === undefined) continue
    const end = at + COMPLETED_VISIBLE_MS
    if (end > now && (next === null || end < next)) next = end
  }
  return next
}

export const JOB_KIND_LABELS: Record<string, string> = {
  images: 'Images',
  annotations: 'Annotations',
  bibliography: 'Bibliography',
}

export const JOB_STATUS_LABELS: Record<Job['status'], string> = {
  pending: 'Queued',
  processing: 'Working…',
  completed: 'Done',
  failed: 'Failed',
}

/** The tracker's one-line summary: "2 running · 3 queued". */
export function jobsSummary(jobs: readonly Job[]): string {
  const count = (status: Job['status']) => jobs.filter((j) => j.status === status).length
  const parts: string[] = []
  const running = count('processing')
  const queued = count('pending')
  const done = count('completed')
  const failed = count('failed')
  if (running) parts.push(`${running} running`)
  if (queued) parts.push(`${queued} queued`)
  if (done) parts.push(`${done} done`)
  if (failed) parts.push(`${failed} failed`)
  return parts.join(' · ')
}
