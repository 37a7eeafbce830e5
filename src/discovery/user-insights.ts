import type { UserInsights } from '../shared/schemas/discovery.js'
import type { StoredTrackingEvent } from '../tracking/tracking-service.js'
import type { Snapshot } from './snapshot.js'

const NOT_ENOUGH = 'Not enough data'
const DAY = 86_400_000
const PERIODS: [string, number, number][] = [
  ['Night (00:00–06:00 UTC)', 0, 6],
  ['Morning (06:00–12:00 UTC)', 6, 12],
  ['Afternoon (12:00–18:00 UTC)', 12, 18],
  ['Evening (18:00–24:00 UTC)', 18, 24],
]

interface Session {
  events: StoredTrackingEvent[]
  timeMs: number
  posts: Set<number>
}

/**
 * What the site's readers do, from the stored tracking events (SPEC §3 User insights): real
 * counts and times only. Every text is a measured figure in words; without events the figures
 * are zeros and the texts say there is not enough data.
 */
export function userInsights(events: StoredTrackingEvent[], snap: Snapshot): UserInsights {
  const sessions = new Map<string, Session>()
  for (const e of events) {
    let s = sessions.get(e.sessionId)
    if (!s) sessions.set(e.sessionId, (s = { events: [], timeMs: 0, posts: new Set() }))
    s.events.push(e)
    if (e.actionType === 'time_spent') s.timeMs += positive(e.actionData.timeSpent)
    if (e.postId !== null && (e.actionType === 'view' || e.actionType === 'time_spent')) s.posts.add(e.postId)
  }
  const timed = [...sessions.values()].filter((s) => s.timeMs > 0)
  const averageSessionTime = timed.length
    ? Math.round(timed.reduce((t, s) => t + s.timeMs, 0) / timed.length / 100) / 10
    : 0
  const times = events
    .map((e) => Date.parse(e.at))
    .filter(Number.isFinite)
    .sort((a, b) => a - b)
  const engagement = topicEngagement(events, snap)
  const profile = complexity(events, snap)
  return {
    basedOn: {
      events: events.length,
      sessions: sessions.size,
      signedInReaders: new Set(events.map((e) => e.userId).filter((u) => u !== null)).size,
      firstEventAt: times.length ? new Date(times[0]).toISOString() : null,
      lastEventAt: times.length ? new Date(times[times.length - 1]).toISOString() : null,
    },
    readingPattern: {
      totalSessions: sessions.size,
      averageSessionTime,
      readingFrequency: frequency(sessions, times),
      mostActiveTimeOfDay: activeTime(times).label,
      attentionSpan: attention(events),
    },
    topicPreferences: { favoriteTopics: engagement.slice(0, 5), explorationPattern: exploration(sessions) },
    cognitiveProfile: {
      preferredComplexity: profile,
      learningStyle: learningStyle(events),
      engagementTriggers: triggers(events),
    },
    recommendations: recommendations(events, engagement, activeTime(times), snap),
  }
}

const positive = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.min(v, 12 * 3_600_000) : 0
const count = (events: StoredTrackingEvent[], type: StoredTrackingEvent['actionType']) =>
  events.filter((e) => e.actionType === type).length
const pct = (x: number) => `${Math.round(x * 100)}%`

function frequency(sessions: Map<string, Session>, times: number[]): string {
  if (sessions.size < 2) return `${NOT_ENOUGH} (${sessions.size} session${sessions.size === 1 ? '' : 's'} recorded)`
  const days = Math.max(1, Math.ceil((times[times.length - 1] - times[0]) / DAY))
  const perDay = sessions.size / days
  return perDay >= 1
    ? `${Math.round(perDay * 10) / 10} sessions a day over ${days} day${days === 1 ? '' : 's'}`
    : `${Math.round(perDay * 70) / 10} sessions a week over ${days} days`
}

