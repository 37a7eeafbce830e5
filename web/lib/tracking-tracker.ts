import { claimEntry, sessionIdFrom } from './tracking-session.js'
import type { SessionStore } from './tracking-session.js'
import type { SendEvent } from './tracking-transport.js'
import { marksReached, trackingEvents } from './tracking.js'
import type { EventContext } from './tracking.js'

export interface TrackerDeps {
  send: SendEvent
  /** sessionStorage, or null without it. */
  store: SessionStore
  /** A monotonic clock in ms (performance.now). */
  now: () => number
  /** The wall clock, for the entry's timestamp. */
  date: () => Date
  newId?: () => string
}

/** The post being read: from its view to its time_spent. */
interface Visit {
  postId: number
  /** When the current stretch of visible reading began; null while the tab is hidden. */
  since: number | null
  marks: Set<number>
}

/**
 * What one browser tab reports while a visitor reads (SPEC §7): entry once per session, a view
 * per post page view, time spent on leaving or hiding the tab, scroll marks, searches, essay
 * link and tag clicks. It holds the state those rules need; the page wiring only reports what
 * happened.
 */
export class ReadingTracker {
  private sessionIdValue: string | null = null
  private userId: number | null = null
  private visit: Visit | null = null
  private lastSearch: string | null = null

  constructor(private readonly deps: TrackerDeps) {}

  /** The session id, created on first use and then reused (SPEC §4). */
  get sessionId(): string {
    this.sessionIdValue ??= sessionIdFrom(this.deps.store, this.deps.newId)
    return this.sessionIdValue
  }

  /** The id of the post being read, if any. */
  get postId(): number | null {
    return this.visit?.postId ?? null
  }

  setUser(userId: number | null): void {
    this.userId = userId
  }

  private context(postId: number | null = this.postId): EventContext {
    return { userId: this.userId, sessionId: this.sessionId, postId }
  }

  /** SPEC §7 'entry', once per browser session. */
  enter(source: 'External' | 'Direct', postId: number | null): void {
    if (!claimEntry(this.deps.store)) return
    this.deps.send(trackingEvents.entry(this.context(postId), source, this.deps.date()))
  }

  /** A post page is shown: 'view', and the clock for its time_spent starts. Ends any earlier visit. */
  viewPost(post: { id: number; title: string }, visible = true): void {
    this.leavePost()
    this.visit = { postId: post.id, since: visible ? this.deps.now() : null, marks: new Set() }
    this.deps.send(trackingEvents.view(this.context(), post.title))
  }

  /** The reader leaves the post page: 'time_spent' for the visible time since the last report. */
  leavePost(): void {
    this.reportTime()
    this.visit = null
  }

  /** The tab is hidden (or the page is going away): report the time read so far, pause the clock. */
  hidden(): void {
    this.reportTime()
  }

  /** The tab is visible again: the clock restarts for the same post. */
  visible(): void {
    if (this.visit && this.visit.since === null) this.visit.since = this.deps.now()
  }

  private reportTime(): void {
    const visit = this.visit
    if (!visit || visit.since === null) return
    const spent = this.deps.now() - visit.since
    visit.since = null
    if (spent > 0) this.deps.send(trackingEvents.timeSpent(this.context(), spent), { leaving: true })
  }

  /** How far down the post the reader is (0–100): one 'scroll' per mark passed, per visit. */
  scrolled(percent: number): void {
    const visit = this.visit
    if (!visit) return
    for (const mark of marksReached(percent, visit.marks)) {
      visit.marks.add(mark)
      this.deps.send(trackingEvents.scroll(this.context(), mark))
    }
  }

  /** A search ran and its results arrived: one 'search' per distinct query in a row. */
  searched(query: string, resultsCount: number): void {
    if (!query || query === this.lastSearch) return
    this.lastSearch = query
    this.deps.send(trackingEvents.search(this.context(null), query, resultsCount))
  }

  /** The search box was cleared: the same query typed again later is a new search. */
  searchCleared(): void {
    this.lastSearch = null
  }

  /** A link inside the essay's text was followed; the page may be unloading, so it goes as a beacon. */
  clickedLink(linkText: string, targetUrl: string): void {
    if (!this.visit) return
    this.deps.send(trackingEvents.clickLink(this.context(), linkText, targetUrl), { leaving: true })
  }

  /** A tag badge was clicked, on a card or on a post. */
  clickedTag(tag: string): void {
    if (!tag) return
    this.deps.send(trackingEvents.tagClick(this.context(), tag))
  }
}
