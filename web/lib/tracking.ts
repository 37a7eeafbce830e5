/**
 * Reading events (SPEC §7 "Tracking"): what each event carries, and the small bits of logic
 * around them (where a visitor came from, how far down a post they are, which search a cached
 * query answers). Pure: the browser wiring is in components/layout/reading-tracker.tsx, the
 * session in tracking-session.ts, the sending in tracking-transport.ts.
 */
import { ENDPOINTS } from '../../src/shared/api/endpoints.js'

/** SPEC §7: the action types, and nothing else (DECISIONS.md: only the actions the spec lists). */
export type TrackingAction = 'entry' | 'time_spent' | 'view' | 'search' | 'click_link' | 'tag_click' | 'scroll'

export type ActionData = Record<string, string | number | boolean | null>

/** SPEC §3 Tracking event: the body of POST /api/user/track. */
export interface TrackingEvent {
  userId: number | null
  sessionId: string
  postId: number | null
  actionType: TrackingAction
  actionData: ActionData
}

/** Who sends an event and about which post. The server takes the user from the session anyway. */
export interface EventContext {
  userId: number | null
  sessionId: string
  postId: number | null
}

/** The server refuses strings in actionData longer than this (src/shared/schemas/site.ts). */
export const TEXT_LIMIT = 500

/** SPEC §7 'scroll': the marks a reader passes on the way down a post. */
export const SCROLL_MARKS = [25, 50, 75, 100] as const

/** Text as it reads on screen, whitespace squeezed, cut to what the server accepts. */
export function clip(text: string, max = TEXT_LIMIT): string {
  const squeezed = text.replace(/\s+/g, ' ').trim()
  return squeezed.length <= max ? squeezed : `${squeezed.slice(0, max - 1)}…`
}

/**
 * SPEC §7 'entry' source: 'External' when the visitor arrived from another site's page,
 * 'Direct' when there is no referrer (typed, bookmarked, privacy settings) or it is this site.
 */
export function entrySource(referrer: string, host: string): 'External' | 'Direct' {
  if (!referrer) return 'Direct'
  try {
    return new URL(referrer).host === host ? 'Direct' : 'External'
  } catch {
    return 'Direct'
  }
}

const event = (ctx: EventContext, actionType: TrackingAction, actionData: ActionData): TrackingEvent => ({
  userId: ctx.userId,
  sessionId: ctx.sessionId,
  postId: ctx.postId,
  actionType,
  actionData,
})

/** The events of SPEC §7, one builder each, with their actionData exactly as the table names it. */
export const trackingEvents = {
  entry: (ctx: EventContext, source: 'External' | 'Direct', at: Date) =>
    event(ctx, 'entry', { source, timestamp: at.toISOString() }),
  view: (ctx: EventContext, postTitle: string) => event(ctx, 'view', { postTitle: clip(postTitle) }),
  timeSpent: (ctx: EventContext, ms: number) => event(ctx, 'time_spent', { timeSpent: Math.max(0, Math.round(ms)) }),
  search: (ctx: EventContext, query: string, resultsCount: number) =>
    event(ctx, 'search', { query: clip(query), resultsCount }),
  clickLink: (ctx: EventContext, linkText: string, targetUrl: string) =>
    event(ctx, 'click_link', { linkText: clip(linkText), targetUrl: clip(targetUrl) }),
  tagClick: (ctx: EventContext, tag: string) => event(ctx, 'tag_click', { tag: clip(tag) }),
  scroll: (ctx: EventContext, scrollPercentage: number) => event(ctx, 'scroll', { scrollPercentage }),
}

/**
 * How much of an element a reader has brought into view, 0–100: the share of its height above
 * the bottom of the window. An element whose end is on screen reads 100.
 */
export function scrolledPercent(rect: { top: number; height: number }, viewportHeight: number): number {
  if (rect.height <= 0) return 100
  const seen = (viewportHeight - rect.top) / rect.height
  return Math.round(Math.min(1, Math.max(0, seen)) * 100)
}

/** The marks reached at `percent` that have not been sent yet, in order. */
export function marksReached(percent: number, sent: ReadonlySet<number>): number[] {
  return SCROLL_MARKS.filter((mark) => percent >= mark && !sent.has(mark))
}

interface PrivacySignals {
  doNotTrack?: string | null
  globalPrivacyControl?: boolean
}

/**
 * False when the browser asks not to be tracked: Do Not Track ('1', also on `window` in older
 * browsers) or Global Privacy Control. Then no event is sent at all.
 */
export function trackingAllowed(nav: PrivacySignals | undefined, win?: { doNotTrack?: string | null }): boolean {
  if (nav?.doNotTrack === '1' || nav?.doNotTrack === 'yes' || win?.doNotTrack === '1') return false
  return nav?.globalPrivacyControl !== true
}

/**
 * The search a cached query answers, from its key: the home list's ['/api/posts?search=q'] or
 * the advanced search's ['/api/search/advanced?q=…']. Null for any other query.
 */
export function searchQueryOfKey(queryKey: readonly unknown[]): string | null {
  const [first] = queryKey
  if (queryKey.length !== 1 || typeof first !== 'string') return null
  const url = new URL(first, 'http://x')
  if (url.pathname === ENDPOINTS.listPosts.path) return url.searchParams.get('search')?.trim() || null
  if (url.pathname === ENDPOINTS.advancedSearch.path) return url.searchParams.get('q')?.trim() || null
  return null
}

/** How many results a search answer holds: a list's length, or the search result's totalCount. */
export function resultsCountOf(data: unknown): number | null {
  if (Array.isArray(data)) return data.length
  if (data && typeof data === 'object') {
    const { totalCount, results } = data as { totalCount?: unknown; results?: unknown }
    if (typeof totalCount === 'number') return totalCount
    if (Array.isArray(results)) return results.length
  }
  return null
}

/** The tag a tag link stands for: its data-tag, else the `search` of its /?search=tag address, else its text. */
export function tagOfLink(link: { getAttribute(name: string): string | null; textContent: string | null }): string {
  const data = link.getAttribute('data-tag')
  if (data) return data
  const href = link.getAttribute('href') ?? ''
  const search = href.startsWith('/') ? new URL(href, 'http://x').searchParams.get('search') : null
  return (search ?? link.textContent ?? '').trim()
}
