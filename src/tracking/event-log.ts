import { appendFile, readFile, readdir, rename, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDir } from '../core/atomic-file.js'

export interface EventLogOptions {
  dir: string
  /** A file is rotated when it passes this size. */
  maxFileBytes?: number
  /** Rotated files kept; older ones are deleted, so the folder never grows past ~(keep+1) × maxFileBytes. */
  keepFiles?: number
}

/**
 * An append-only JSON-lines log with size-based rotation: `events.jsonl`, then
 * `events-<time>.jsonl` for full files. Appends from one process are serialised; each line
 * is one write, so a crash can cut at most the last line, which readers skip.
 */
export class EventLog {
  private readonly file: string
  private readonly maxFileBytes: number
  private readonly keepFiles: number
  private queue: Promise<void> = Promise.resolve()
  private size: number | null = null

  constructor(private readonly opts: EventLogOptions) {
    this.file = join(opts.dir, 'events.jsonl')
    this.maxFileBytes = opts.maxFileBytes ?? 5 * 1024 * 1024
    this.keepFiles = opts.keepFiles ?? 4
  }

  append(record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`
    const next = this.queue.then(() => this.write(line))
    this.queue = next.catch(() => {})
    return next
  }

  /** Every record kept, oldest first (rotated files, then the current one); a cut last line is skipped. */
  async readAll(): Promise<unknown[]> {
    await this.queue
    const names = await readdir(this.opts.dir).catch(() => [] as string[])
    const files = [
      ...names.filter((f) => /^events-\d+\.jsonl$/.test(f)).sort(),
      ...(names.includes('events.jsonl') ? ['events.jsonl'] : []),
    ]
    const out: unknown[] = []
    for (const f of files) {
      const text = await readFile(join(this.opts.dir, f), 'utf8').catch(() => '')
      for (const line of text.split('\n')) {
        if (!line) continue
        try {
          out.push(JSON.parse(line))
        } catch {
          // a line cut by a crash
        }
      }
    }
    return out
  }

  private async write(line: string): Promise<void> {
    if (this.size === null) {
      await ensureDir(this.opts.dir)
      this.size = await stat(this.file).then(
        (s) => s.size,
        () => 0,
      )
    }
    if (this.size + Buffer.byteLength(line) > this.maxFileBytes && this.size > 0) await this.rotate()
    await appendFile(this.file, line)
    this.size += Buffer.byteLength(line)
  }

  private async rotate(): Promise<void> {
    await rename(this.file, join(this.opts.dir, `events-${Date.now()}.jsonl`))
    this.size = 0
    const rotated = (await readdir(this.opts.dir)).filter((f) => /^events-\d+\.jsonl$/.test(f)).sort()
    for (const old of rotated.slice(0, Math.max(0, rotated.length - this.keepFiles)))
      await unlink(join(this.opts.dir, old)).catch(() => {})
  }
}
