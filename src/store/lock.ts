import lockfile from 'proper-lockfile'
import { randomBytes } from 'node:crypto'
import { rmdir } from 'node:fs/promises'
import { dataFolder } from '../core/data-folder.js'
import { BlogError } from '../core/errors.js'
import { breakIfOwnerDead, forgetOwner, recordOwner, stillHeld } from './lock-owner.js'

/** How long a silent holder keeps the lock (proper-lockfile's `stale`) and how often it says it is alive. */
export interface LockTiming {
  staleMs: number
  updateMs: number
}

const DEFAULT_TIMING: LockTiming = { staleMs: 15_000, updateMs: 5_000 }

/**
 * Thrown inside the store when this process no longer holds store.lock: it stalled (a long
 * synchronous render, a suspended laptop, swapping) past the stale time and another process may
 * have broken the lock. `committed` says whether the commit point was already passed, in which
 * case the change may be on disk and must be checked rather than redone.
 */
export class LockLostError extends Error {
  /** The transaction's result, when the commit point was passed: returned if the commit is confirmed. */
  value: unknown = undefined
  constructor(
    readonly committed: boolean,
    cause?: unknown,
  ) {
    super('The store lock was lost while this process held it.', { cause })
    this.name = 'LockLostError'
  }
}

/** What a holder can ask about the lock it holds. */
export interface HeldLock {
  /** Throws LockLostError (not committed) when the lock is no longer ours. */
  check(): Promise<void>
  readonly lost: boolean
}

class Holding implements HeldLock {
  lost = false
  reason: unknown = null
  identity: string | null = null
  readonly token = randomBytes(8).toString('hex')

  constructor(private readonly lockPath: string) {}

  /** proper-lockfile's onCompromised: its default throws from a timer and kills the process. */
  markLost(e: unknown): void {
    this.lost = true
    this.reason ??= e
  }

  async check(): Promise<void> {
    if (!this.lost && this.identity && !(await stillHeld(this.lockPath, this.identity, this.token)))
      this.markLost(new Error('the lock was taken over'))
    if (this.lost) throw new LockLostError(false, this.reason)
  }
}

/**
 * One writer at a time across processes (`blog import` beside `blog serve`), and in order
 * within a process. proper-lockfile's retries default to 0, which fails fast under contention;
 * we wait up to ~30 s, then say what holds it.
 */
export class StoreLock {
  private queue: Promise<unknown> = Promise.resolve()
  /** The holding of the run under way in this process, if any. */
  private current: Holding | null = null

  constructor(
    private readonly dataDir: string,
    private readonly timing: LockTiming = DEFAULT_TIMING,
  ) {}

  run<T>(fn: (held: HeldLock) => Promise<T>): Promise<T> {
    const next = this.queue.then(() => this.withFileLock(fn))
    this.queue = next.catch(() => {})
    return next
  }

  private async withFileLock<T>(fn: (held: HeldLock) => Promise<T>): Promise<T> {
    const held = new Holding(this.lockPath)
    let release: () => Promise<void>
    try {
      release = await this.acquire(held)
    } catch (e) {
      throw new BlogError(
        'STORE_LOCKED',
        `The data folder ${this.dataDir} is locked by another Scholia process (${(e as Error).message}).`,
        'Wait for the other import or generation to finish, then try again.',
      )
    }
    this.current = held
    try {
      return await fn(held)
    } finally {
      this.current = null
      if (!held.lost) {
        await forgetOwner(this.lockPath)
        await release().catch(() => {})
      } else if (held.identity && (await stillHeld(this.lockPath, held.identity, held.token).catch(() => false))) {
        // Lost to the clock only (we stalled, nobody took it): the folder is still ours, and
        // leaving it would make our own next write wait for it to go stale.
        await forgetOwner(this.lockPath)
        await rmdir(this.lockPath).catch(() => {})
      }
      // Otherwise another process holds it now: its lock folder and owner record are not ours to remove.
    }
  }

  /**
   * For the store's file adapters: a write outside `run` would race other processes' commits.
   * A lock lost to a stall is not refused here: the commit decides, since past its commit point
   * the files must still be written (commit-journal.ts).
   */
  assertHeld(): void {
    if (!this.current) throw new Error(`A write to ${this.dataDir} was attempted without holding its store lock.`)
  }

  private get lockPath(): string {
    return dataFolder(this.dataDir).lock
  }

  /** Retry for ~30 s; a lock whose holder died (SIGKILL, power cut of a child) is broken at once. */
  private async acquire(held: Holding): Promise<() => Promise<void>> {
    const deadline = Date.now() + WAIT_MS
    let delay = 5
    for (;;) {
      try {
        const release = await lockfile.lock(this.dataDir, {
          lockfilePath: this.lockPath,
          realpath: false,
          stale: this.timing.staleMs,
          update: this.timing.updateMs,
          retries: 0,
          onCompromised: (e) => held.markLost(e),
        })
        held.identity = await recordOwner(this.lockPath, held.token).catch(async (e: unknown) => {
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
