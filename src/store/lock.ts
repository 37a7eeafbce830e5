import lockfile from 'proper-lockfile'
import { join } from 'node:path'
import { BlogError } from '../core/errors.js'
import { breakIfOwnerDead, forgetOwner, recordOwner } from './lock-owner.js'

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
      release = await this.acquire()
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
      await forgetOwner(this.lockPath)
      await release().catch(() => {})
    }
  }

  private get lockPath(): string {
    return join(this.dataDir, 'store.lock')
  }

  /** Retry for ~30 s; a lock whose holder died (SIGKILL, power cut of a child) is broken at once. */
  private async acquire(): Promise<() => Promise<void>> {
    const deadline = Date.now() + WAIT_MS
    let delay = 5
    for (;;) {
      try {
        const release = await lockfile.lock(this.dataDir, { lockfilePath: this.lockPath, realpath: false, stale: 15_000, update: 5_000, retries: 0 })
        await recordOwner(this.lockPath).catch(async (e: unknown) => {
          await release().catch(() => {})
          throw e
        })
        return release
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ELOCKED' || Date.now() > deadline) throw e
        if (await breakIfOwnerDead(this.lockPath)) continue
        await new Promise((r) => setTimeout(r, delay * (1 + Math.random())))
        delay = Math.min(100, delay * 1.2)
      }
    }
  }
}

const WAIT_MS = 30_000
