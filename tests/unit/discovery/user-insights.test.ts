import { describe, expect, it } from 'vitest'
import { userInsights } from '../../../src/discovery/user-insights.js'
import { UserInsightsSchema } from '../../../src/shared/schemas/discovery.js'
import type { StoredTrackingEvent } from '../../../src/tracking/tracking-service.js'
import { essay, snapshotOf } from './essays.js'

const snap = snapshotOf(
  essay(1, 'Sets', 'A set is a collection of elements.', { tags: ['foundations'] }),
  essay(2, 'Groups', 'A group is a set with an operation.', { tags: ['algebra'] }),
)
const ev = (
  sessionId: string,
  postId: number | null,
  actionType: StoredTrackingEvent['actionType'],
  actionData: StoredTrackingEvent['actionData'],
  at: string,
): StoredTrackingEvent => ({ at, userId: null, sessionId, postId, actionType, actionData })

describe('user insights', () => {
  it('reports zeros and "Not enough data" without events', () => {
    const insights = UserInsightsSchema.parse(userInsights([], snap))
    expect(insights.readingPattern).toMatchObject({
      totalSessions: 0,
      averageSessionTime: 0,
      mostActiveTimeOfDay: 'Not enough data',
    })
    expect(insights.cognitiveProfile.preferredComplexity).toBe('Not enough data')
    expect(insights.recommendations).toHaveLength(1)
  })

  it('computes sessions, times, the busiest period and topic shares from the events', () => {
    const events = [
      ev('a', 1, 'view', { postTitle: 'Sets' }, '2025-05-01T08:00:00Z'),
      ev('a', 1, 'time_spent', { timeSpent: 360_000 }, '2025-05-01T08:06:00Z'),
      ev('b', 2, 'view', { postTitle: 'Groups' }, '2025-05-02T09:00:00Z'),
      ev('b', 2, 'time_spent', { timeSpent: 120_000 }, '2025-05-02T09:02:00Z'),
      ev('c', null, 'search', { query: 'rings', resultsCount: 0 }, '2025-05-03T20:00:00Z'),
    ]
    const insights = UserInsightsSchema.parse(userInsights(events, snap))
    expect(insights.basedOn).toMatchObject({
      events: 5,
      sessions: 3,
      firstEventAt: '2025-05-01T08:00:00.000Z',
      lastEventAt: '2025-05-03T20:00:00.000Z',
    })
    expect(insights.readingPattern.totalSessions).toBe(3)
    expect(insights.readingPattern.averageSessionTime).toBe(240)
    expect(insights.readingPattern.mostActiveTimeOfDay).toBe('Morning (06:00–12:00 UTC), 80% of events')
    expect(insights.readingPattern.attentionSpan).toBe('high')
    expect(insights.topicPreferences.favoriteTopics).toEqual([
      { topic: 'foundations', engagement: 0.75 },
      { topic: 'algebra', engagement: 0.25 },
    ])
  })
})
