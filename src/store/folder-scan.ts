import { readdir } from 'node:fs/promises'
import type { PostMeta } from '../shared/schemas/index.js'
import { shardAdapter } from './index-files.js'
import { shardOf, type Layout } from './post-files.js'

/** `{id}.{bodyRev}.json` in posts/bodies. */
export const BODY_FILE = /^(\d+)\.(\d+)\.json$/

/** Every body file on disk: post id → its revisions, oldest first. */
export async function bodyRevisions(files: Layout): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>()
  const names = await readdir(files.bodiesDir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[]
    throw e
  })
  for (const name of names) {
    const m = BODY_FILE.exec(name)
    if (!m) continue
    const id = Number(m[1])
    const revs = out.get(id) ?? []
    revs.push(Number(m[2]))
    out.set(id, revs)
  }
  for (const revs of out.values()) revs.sort((a, b) => a - b)
  return out
}

/** Ids with at least one body file that belong in shard `n`. */
export function idsOfShard(bodies: Map<number, number[]>, n: number): number[] {
  return [...bodies.keys()].filter((id) => shardOf(id) === n).sort((a, b) => a - b)
}

/**
 * One index shard, validated: null when the file does not exist; a damagedFile error naming
 * the file and its first problem when it cannot be read, is not JSON or an entry is invalid.
 * For scans outside an open store (migrations, doctor); the store reads through IndexFiles.
 */
export async function readShard(path: string): Promise<PostMeta[] | null> {
  return (await shardAdapter(path).read())?.posts ?? null
}
