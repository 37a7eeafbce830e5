import { randomBytes } from 'node:crypto'
import type { Store } from '../store/index.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import type { SubscriberRecord } from '../shared/schemas/index.js'
import type { RateLimiters } from '../core/rate-limiters.js'

export interface SubscribeResult {
  /** False when the address was already on the list (not an error: DECISIONS.md). */
  created: boolean
}

/** The e-mail alert list. Alerts themselves are sent when a post is first published. */
export class NewsletterService {
  constructor(
    private readonly store: Store,
    private readonly limits: RateLimiters,
    private readonly now: () => Date,
  ) {}

  /** Subscribing twice keeps one entry. Limited per client. */
  async subscribe(email: string, client: string): Promise<SubscribeResult> {
    this.limits.take('subscribe', client, 'Too many subscription requests.')
    return this.store.transact((tx) => {
      const existing = tx.db.subscribers.find((s) => s.email.toLowerCase() === email.toLowerCase())
      if (existing) return { created: false }
      const id = Math.max(tx.db.nextSubscriberId, ...tx.db.subscribers.map((s) => s.id + 1))
      tx.db.subscribers.push({
        id,
        email,
        unsubscribeToken: randomBytes(24).toString('base64url'),
        createdAt: this.now().toISOString(),
      })
      tx.db.nextSubscriberId = id + 1
      return { created: true }
    })
  }

  /** The one-click link of every alert. True when an address was removed. */
  async unsubscribe(token: string): Promise<boolean> {
    if (!this.store.db.subscribers.some((s) => s.unsubscribeToken === token)) return false
    return this.store.transact((tx) => {
      const before = tx.db.subscribers.length
      tx.db.subscribers = tx.db.subscribers.filter((s) => s.unsubscribeToken !== token)
      return tx.db.subscribers.length < before
    })
  }

  subscribers(viewer: Viewer): SubscriberRecord[] {
    requireAdmin(viewer)
    return [...this.store.db.subscribers]
  }
}
