import { z } from 'zod'
import {
  CommentRecordSchema,
  FooterSchema,
  JobRecordSchema,
  NewsletterAlertsSchema,
  SubscriberRecordSchema,
  UserRecordSchema,
} from '../shared/schemas/index.js'

/** The current layout of the data folder. Bump it together with a migration in migrations.ts. */
export const SCHEMA_VERSION = 5

/** db.json: small, site-wide records. Posts live in shards and body files (see post-files.ts). */
export const DbSchema = z.looseObject({
  schemaVersion: z.number().int(),
  /** Next post id; an insert also checks the highest id present, so a torn commit can't reuse one. */
  nextPostId: z.number().int().min(1),
  /** Accounts: a handful of admins (SPEC §9: at most 5), so they live here, not in shards. */
  users: z.array(UserRecordSchema),
  nextUserId: z.number().int().min(1),
  /** Newsletter addresses (one entry per address, compared case-insensitively). */
  subscribers: z.array(SubscriberRecordSchema),
  nextSubscriberId: z.number().int().min(1),
  alerts: NewsletterAlertsSchema,
  /** Visitors' comments, pending until an admin approves them. */
  comments: z.array(CommentRecordSchema),
  nextCommentId: z.number().int().min(1),
  /** Long work (images, bulk annotations/bibliographies): pending until a serving process runs it. */
  jobs: z.array(JobRecordSchema),
  /**
   * 'terminal' when this db.json was rebuilt beside posts that were already there (blog doctor
   * --repair): the site is not a fresh install, so its first admin must come from the terminal
   * (`blog admin create`), never from the first visitor of /api/auth/setup.
   */
  firstAdmin: z.literal('terminal').optional(),
  settings: z.looseObject({
    about: z.string().nullable(),
    footer: FooterSchema.nullable(),
  }),
})
export type DbData = z.infer<typeof DbSchema>

export function emptyDb(): DbData {
  return {
    schemaVersion: SCHEMA_VERSION,
    nextPostId: 1,
    users: [],
    nextUserId: 1,
    subscribers: [],
    nextSubscriberId: 1,
    alerts: { baselineAt: null, alertedSlugs: [], queue: [] },
    comments: [],
    nextCommentId: 1,
    jobs: [],
    settings: { about: null, footer: null },
  }
}
