import { CircleCheck, TriangleAlert } from 'lucide-react'
import { useArgumentStrength } from '../../api/discovery.js'
import { ANALYTICS_LIMITS, firstOf, percent, scoreLabel, scoreTone } from '../../lib/score-style.js'
import { MoreNote, ScoreBar, TabEmpty, TabLoading, TabSection } from './analytics-parts.js'

/** SPEC §2/§9 Argument Quality: the overall score, three measures, 3 evidence items and 2 weak points. */
export function ArgumentQualityTab({ postId }: { postId: number }) {
  const { data, isPending, isError } = useArgumentStrength(postId)
  if (isPending) return <TabLoading what="the argument analysis" />
  if (isError || !data || typeof data.overallScore !== 'number')
    return <TabEmpty>No argument analysis is available for this essay yet.</TabEmpty>
  const evidence = firstOf(data.supportingEvidence, ANALYTICS_LIMITS.evidence)
  const weak = firstOf(data.weakPoints, ANALYTICS_LIMITS.weakPoints)
  return (
    <div className="analytics-tab">
      <div className="overall-score" data-tone={scoreTone(data.overallScore)}>
        <span className="overall-score__number">{percent(data.overallScore)}</span>
        <span className="overall-score__text">
          <span className="overall-score__label">{scoreLabel(data.overallScore)}</span>
          <span className="overall-score__caption">Overall argument strength</span>
        </span>
      </div>
      <div className="score-bars">
        <ScoreBar label="Evidence quality" score={data.evidenceQuality} />
        <ScoreBar label="Logical coherence" score={data.logicalCoherence} />
        <ScoreBar label="Source diversity" score={data.sourceDiversity} />
      </div>
      {evidence.shown.length > 0 && (
        <TabSection title="Supporting evidence">
          <ul className="analytics-list analytics-list--good">
            {evidence.shown.map((item) => (
              <li key={item}>
                <CircleCheck size={15} aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <MoreNote more={evidence.more} />
        </TabSection>
      )}
      {weak.shown.length > 0 && (
        <TabSection title="Weak points">
          <ul className="analytics-list analytics-list--weak">
            {weak.shown.map((item) => (
              <li key={item}>
                <TriangleAlert size={15} aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <MoreNote more={weak.more} />
        </TabSection>
      )}
      {data.method && data.method.length > 0 && (
        <details className="analytics-method">
          <summary>How these scores are computed</summary>
          <ul>
            {data.method.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
