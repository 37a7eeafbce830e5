import { readJsonFile, writeFileAtomic } from './atomic-file.js'
import { BlogError } from '../core/errors.js'
import { emptyDb, SCHEMA_VERSION } from './db-schema.js'
import type { Layout } from './post-files.js'
import { migrateV0SingleFile } from './migrations/v0-single-file.js'
import { migrateV1Accounts } from './migrations/v1-accounts.js'
import { migrateV2Community } from './migrations/v2-community.js'
import { migrateV3Alerts } from './migrations/v3-alerts.js'
import { migrateV4Jobs } from './migrations/v4-jobs.js'

/** A step from `from` to `from + 1`. Runs inside the store lock, before anything is read. */
export interface Migration {
  from: number
  describe: string
  up(files: Layout, raw: Record<string, unknown>): Promise<void>
}

const MIGRATIONS: Migration[] = [migrateV0SingleFile, migrateV1Accounts, migrateV2Community, migrateV3Alerts, migrateV4Jobs]

/**
 * Bring the data folder to SCHEMA_VERSION: create it when empty, run each step in order when
 * it is older, refuse when it was written by a newer Scholia (downgrading would lose data).
 */
export async function migrate(files: Layout): Promise<void> {
  const raw = await readJsonFile<Record<string, unknown>>(files.db).catch((e: Error) => {
    throw new BlogError('STORE_CORRUPT', `${files.db} is not valid JSON: ${e.message}`, 'Restore it from a backup, or move it away to start an empty site.')
  })
  if (raw === null) {
    await writeFileAtomic(files.db, JSON.stringify(emptyDb()))
    return
  }
  let version = typeof raw.schemaVersion === 'number' ? raw.schemaVersion : 0
  if (version > SCHEMA_VERSION) {
    throw new BlogError('STORE_TOO_NEW', `${files.db} was written by a newer Scholia (data version ${version}; this one knows ${SCHEMA_VERSION}).`, 'Upgrade Scholia to open this data folder.')
  }
  while (version < SCHEMA_VERSION) {
    const step = MIGRATIONS.find((m) => m.from === version)
    if (!step) throw new BlogError('STORE_CORRUPT', `No migration from data version ${version}.`)
    const current = (await readJsonFile<Record<string, unknown>>(files.db)) ?? {}
    await step.up(files, current)
    version += 1
  }
}
