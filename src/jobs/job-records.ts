import type { Job, JobRecord } from '../shared/schemas/index.js'

const MINUTE = 60_000
/** Finished jobs the status call still lists: long enough for a 3 s poll to see a completion, an hour for failures. */
export const LISTED_FOR_MS = { completed: 2 * MINUTE, failed: 60 * MINUTE } as const
/** Finished jobs kept in db.json at all. */
const KEPT_FOR_MS = { completed: 24 * 60 * MINUTE, failed: 7 * 24 * 60 * MINUTE } as const
const KEPT_FINISHED = 200

/** The public face of a job (SPEC §3 Job, plus kind and error). */
export function toJob(record: JobRecord): Job {
  const { id, postId, title, kind, status, createdAt, completedAt, error, note } = record
  return { id, postId, title, kind, status, createdAt, completedAt, error, ...(note ? { note } : {}) }
}

const finishedAge = (job: JobRecord, now: number): number => now - Date.parse(job.completedAt ?? job.createdAt)

/** Unfinished jobs, plus finished ones not yet too old (and not too many). */
export function pruneFinished(jobs: JobRecord[], now: number): JobRecord[] {
  let finished = 0
  const keep = new Set<JobRecord>()
  for (const job of [...jobs].reverse()) {
    if (job.status === 'pending' || job.status === 'processing') keep.add(job)
    else if (finishedAge(job, now) <= KEPT_FOR_MS[job.status] && finished++ < KEPT_FINISHED) keep.add(job)
  }
  return jobs.filter((j) => keep.has(j))
}

/** What GET /api/jobs/status lists: everything unfinished, and recent completions and failures. */
export function listed(job: JobRecord, now: number): boolean {
  if (job.status === 'pending' || job.status === 'processing') return true
  return finishedAge(job, now) <= LISTED_FOR_MS[job.status]
}
