import { useUserInsights } from '../../api/discovery.js'
import { ANALYTICS_LIMITS, firstOf } from '../../lib/score-style.js'
import { TabEmpty, TabLoading, TabSection } from './analytics-parts.js'

const ATTENTION: Record<string, string> = { high: 'Long', medium: 'Medium', low: 'Short' }

/** Average session time in words; the API gives seconds. */
function sessionTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '—'
  if (seconds < 60) return `${Math.round(seconds)} s`
  return `${Math.round(seconds / 60)} min`
}

/** SPEC §2/§9 User Insights: reading pattern, 3 favourite topics, the cognitive profile with 2 triggers, recommendations. */
export function UserInsightsTab() {
  const { data, isPending, isError } = useUserInsights()
  if (isPending) return <TabLoading what="reading insights" />
  if (isError || !data?.readingPattern) return <TabEmpty>No reading insights yet: they grow as readers visit.</TabEmpty>
  const { readingPattern: rp, topicPreferences: tp, cognitiveProfile: cp } = data
  const topics = firstOf(tp?.favoriteTopics, ANALYTICS_LIMITS.favouriteTopics)
  const triggers = firstOf(cp?.engagementTriggers, ANALYTICS_LIMITS.engagementTriggers)
  const best = topics.shown.reduce((m, t) => Math.max(m, t.engagement), 0)
  return (
    <div className="analytics-tab">
      <dl className="fact-grid">
        <div>
          <dt>Sessions</dt>
          <dd>{rp.totalSessions}</dd>
        </div>
        <div>
          <dt>Average session</dt>
          <dd>{sessionTime(rp.averageSessionTime)}</dd>
        </div>
        <div>
          <dt>Frequency</dt>
          <dd>{rp.readingFrequency}</dd>
        </div>
        <div>
          <dt>Most active</dt>
          <dd>{rp.mostActiveTimeOfDay}</dd>
        </div>
        <div>
          <dt>Attention span</dt>
          <dd>{ATTENTION[rp.attentionSpan] ?? rp.attentionSpan}</dd>
        </div>
      </dl>
      {topics.shown.length > 0 && (
        <TabSection title="Favourite topics">
          <ul className="topic-list">
            {topics.shown.map((t) => (
              <li key={t.topic}>
                <span className="topic-list__name">{t.topic}</span>
                <span className="topic-list__bar" aria-hidden="true">
                  <span style={{ width: `${best > 0 ? Math.round((t.engagement / best) * 100) : 0}%` }} />
                </span>
              </li>
            ))}
          </ul>
          {tp.explorationPattern && <p className="analytics-note">{tp.explorationPattern}</p>}
        </TabSection>
      )}
      {cp && (
        <TabSection title="Reading profile">
          <p className="analytics-note">{[cp.preferredComplexity, cp.learningStyle].filter(Boolean).join(' · ')}</p>
          {triggers.shown.length > 0 && (
            <ul className="chip-list" aria-label="Engagement triggers">
              {triggers.shown.map((t) => (
                <li key={t} className="chip">
                  {t}
                </li>
              ))}
            </ul>
          )}
        </TabSection>
      )}
      {(data.recommendations ?? []).length > 0 && (
        <TabSection title="Recommendations">
          <ul className="analytics-list">
            {data.recommendations.map((r) => (
              <li key={r}>
                <span>{r}</span>
              </li>
            ))}
          </ul>
        </TabSection>
      )}
    </div>
  )
}