function activeTime(times: number[]): { label: string; period: string | null } {
  if (times.length === 0) return { label: NOT_ENOUGH, period: null }
  const counts = PERIODS.map(
    ([, from, to]) => times.filter((t) => new Date(t).getUTCHours() >= from && new Date(t).getUTCHours() < to).length,
  )
  const best = counts.indexOf(Math.max(...counts))
  return {
    label: `${PERIODS[best][0]}, ${pct(counts[best] / times.length)} of events`,
    period: PERIODS[best][0].split(' ')[0].toLowerCase(),
  }
}

/** High when readers stay 4 minutes or scroll three quarters of an essay on average; medium from 1 minute or half. */
function attention(events: StoredTrackingEvent[]): 'high' | 'medium' | 'low' {
  const spent = events.filter((e) => e.actionType === 'time_spent').map((e) => positive(e.actionData.timeSpent))
  const scrolls = events
    .filter((e) => e.actionType === 'scroll')
    .map((e) => Number(e.actionData.scrollPercentage))
    .filter((n) => Number.isFinite(n))
  const avgMs = spent.length ? spent.reduce((a, b) => a + b, 0) / spent.length : 0
  const avgScroll = scrolls.length ? scrolls.reduce((a, b) => a + b, 0) / scrolls.length : 0
  if (avgMs >= 240_000 || avgScroll >= 75) return 'high'
  if (avgMs >= 60_000 || avgScroll >= 50) return 'medium'
  return 'low'
}

/** Topics (tags, else the essay's first key concept) by their share of reading time (or of views, without times). */
function topicEngagement(events: StoredTrackingEvent[], snap: Snapshot): { topic: string; engagement: number }[] {
  const hasTime = events.some((e) => e.actionType === 'time_spent' && positive(e.actionData.timeSpent) > 0)
  const weight = new Map<string, number>()
  let total = 0
  for (const e of events) {
    if (e.postId === null) continue
    const w = hasTime
      ? e.actionType === 'time_spent'
        ? positive(e.actionData.timeSpent)
        : 0
      : e.actionType === 'view'
        ? 1
        : 0
    const essay = snap.byId.get(e.postId)
    if (!w || !essay) continue
    const topics = essay.meta.tags.length
      ? essay.meta.tags
      : [snap.keyTerms(essay.meta.id)[0]?.surface ?? essay.meta.title]
    total += w
    for (const t of topics) weight.set(t, (weight.get(t) ?? 0) + w / topics.length)
  }
  return [...weight]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([topic, w]) => ({ topic, engagement: Math.round((w / total) * 1000) / 1000 }))
}

function exploration(sessions: Map<string, Session>): string {
  const reading = [...sessions.values()].filter((s) => s.posts.size > 0)
  if (reading.length === 0) return NOT_ENOUGH
  const perSession = reading.reduce((t, s) => t + s.posts.size, 0) / reading.length
  const searching = [...sessions.values()].filter((s) =>
    s.events.some((e) => e.actionType === 'search' || e.actionType === 'tag_click'),
  ).length
  const style = perSession >= 2 ? 'Readers explore' : 'Readers mostly read one essay per visit'
  return `${style}: ${Math.round(perSession * 10) / 10} essays per session; ${pct(searching / sessions.size)} of sessions search or follow a tag`
}

function complexity(events: StoredTrackingEvent[], snap: Snapshot): string {
  const viewed = events
    .filter((e) => e.actionType === 'view' && e.postId !== null && snap.byId.has(e.postId))
    .map((e) => e.postId!)
  if (viewed.length === 0) return NOT_ENOUGH
  const mean = viewed.reduce((t, id) => t + snap.difficulty(id), 0) / viewed.length
  const all = snap.essays.map((e) => snap.difficulty(e.meta.id)).sort((a, b) => a - b)
  const below = all.filter((d) => d < mean).length / all.length
  const level = below < 1 / 3 ? 'Beginner' : below < 2 / 3 ? 'Intermediate' : 'Advanced'
  const minutes = viewed.reduce((t, id) => t + snap.byId.get(id)!.meta.readTime, 0) / viewed.length
  return `${level}: viewed essays average ${Math.round(minutes)} min of reading and are harder than ${pct(below)} of the site's essays`
}

