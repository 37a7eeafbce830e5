import { EventEmitter } from 'node:events'
import type { BlogEventBus, BlogEvents } from '../core/events.js'

/** One piece of work the dashboard started: an import or a generation run. */
export interface Run {
  id: number
  kind: 'import' | 'generate'
  title: string
  done: number
  total: number
  /** The file or post being worked on. */
  current: string
  failures: { item: string; error: string }[]
  finished: boolean
  /** The closing line (counts), once finished. */
  outcome: string | null
}

export interface JobProgress {
  done: number
  total: number
  message: string
}

const KEPT_RUNS = 8

/**
 * The live part of the dashboard: runs started here and job progress, fed by the core's typed
 * events (import:start/file/done, job:progress) and by generation callbacks. Emits 'change'.
 */
export class ActivityLog extends EventEmitter<{ change: [] }> {
  runs: Run[] = []
  readonly jobProgress = new Map<string, JobProgress>()
  private nextId = 1

  /** Follows the blog's events until the returned function is called. */
  attach(events: BlogEventBus): () => void {
    const onStart = ({ total }: BlogEvents['import:start'][0]) => this.updateImport((r) => ({ ...r, total }))
    const onFile = (f: BlogEvents['import:file'][0]) =>
      this.updateImport((r) => ({
        ...r,
        done: f.index + 1,
        total: f.total,
        current: f.path,
        failures: f.error ? [...r.failures, { item: f.path, error: f.error }] : r.failures,
      }))
    const onProgress = (p: BlogEvents['job:progress'][0]) => {
      this.jobProgress.set(p.jobId, { done: p.done, total: p.total, message: p.message })
      this.emit('change')
    }
    events.on('import:start', onStart)
    events.on('import:file', onFile)
    events.on('job:progress', onProgress)
    return () => {
      events.off('import:start', onStart)
      events.off('import:file', onFile)
      events.off('job:progress', onProgress)
    }
  }

  begin(kind: Run['kind'], title: string, total = 0): Run {
    const run: Run = {
      id: this.nextId++,
      kind,
      title,
      done: 0,
      total,
      current: '',
      failures: [],
      finished: false,
      outcome: null,
    }
    this.runs = [run, ...this.runs].slice(0, KEPT_RUNS)
    this.emit('change')
    return run
  }

  update(id: number, change: (run: Run) => Run): void {
    this.runs = this.runs.map((r) => (r.id === id ? change(r) : r))
    this.emit('change')
  }

  finish(id: number, outcome: string, failure?: { item: string; error: string }): void {
    this.update(id, (r) => ({
      ...r,
      finished: true,
      outcome,
      current: '',
      failures: failure ? [...r.failures, failure] : r.failures,
    }))
  }

  /** Import events carry no run id; imports in this process are the dashboard's own, one at a time. */
  private updateImport(change: (run: Run) => Run): void {
    const open = this.runs.find((r) => r.kind === 'import' && !r.finished)
    if (open) this.update(open.id, change)
  }
}
