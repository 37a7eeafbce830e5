import { dataFolder } from '../core/data-folder.js'
import type { PostMeta } from '../shared/schemas/index.js'

/**
 * Where post data lives. The index of post metadata is split into shards so that changing one
 * post rewrites ~1/16 of the index, and each post's large body is a file named by its revision:
 * a new revision is written first and the shard rename commits it, so a crash never leaves an
 * index pointing at a half-written body.
 */
export const SHARD_COUNT = 16

export const shardOf = (id: number): number => id % SHARD_COUNT

/** The store's part of the data folder (names: core/data-folder.ts). */
export const layout = (dataDir: string) => {
  const f = dataFolder(dataDir)
  return {
    root: f.root,
    db: f.db,
    journal: f.journal,
    postsDir: f.postsDir,
    bodiesDir: f.bodiesDir,
    shard: f.shard,
    body: f.body,
    dbBackup: f.dbBackup,
  }
}
export type Layout = ReturnType<typeof layout>

export interface ShardFile {
  posts: PostMeta[]
}
