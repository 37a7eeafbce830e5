import { writeFileAtomic } from '../../core/atomic-file.js'
import type { Layout } from '../post-files.js'
import type { Migration } from '../migrations.js'

/**
 * Version 4 adds the record of new-post alerts. Its baseline stays unset, so the first scan
 * counts every post already published as alerted: upgrading never mails old posts.
 */
export const migrateV3Alerts: Migration = {
  from: 3,
  describe: 'add new-post alert records to db.json',
  async up(files: Layout, raw: Record<string, unknown>): Promise<void> {
    const alerts = raw.alerts ?? { baselineAt: null, alertedSlugs: [], queue: [] }
    await writeFileAtomic(files.db, JSON.stringify({ ...raw, alerts, schemaVersion: 4 }))
  },
}
