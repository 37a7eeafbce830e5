import { EventEmitter } from 'node:events'
import type { StoreChange } from '../store/index.js'

export type ImportFileStatus = 'imported' | 'updated' | 'unchanged' | 'failed'

/**
 * Progress and changes, as typed events. The CLI progress display, the Ink dashboard and the
 * web job tracker all listen to this one stream.
 */
export interface BlogEvents {
  'import:start': [{ total: number }]
  'import:file': [{ path: string; status: ImportFileStatus; slug: string | null; error: string | null; index: number; total: number }]
  'import:done': [{ imported: number; updated: number; unchanged: number; failed: number }]
  'post:changed': [StoreChange]
}

export class BlogEventBus extends EventEmitter<BlogEvents> {}
