import type { Store } from '../store/index.js'
import type { BlogConfig } from '../core/config.js'
import type { Mailer } from '../mail/mailer.js'
import { newPostAlertMail } from '../mail/templates/new-post-alert.js'
import type { AlertJob } from '../shared/schemas/index.js'
import { pathFor } from '../shared/api/endpoint.js'
import { ENDPOINTS } from '../shared/api/endpoints.js'
import { isBackdated } from './backdated.js'
/** Subscribers taken per store write while sending. */
const BATCH = 25

export interface AlertsOptions {
  store: Store
  config: BlogConfig
  mailer: Mailer
  now: () => Date
  log: (message: string) => void
}

/**
 * New-post alerts (DECISIONS.md, issue 8). When a post is published for the first time, each
 * subscriber gets one e-mail. "Never twice" holds across restarts, re-imports and several
 * serving processes: a post is marked alerted (by slug) in the same write that queues its
 * alert, and each subscriber is taken off the queue in a write made before their mail goes
 * out, so a crash can lose an alert but never repeat one.
 */
export class AlertsService {
  private running: Promise<void> | null = null
  private again = false

  constructor(private readonly o: AlertsOptions) {}

  /** Follow the store: every change may have published something. Returns a stop function. */
  start(): () => void {
    const onChange = () => void this.run()
    this.o.store.on('change', onChange)
    void this.run()
    return () => this.o.store.off('change', onChange)
  }

  /** Queue alerts for newly published posts and send what is queued. Safe to call any time. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        await this.queueNewPosts()
        await this.drain()
      } while (this.again)
    })()
      .catch((e: unknown) => this.o.log(`New-post alerts: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.running = null
      })
    return this.running
  }

  private async queueNewPosts(): Promise<void> {
    const { db } = this.o.store
    const alerted = new Set(db.alerts.alertedSlugs)
    const fresh = this.o.store.posts().filter((p) => p.status === 'published' && !alerted.has(p.slug))
    if (db.alerts.baselineAt !== null && fresh.length === 0) return
    await this.o.store.transact((tx) => {
      const alerts = tx.db.alerts
      const now = this.o.now()
      const seen = new Set(alerts.alertedSlugs)
      const published = tx.posts().filter((p) => p.status === 'published' && !seen.has(p.slug))
      const first = alerts.baselineAt === null
      if (first) alerts.baselineAt = now.toISOString()
      for (const post of published) {
        alerts.alertedSlugs.push(post.slug)
        // back-catalogue (an import of old essays), not news
        const backdated = isBackdated(post.publishedAt, now)
        if (first || backdated || tx.db.subscribers.length === 0) continue
        alerts.queue.push({
          postId: post.id,
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          pending: tx.db.subscribers.map((s) => s.id),
          queuedAt: now.toISOString(),
        })
      }
    })
  }

  private async drain(): Promise<void> {
    for (;;) {
      // Look before locking: a write here would wake this loop again.
      if (this.o.store.db.alerts.queue.length === 0) return
      const batch = await this.o.store.transact((tx) => {
        const queue = tx.db.alerts.queue
        while (queue.length && queue[0].pending.length === 0) queue.shift()
        const job = queue[0]
        if (!job) return null
        const ids = job.pending.splice(0, BATCH)
        const recipients = tx.db.subscribers.filter((s) => ids.includes(s.id))
        return { job: { ...job }, recipients }
      })
      if (!batch) return
      for (const subscriber of batch.recipients)
        await this.send(batch.job, subscriber.email, subscriber.unsubscribeToken)
    }
  }

  private async send(job: AlertJob, to: string, token: string): Promise<void> {
    const base = this.o.config.baseUrl
    const mail = newPostAlertMail({
      to,
      siteName: this.o.config.siteName,
      title: job.title,
      excerpt: job.excerpt,
      link: `${base}/posts/${encodeURIComponent(job.slug)}`,
      unsubscribeUrl: `${base}${pathFor(ENDPOINTS.unsubscribe, {}, `token=${encodeURIComponent(token)}`)}`,
    })
    try {
      await this.o.mailer.send(mail)
    } catch (e) {
      // Not retried: a retry after a partial send could mail twice.
      this.o.log(
        `Could not send the alert for "${job.slug}" to subscriber: ${e instanceof Error ? e.message : String(e)}`,
      )
    }
  }
}
