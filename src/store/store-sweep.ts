import { readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { PostMeta } from '../shared/schemas/index.js'
import type { Layout } from './post-files.js'

/** Temp files of the store's own atomic writes, which only happen inside the store lock. */
const STORE_TEMP = /^\.?(db\.json|commit-journal\.json|store\.lock\.owner|index-[0-9a-f]+\.json|\d+\.\d+\.json)\.\d+\.[0-9a-f]+\.tmp$/
const BODY_FILE = /^(\d+)\.(\d+)\.json$/

async function list(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [])
}

/**
 * Left behind by a process killed mid-write: temp files that never got renamed, and bodies
 * of a commit that never reached its index (or superseded ones it had no time to delete).
 * Run inside the lock, after reading the committed index: no writer is running then, and a
 * body no committed post points at can't be reached by anyone who catches up.
 */
export async function sweepLeftovers(files: Layout, post: (id: number) => PostMeta | null): Promise<number> {
  const doomed: string[] = []
  for (const dir of [files.root, files.postsDir, files.bodiesDir]) {
    for (const name of await list(dir)) if (STORE_TEMP.test(name)) doomed.push(join(dir, name))
  }
  for (const name of await list(files.bodiesDir)) {
    const m = BODY_FILE.exec(name)
    if (m && post(Number(m[1]))?.bodyRev !== Number(m[2])) doomed.push(join(files.bodiesDir, name))
  }
  await Promise.all(doomed.map((p) => unlink(p).catch(() => {})))
  return doomed.length
}
