import { readdir, readFile } from 'node:fs/promises'
import { z } from 'zod'
import { PostMetaSchema, type PostMeta } from '../shared/schemas/index.js'
import { shardOf, type Layout } from './post-files.js'
import { damagedFile, firstIssue, REPAIR_COMMAND } from './store-errors.js'

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

const ShardShape = z.object({ posts: z.array(z.unknown()) })
const SHARD_FIX = `Run \`${REPAIR_COMMAND}\` to rebuild the index from the post bodies (the damaged file is kept beside it), or restore it from a backup.`

/**
 * One index shard, validated: null when the file does not exist; a damagedFile error naming
 * the file and its first problem when it cannot be read, is not JSON or an entry is invalid.
 */
export async function readShard(path: string): Promise<PostMeta[] | null> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw damagedFile(path, `could not be read (${(e as Error).message}).`, SHARD_FIX)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw damagedFile(path, `is not valid JSON (${(e as Error).message}); it may have been cut short.`, SHARD_FIX)
  }
  const shape = ShardShape.safeParse(raw)
  if (!shape.success) throw damagedFile(path, 'is not a post index: it has no "posts" list.', SHARD_FIX)
  const metas: PostMeta[] = []
  for (const [i, item] of shape.data.posts.entries()) {
    const parsed = PostMetaSchema.safeParse(item)
    if (!parsed.success) {
      const id = (item as { id?: unknown } | null)?.id
      const which = `entry ${i + 1}${typeof id === 'number' ? ` (post ${id})` : ''}`
      throw damagedFile(path, `has an invalid ${which}: ${firstIssue(parsed.error)}.`, SHARD_FIX)
    }
    metas.push(parsed.data)
  }
  return metas
}
