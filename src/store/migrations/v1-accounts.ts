import { writeFileAtomic } from '../../core/atomic-file.js'
import type { Layout } from '../post-files.js'
import type { Migration } from '../migrations.js'

/** Version 2 adds accounts to db.json: an empty list and the id counter. Nothing else moves. */
export const migrateV1Accounts: Migration = {
  from: 1,
  describe: 'add accounts to db.json',
  async up(files: Layout, raw: Record<string, unknown>): Promise<void> {
    const db = {
      ...raw,
      users: Array.isArray(raw.users) ? raw.users : [],
      nextUserId: typeof raw.nextUserId === 'number' ? raw.nextUserId : 1,
      schemaVersion: 2,
    }
    await writeFileAtomic(files.db, JSON.stringify(db))
  },
}
