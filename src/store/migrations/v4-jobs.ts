import { writeFileAtomic } from '../../core/atomic-file.js'
import type { Layout } from '../post-files.js'
import type { Migration } from '../migrations.js'

/** Version 5 adds the persistent jobs (images, bulk annotations and bibliographies). */
export const migrateV4Jobs: Migration = {
  from: 4,
  describe: 'add the jobs collection to db.json',
  async up(files: Layout, raw: Record<string, unknown>): Promise<void> {
    const jobs = Array.isArray(raw.jobs) ? raw.jobs : []
    await writeFileAtomic(files.db, JSON.stringify({ ...raw, jobs, schemaVersion: 5 }))
  },
}
