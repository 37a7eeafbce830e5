import { z } from 'zod'
import { FooterSchema, UserRecordSchema } from '../shared/schemas/index.js'

/** The current layout of the data folder. Bump it together with a migration in migrations.ts. */
export const SCHEMA_VERSION = 2

/** db.json: small, site-wide records. Posts live in shards and body files (see post-files.ts). */
export const DbSchema = z.looseObject({
  schemaVersion: z.number().int(),
  /** Next post id; an insert also checks the highest id present, so a torn commit can't reuse one. */
  nextPostId: z.number().int().min(1),
  /** Accounts: a handful of admins (SPEC §9: at most 5), so they live here, not in shards. */
  users: z.array(UserRecordSchema),
  nextUserId: z.number().int().min(1),
  settings: z.looseObject({
    about: z.string().nullable(),
    footer: FooterSchema.nullable(),
  }),
})
export type DbData = z.infer<typeof DbSchema>

export function emptyDb(): DbData {
  return { schemaVersion: SCHEMA_VERSION, nextPostId: 1, users: [], nextUserId: 1, settings: { about: null, footer: null } }
}
