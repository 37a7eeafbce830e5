import { readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../core/atomic-file.js'
import { BlogError } from '../core/errors.js'
import { emptyDb, SCHEMA_VERSION } from './db-schema.js'
import { SHARD_COUNT, type Layout } from './post-files.js'
import { bodyRevisions, readShard } from './folder-scan.js'
import { IndexFiles } from './index-files.js'
import { damagedFile, REPAIR_COMMAND } from './store-errors.js'
import { migrateV0SingleFile } from './migrations/v0-single-file.js'
import { migrateV1Accounts } from './migrations/v1-accounts.js'
import { migrateV2Community } from './migrations/v2-community.js'
import { migrateV3Alerts } from './migrations/v3-alerts.js'
import { migrateV4Jobs } from './migrations/v4-jobs.js'

/**
 * A step from `from` to `from + 1`. Runs inside the store lock, before anything is read. Steps
 * write db.json in an older layout than DbSchema describes, so they write the file directly;
 * once a folder is current, IndexFiles' Lows are the only path to it.
 */
export interface Migration {
  from: number
  describe: string
  up(files: Layout, raw: Record<string, unknown>): Promise<void>
}

const MIGRATIONS: Migration[] = [
  migrateV0SingleFile,
  migrateV1Accounts,
  migrateV2Community,
  migrateV3Alerts,
  migrateV4Jobs,
]

/** Where a migration from version `n` keeps the db.json it started from. */
export const backupOf = (files: Layout, n: number): string => files.dbBackup(n)

const DB_FIX = `Restore db.json from a backup (a migration leaves db.json.bak-v<N> beside it), or run \`${REPAIR_COMMAND}\` to start a new db.json from the posts on disk: the posts are kept, accounts, subscribers, comments and settings are not (the damaged file is kept beside it).`

/** Posts the folder already holds, from the index and the bodies: what an empty db.json would orphan. */
export async function postsOnDisk(files: Layout): Promise<number> {
  const ids = new Set((await bodyRevisions(files)).keys())
  for (let n = 0; n < SHARD_COUNT; n++) {
    const metas = await readShard(files.shard(n)).catch(() => null)
    for (const meta of metas ?? []) ids.add(meta.id)
  }
  return ids.size
}

/**
 * Bring the data folder to SCHEMA_VERSION: create it when empty, run each step in order when
 * it is older, refuse when it was written by a newer Scholia (downgrading would lose data).
 * A db.json the store does not recognise is refused, never migrated: taking `{}` for the oldest
 * layout once rewrote every index shard empty, and the sweep then deleted every body. A missing
 * db.json is only created for a folder without posts, for the same reason.
 */
export async function migrate(files: Layout, index: IndexFiles = new IndexFiles(files)): Promise<void> {
  let text: string | null
  try {
    text = await readFile(files.db, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw damagedFile(files.db, `could not be read (${(e as Error).message}).`, DB_FIX)
    text = null
  }
  if (text === null) {
    const held = await postsOnDisk(files)
    if (held > 0) {
      throw damagedFile(
        files.db,
        `is missing, but the data folder holds ${held} post${held === 1 ? '' : 's'}: an empty db.json would lose track of them.`,
        `Run \`${REPAIR_COMMAND}\` to rebuild db.json from the posts (accounts, subscribers, comments and settings are not stored with posts: restore db.json from a backup to keep them).`,
      )
    }
    await index.write({}, emptyDb())
    return
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw damagedFile(files.db, `is not valid JSON (${(e as Error).message}); it may have been cut short.`, DB_FIX)
  }
  let version = await recognise(files, raw)
  if (version > SCHEMA_VERSION) {
    throw new BlogError(
      'STORE_TOO_NEW',
      `${files.db} was written by a newer Scholia (data version ${version}; this one knows ${SCHEMA_VERSION}).`,
      'Upgrade Scholia to open this data folder.',
    )
  }
  if (version === SCHEMA_VERSION) return
  // The exact bytes we started from, before any step writes: a step gone wrong can be undone by hand.
  await writeFileAtomic(backupOf(files, version), text)
  while (version < SCHEMA_VERSION) {
    const step = MIGRATIONS.find((m) => m.from === version)
    if (!step) throw damagedFile(files.db, `has data version ${version}, which no migration starts from.`, DB_FIX)
    const current = JSON.parse(await readFile(files.db, 'utf8')) as Record<string, unknown>
    await step.up(files, current)
    version += 1
  }
}

/** The data version of a parsed db.json, or a refusal naming what makes it unrecognisable. */
async function recognise(files: Layout, raw: unknown): Promise<number> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw damagedFile(
      files.db,
      `is not a Scholia database (it holds ${Array.isArray(raw) ? 'a list' : JSON.stringify(raw)?.slice(0, 40)}, not an object).`,
      DB_FIX,
    )
  }
  const record = raw as Record<string, unknown>
  if ('schemaVersion' in record) {
    const v = record.schemaVersion
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
      throw damagedFile(files.db, `has an unusable "schemaVersion" (${JSON.stringify(v)}).`, DB_FIX)
    if (v > 0) return v
  }
  // Version 0 is a single-file database with its posts inline; anything else without a
  // version (`{}`, a truncated-then-rewritten file, another app's JSON) is not ours to rewrite.
  if (!Array.isArray(record.posts)) {
    throw damagedFile(
      files.db,
      'has no "schemaVersion" and no "posts" list: Scholia does not recognise it (it may have been emptied or replaced), so it was left as it is.',
      DB_FIX,
    )
  }
  for (let n = 0; n < SHARD_COUNT; n++) {
    const indexed = await readShard(files.shard(n)).catch(() => [{}])
    if (indexed && indexed.length > 0) {
      throw damagedFile(
        files.db,
        `looks like a version-0 database (posts inline, no "schemaVersion"), but posts/ already holds an index: migrating would replace it.`,
        DB_FIX,
      )
    }
  }
  return 0
}
