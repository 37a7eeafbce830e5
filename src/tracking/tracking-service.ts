import type { Viewer } from '../core/viewer.js'
import type { RateLimiters } from '../core/rate-limiters.js'
import { TrackingEventSchema, type TrackingEvent } from '../shared/schemas/index.js'
import { z } from 'zod'
import { EventLog } from './event-log.js'
import { dataFolder } from '../core/data-folder.js'

/** An event as kept: the time it arrived and the session's user, never an address. */
export const StoredTrackingEventSchema = TrackingEventSchema.extend({
  at: z.string(),
  userId: z.number().int().nullable(),
})
export type StoredTrackingEvent = z.infer<typeof StoredTrackingEventSchema>

/**
 * Reading events (SPEC §7 tracking), kept to compute reader insights. DECISIONS.md: no IP
 * addresses, bounded size, only the listed actions. The user id is the session's, never what
 * the page claims.
 */
export class TrackingService {
  private readonly log: EventLog

  constructor(
    dataDir: string,
    private readonly limits: RateLimiters,
    private readonly now: () => Date,
  ) {
    this.log = new EventLog({ dir: dataFolder(dataDir).trackingDir })
  }

  /** Every stored event, oldest first; lines that do not read as an event are left out. */
  async events(): Promise<StoredTrackingEvent[]> {
    const out: StoredTrackingEvent[] = []
    for (const record of await this.log.readAll()) {
      const parsed = StoredTrackingEventSchema.safeParse(record)
      if (parsed.success) out.push(parsed.data)
    }
    return out
  }

  async record(event: TrackingEvent, viewer: Viewer, client: string): Promise<void> {
    this.limits.take('track', client, 'Too many tracking events.')
    await this.log.append({
      at: this.now().toISOString(),
      userId: viewer.userId,
      sessionId: event.sessionId,
      postId: event.postId,
      actionType: event.actionType,
      actionData: event.actionData,
    })
  }
}
