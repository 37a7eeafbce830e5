import { randomBytes } from 'node:crypto'
import { readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'
import { DATA_NAMES } from '../core/data-folder.js'
import { processAlive } from '../core/process-alive.js'

/** The owner record sits beside the lock folder (store.lock.owner). */
const ownerOf = (lockPath: string): string => join(dirname(lockPath), DATA_NAMES.lockOwner)

/**
 * Who holds store.lock, written beside it (`store.lock.owner`) right after taking it.
 * proper-lockfile only knows a lock is abandoned once its mtime is older than `stale` (15 s),
 * so a `blog import` killed mid-commit would stall every write of `blog serve` for 15 s.
 * With the owner's pid on record, a waiter on the same machine sees at once that the holder
 * is dead and breaks the lock. The record names the lock folder it belongs to (inode and
 * birth time), so a lock taken afresh since, whose owner is not written yet, is never broken.
 */
interface OwnerRecord {
  pid: number
  host: string
  lock: string
  /** Which acquisition this is: two holders in one process (two Stores) share a pid. */
  token?: string
}

const HOST = hostname()

export async function identity(lockPath: string): Promise<string | null> {
  try {
    const s = await stat(lockPath, { bigint: true })
    return `${s.ino}:${s.birthtimeNs}`
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

/**
 * Not synced: the record only matters while this boot's processes run, and every lock taken
 * pays for it. Returns the lock folder's identity, which the holder checks before committing.
 */
export async function recordOwner(lockPath: string, token: string): Promise<string | null> {
  const lock = await identity(lockPath)
  if (!lock) return null
  const tmp = `${ownerOf(lockPath)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(tmp, JSON.stringify({ pid: process.pid, host: HOST, lock, token } satisfies OwnerRecord))
  await rename(tmp, ownerOf(lockPath))
  return lock
}

/**
 * Is the lock still the one this holder took? A process that stalled past the stale time may
 * have had it broken and retaken by another: then the folder is gone or new (another identity),
 * or the owner record names another acquisition.
 */
export async function stillHeld(lockPath: string, lock: string, token: string): Promise<boolean> {
  if ((await identity(lockPath)) !== lock) return false
  try {
    const owner = JSON.parse(await readFile(ownerOf(lockPath), 'utf8')) as OwnerRecord
    return owner.token === token
  } catch {
    return false
  }
}

export async function forgetOwner(lockPath: string): Promise<void> {
  await unlink(ownerOf(lockPath)).catch(() => {})
}

/** Remove the lock when its recorded holder is a process of this machine that no longer runs. */
export async function breakIfOwnerDead(lockPath: string): Promise<boolean> {
  let owner: OwnerRecord
  try {
    owner = JSON.parse(await readFile(ownerOf(lockPath), 'utf8')) as OwnerRecord
  } catch {
    return false
  }
  if (owner.host !== HOST || owner.pid === process.pid || processAlive(owner.pid)) return false
  const current = await identity(lockPath)
  if (current === null) return true
  if (current !== owner.lock) return false
  await forgetOwner(lockPath)
  await rmdir(lockPath).catch(() => {})
  return true
}
