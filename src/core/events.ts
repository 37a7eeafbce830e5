import { EventEmitter } from 'node:events'
import type { Job, JobKind } from '../shared/schemas/index.js'

/** What the data folder reports after a write: the store emits it, 'post:changed' carries it. */
export interface StoreChange {
  /** Posts added, changed or removed. */
  postIds: number[]
  db: boolean
  /** 'external' when another process wrote and this one re-read. */
  origin: 'local' | 'external'
}

/** What happened to a job: created, started by a runner, finished, cancelled, or put back after an interruption. */
export type JobChange = 'created' | 'started' | 'completed' | 'failed' | 'cancelled' | 'requeued'

export type ImportFileStatus = 'imported' | 'updated' | 'unchanged' | 'failed'

/**
 * Progress and changes, as typed events. The CLI progress display, the Ink dashboard and the
 * web job tracker all listen to this one stream.
 */
export interface BlogEvents {
  'import:start': [{ total: number }]
  'import:file': [
    {
      path: string
      status: ImportFileStatus
      slug: string | null
      error: string | null
      warnings?: string[]
      index: number
      total: number
    },
  ]
  'import:done': [{ imported: number; updated: number; unchanged: number; failed: number }]
  'post:changed': [StoreChange]
  'job:changed': [{ job: Job; change: JobChange }]
  'job:progress': [{ jobId: string; postId: number; kind: JobKind; done: number; total: number; message: string }]
}

export class BlogEventBus extends EventEmitter<BlogEvents> {}
