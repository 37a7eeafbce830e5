import { writeFileAtomic } from '../../core/atomic-file.js'
import type { Layout } from '../post-files.js'
import type { Migration } from '../migrations.js'

/** Version 3 adds newsletter subscribers and comments to db.json. */
export const migrateV2Community: Migration = {
  from: 2,
  describe: 'add subscribers and comments to db.json',
  async up(files: Layout, raw: Record<string, unknown>): Promise<void> {
    const list = (v: unknown) => (Array.isArray(v) ? v : [])
    const counter = (v: unknown) => (typeof v === 'number' ? v : 1)
    const db = {
      ...raw,
      subscribers: list(raw.subscribers),
      nextSubscriberId: counter(raw.nextSubscriberId),
      comments: list(raw.comments),
      nextCommentId: counter(raw.nextCommentId),
      schemaVersion: 3,
    }
    await writeFileAtomic(files.db, JSON.stringify(db))
  },
}
