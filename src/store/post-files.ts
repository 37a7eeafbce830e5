import { join } from 'node:path'
import type { PostMeta } from '../shared/schemas/index.js'

/**
 * Where post data lives. The index of post metadata is split into shards so that changing one
 * post rewrites ~1/16 of the index, and each post's large body is a file named by its revision:
 * a new revision is written first and the shard rename commits it, so a crash never leaves an
 * index pointing at a half-written body.
 */
export const SHARD_COUNT = 16

export const shardOf = (id: number): number => id % SHARD_COUNT

export const layout = (dataDir: string) => ({
  root: dataDir,
  db: join(dataDir, 'db.json'),
  /** A multi-file commit's new contents, present only while it is applied (commit-journal.ts). */
  journal: join(dataDir, 'commit-journal.json'),
  postsDir: join(dataDir, 'posts'),
  bodiesDir: join(dataDir, 'posts', 'bodies'),
  shard: (n: number) => join(dataDir, 'posts', `index-${n.toString(16).padStart(2, '0')}.json`),
  body: (id: number, rev: number) => join(dataDir, 'posts', 'bodies', `${id}.${rev}.json`),
})
export type Layout = ReturnType<typeof layout>

export interface ShardFile {
  posts: PostMeta[]
}
