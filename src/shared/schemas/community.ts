import { z } from 'zod'

/** DECISIONS.md: visitors comment with a name and up to 5,000 characters; an admin approves. */
export const COMMENT_MAX = 5_000

export const CommentStatusSchema = z.enum(['pending', 'approved'])

export const CommentRecordSchema = z.object({
  id: z.number().int().min(1),
  postId: z.number().int().min(1),
  name: z.string().min(1).max(80),
  text: z.string().min(1).max(COMMENT_MAX),
  status: CommentStatusSchema,
  createdAt: z.string(),
})
export type CommentRecord = z.infer<typeof CommentRecordSchema>
/** Comments as the API answers them: the stored record; nothing about the writer beyond their chosen name. */
export type Comment = CommentRecord

export const CommentInputSchema = z.object({
  name: z.string('Name is required').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  text: z
    .string('Comment is required')
    .trim()
    .min(1, 'Comment is required')
    .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`),
  /** Honeypot: hidden from people, filled by bots. A filled one is accepted and dropped. */
  website: z.string().max(500).optional(),
})
export type CommentInput = z.infer<typeof CommentInputSchema>

export const CommentModerationSchema = z.object({ status: CommentStatusSchema })

export const SubscriberRecordSchema = z.object({
  id: z.number().int().min(1),
  email: z.string().max(254),
  /** Random; carried by the unsubscribe link of every alert. */
  unsubscribeToken: z.string().min(20),
  createdAt: z.string(),
})
export type SubscriberRecord = z.infer<typeof SubscriberRecordSchema>

/** One post's alert, being sent: subscribers still to mail are popped before each send (at most once). */
export const AlertJobSchema = z.object({
  postId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  pending: z.array(z.number().int()),
  queuedAt: z.string(),
})
export type AlertJob = z.infer<typeof AlertJobSchema>

/** New-post alerts: which posts have had theirs (by slug, so a re-import never alerts again) and what is still being sent. */
export const NewsletterAlertsSchema = z.object({
  /** When alerts started; posts published before it never alert. Null until the first scan. */
  baselineAt: z.string().nullable(),
  alertedSlugs: z.array(z.string()),
  queue: z.array(AlertJobSchema),
})
export type NewsletterAlerts = z.infer<typeof NewsletterAlertsSchema>
