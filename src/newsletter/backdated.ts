/**
 * When a post counts as back-catalogue rather than news (issue 8): first published with a date
 * more than 30 days before now, as an import of old essays is. Such a post gets no new-post
 * alert (alerts-service.ts), and, dated in the past, it takes its place among the posts by that
 * date. Shared with the upload and import results, which tell the owner so (issue 40).
 */
export const BACKDATED_DAYS = 30
const BACKDATED_MS = BACKDATED_DAYS * 24 * 60 * 60 * 1000

export function isBackdated(publishedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(publishedAt) > BACKDATED_MS
}

/** The owner's note on a newly imported post dated in the past: what follows from its date. */
export function backdatedNotice(publishedAt: string): string {
  return (
    `Dated ${publishedAt.slice(0, 10)}, more than ${BACKDATED_DAYS} days ago: it is listed by that date, ` +
    'not as the newest post, and subscribers get no new-post alert for it.'
  )
}
