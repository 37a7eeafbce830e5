import { Low } from 'lowdb'
import { z } from 'zod'
import { PostMetaSchema, type PostMeta } from '../shared/schemas/index.js'
import { syncDir } from '../core/atomic-file.js'
import { DbSchema, type DbData } from './db-schema.js'
import { JsonFileAdapter } from './json-adapter.js'
import { SHARD_COUNT, type Layout, type ShardFile } from './post-files.js'
import { damagedFile, firstIssue, REPAIR_COMMAND } from './store-errors.js'

const DB_FIX = `Restore db.json from a backup, or run \`${REPAIR_COMMAND}\` to start a new one from the posts on disk (the damaged file is kept beside it).`
const SHARD_FIX = `Run \`${REPAIR_COMMAND}\` to rebuild the index from the post bodies (the damaged file is kept beside it), or restore it from a backup.`

/** Typed with null so a Low can hold "no file" (see fresh); a file never parses to null. */
export function dbAdapter(path: string, guard?: () => void): JsonFileAdapter<DbData | null> {
  return new JsonFileAdapter(path, {
    fix: DB_FIX,
    guard,
    parse: (raw): DbData => {
      const parsed = DbSchema.safeParse(raw)
      if (!parsed.success)
        throw damagedFile(path, `is not a valid Scholia database: ${firstIssue(parsed.error)}.`, DB_FIX)
      return parsed.data
    },
  })
}

const ShardShape = z.object({ posts: z.array(z.unknown()) })

/** Shards are written several at a time: whoever writes them syncs posts/ once afterwards. */
export function shardAdapter(path: string, guard?: () => void): JsonFileAdapter<ShardFile | null> {
  return new JsonFileAdapter(path, {
    fix: SHARD_FIX,
    guard,
    syncDir: false,
    parse: (raw): ShardFile => {
      const shape = ShardShape.safeParse(raw)
      if (!shape.success) throw damagedFile(path, 'is not a post index: it has no "posts" list.', SHARD_FIX)
      const posts: PostMeta[] = []
      for (const [i, item] of shape.data.posts.entries()) {
        const parsed = PostMetaSchema.safeParse(item)
        if (!parsed.success) {
          const id = (item as { id?: unknown } | null)?.id
          const which = `entry ${i + 1}${typeof id === 'number' ? ` (post ${id})` : ''}`
          throw damagedFile(path, `has an invalid ${which}: ${firstIssue(parsed.error)}.`, SHARD_FIX)
        }
        posts.push(parsed.data)
      }
      return { posts }
    },
  })
}

/**
 * db.json and the 16 index shards as lowdb databases: `read()` and `write()` are the only way to
 * them. Each Low's `data` is what its file held when last read or written (null: no file), not
 * the store's view: the store reads every changed file first and swaps them into memory at once,
 * so one damaged shard leaves the previous state whole. Pass `guard` to refuse writes made
 * without the store lock.
 */
export class IndexFiles {
  readonly db: Low<DbData | null>
  readonly shards: Low<ShardFile | null>[]

  constructor(
    readonly files: Layout,
    guard?: () => void,
  ) {
    this.db = new Low<DbData | null>(dbAdapter(files.db, guard), null)
    this.shards = Array.from(
      { length: SHARD_COUNT },
      (_, n) => new Low<ShardFile | null>(shardAdapter(files.shard(n), guard), null),
    )
  }

  /** db.json as on disk now; null when there is none. */
  async readDb(): Promise<DbData | null> {
    return fresh(this.db)
  }

  /** Shard `n` as on disk now; null when there is none (a shard is only written once a post of it is). */
  async readShard(n: number): Promise<ShardFile | null> {
    return fresh(this.shards[n])
  }

  /** Replace the given shards, then db.json; every rename is durable before this returns. */
  async write(shards: Record<string, ShardFile>, db: DbData | null): Promise<void> {
    const entries = Object.entries(shards)
    await Promise.all(
      entries.map(([n, shard]) => {
        const low = this.shards[Number(n)]
        low.data = shard
        return low.write()
      }),
    )
    if (entries.length) await syncDir(this.files.postsDir)
    if (db) {
      this.db.data = db
      await this.db.write()
    }
  }
}

/** Low keeps its data when the file is missing; cleared first, null then means "no file". */
async function fresh<T>(low: Low<T | null>): Promise<T | null> {
  low.data = null
  await low.read()
  return low.data
}
