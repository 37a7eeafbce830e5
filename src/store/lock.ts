import lockfile from 'proper-lockfile'
import { join } from 'node:path'
import { BlogError } from '../core/errors.js'

/**
 * One writer at a time across processes (`blog import` beside `blog serve`), and in order
 * within a process. proper-lockfile's retries default to 0, which fails fast under contention;
 * we wait up to ~30 s, then say what holds it.
 */
export class StoreLock {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly dataDir: string) {}

  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(() => this.withFileLock(fn))
    this.queue = next.catch(() => {})
    return next
  }

  private async withFileLock<T>(fn: () => Promise<T>): Promise<T> {
    let release: () => Promise<void>
    try {
      release = await lockfile.lock(this.dataDir, {
        lockfilePath: join(this.dataDir, 'store.lock'),
        realpath: false,
        stale: 15_000,
        update: 5_000,
        retries: { retries: 400, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true },
      })
    } catch (e) {
      throw new BlogError(
        'STORE_LOCKED',
        `The data folder ${this.dataDir} is locked by another Scholia process (${(e as Error).message}).`,
        'Wait for the other import or generation to finish, then try again.',
      )
    }
    try {
      return await fn()
    } finally {
      await release().catch(() => {})
    }
  }
}
