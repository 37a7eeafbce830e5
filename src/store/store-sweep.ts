import { readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { PostMeta } from '../shared/schemas/index.js'
import type { Layout } from './post-files.js'
import { BODY_FILE } from './folder-scan.js'
import { STORE_TEMP_FILE } from '../core/data-folder.js'

async function list(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => [])
}

/**
 * Left behind by a process killed mid-write: temp files that never got renamed, and bodies
 * of a commit that never reached its index (or superseded ones it had no time to delete).
 * Run inside the lock, after reading the whole committed index (every shard present and
 * valid): no writer is running then, and a body no committed post points at can't be reached
 * by anyone who catches up.
 *
 * A body whose post is not in the index at all is deleted only when its id is at or above
 * db.json's `nextPostId`, i.e. an insert that never committed. Below it, the post was
 * committed once: it was deleted (and the kill came before its body went), or the index lost
 * it (a shard restored from an old copy). Telling these apart is not worth a post, so such a
 * body is kept, and `blog doctor` lists it.
 */
export async function sweepLeftovers(
  files: Layout,
  post: (id: number) => PostMeta | null,
  nextPostId: number,
): Promise<number> {
  const doomed: string[] = []
  for (const dir of [files.root, files.postsDir, files.bodiesDir]) {
    for (const name of await list(dir)) if (STORE_TEMP_FILE.test(name)) doomed.push(join(dir, name))
  }
  for (const name of await list(files.bodiesDir)) {
    const m = BODY_FILE.exec(name)
    if (!m) continue
    const id = Number(m[1])
    const indexed = post(id)
    if (indexed ? indexed.bodyRev !== Number(m[2]) : id >= nextPostId) doomed.push(join(files.bodiesDir, name))
  }
  await Promise.all(doomed.map((p) => unlink(p).catch(() => {})))
  return doomed.length
}