function learningStyle(events: StoredTrackingEvent[]): string {
  const views = count(events, 'view')
  const deep = events.filter((e) => e.actionType === 'scroll' && Number(e.actionData.scrollPercentage) >= 75).length
  const styles: [string, number][] = [
    [`Deep reading: ${deep} scroll${deep === 1 ? '' : 's'} past three quarters of an essay`, deep],
    [`Searching: ${count(events, 'search')} searches`, count(events, 'search')],
    [`Following references: ${count(events, 'click_link')} link clicks`, count(events, 'click_link')],
    [`Browsing by tag: ${count(events, 'tag_click')} tag clicks`, count(events, 'tag_click')],
  ]
  const best = styles.sort((a, b) => b[1] - a[1])[0]
  if (best[1] === 0)
    return views ? `Reading without searching, scrolling far or following links (${views} views)` : NOT_ENOUGH
  return best[0]
}

function triggers(events: StoredTrackingEvent[]): string[] {
  const entries = events.filter((e) => e.actionType === 'entry')
  const external = entries.filter((e) => e.actionData.source === 'External').length
  const list: [string, number][] = [
    [`Arriving from other sites (${external} entries)`, external],
    [`Direct visits (${entries.length - external} entries)`, entries.length - external],
    [`Search (${count(events, 'search')} searches)`, count(events, 'search')],
    [`Tags (${count(events, 'tag_click')} clicks)`, count(events, 'tag_click')],
    [`Links in essays (${count(events, 'click_link')} clicks)`, count(events, 'click_link')],
  ]
  return list
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([t]) => t)
}

function recommendations(
  events: StoredTrackingEvent[],
  topics: { topic: string; engagement: number }[],
  time: { period: string | null },
  snap: Snapshot,
): string[] {
  if (events.length === 0)
    return ['Not enough reading data yet: recommendations appear once readers’ visits are recorded.']
  const out: string[] = []
  if (topics[0])
    out.push(
      `“${topics[0].topic}” holds ${pct(topics[0].engagement)} of reader engagement: more essays on it meet the most demand.`,
    )
  if (time.period) out.push(`Readers are most active in the ${time.period} (UTC): publish shortly before then.`)
  const empty = new Map<string, number>()
  for (const e of events)
    if (e.actionType === 'search' && e.actionData.resultsCount === 0 && typeof e.actionData.query === 'string')
      empty.set(e.actionData.query.trim().toLowerCase(), (empty.get(e.actionData.query.trim().toLowerCase()) ?? 0) + 1)
  const missed = [...empty].sort((a, b) => b[1] - a[1])[0]
  if (missed)
    out.push(
      `Searches for “${missed[0]}” found nothing (${missed[1]} time${missed[1] === 1 ? '' : 's'}): an essay on it would answer them.`,
    )
  const scrolls = new Map<number, number[]>()
  for (const e of events)
    if (e.actionType === 'scroll' && e.postId !== null && Number.isFinite(Number(e.actionData.scrollPercentage)))
      scrolls.set(e.postId, [...(scrolls.get(e.postId) ?? []), Number(e.actionData.scrollPercentage)])
  const shallow = [...scrolls]
    .map(([id, v]) => ({ id, avg: Math.max(...v) }))
    .filter((x) => x.avg < 50 && snap.byId.has(x.id))
    .sort((a, b) => a.avg - b.avg)[0]
  if (shallow)
    out.push(
      `Readers of “${snap.byId.get(shallow.id)!.meta.title}” scroll at most ${Math.round(shallow.avg)}% of it: a summary at the top could keep them reading.`,
    )
  return out
}
