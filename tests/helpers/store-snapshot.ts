import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** A data folder's stored state: every file under it (db.json, the post index shards and bodies, media…) by content hash. */
export type StoreSnapshot = Map<string, string>

/** Lock files and the lock's owner record come and go with every read-modify-write; they are not stored state. */
const isLock = (name: string) => name.endsWith('.lock') || name.endsWith('.lock.owner') || name.endsWith('.tmp')

/** Content hashes by path and stat: a file is read again only when its size, time or inode changed. */
const hashes = new Map<string, { stamp: string; hash: string }>()
function hashOf(path: string, stamp: string): string {
  const known = hashes.get(path)
  if (known?.stamp === stamp) return known.hash
  const hash = createHash('sha1').update(readFileSync(path)).digest('hex')
  hashes.set(path, { stamp, hash })
  return hash
}

export function snapshotStore(dataDir: string): StoreSnapshot {
  const out: StoreSnapshot = new Map()
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const name of readdirSync(dir)) {
      if (isLock(name)) continue
      const path = join(dir, name)
      const info = statSync(path, { throwIfNoEntry: false })
      if (!info) continue
      if (info.isDirectory()) walk(path)
      else out.set(relative(dataDir, path), hashOf(path, `${info.size}:${info.mtimeMs}:${info.ino}`))
    }
  }
  walk(dataDir)
  return out
}

/** The files that appeared, vanished or changed between two snapshots ([] when none did). */
export function storeChanges(before: StoreSnapshot, after: StoreSnapshot): string[] {
  const changed: string[] = []
  for (const [path, hash] of after)
    if (before.get(path) !== hash) changed.push(before.has(path) ? `changed ${path}` : `added ${path}`)
  for (const path of before.keys()) if (!after.has(path)) changed.push(`removed ${path}`)
  return changed.sort()
}

/**
 * Waits until background writes that an accepted request started (jobs, alerts, event logs)
 * have landed: the snapshot is taken again until two in a row agree.
 */
export async function settledSnapshot(dataDir: string, tries = 20): Promise<StoreSnapshot> {
  let last = snapshotStore(dataDir)
  for (let i = 0; i < tries; i++) {
    await new Promise((r) => setTimeout(r, 25))
    const next = snapshotStore(dataDir)
    if (storeChanges(last, next).length === 0) return next
    last = next
  }
  return last
}
