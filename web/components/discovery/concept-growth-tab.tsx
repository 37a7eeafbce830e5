import { TrendingUp } from 'lucide-react'
import { useConceptEvolution } from '../../api/discovery.js'
import { readConceptEvolution, trendText, type EvolutionItem } from '../../lib/concept-evolution.js'
import { formatDate } from '../../lib/format.js'
import { ANALYTICS_LIMITS, firstOf, percent, scoreTone } from '../../lib/score-style.js'
import { MoreNote, TabEmpty, TabLoading } from './analytics-parts.js'

/** 'In 4 essays · March 1, 2024 – May 2, 2025': how far and how long a concept has travelled. */
function reach(item: EvolutionItem): string {
  const parts: string[] = []
  if (item.count !== null) parts.push(`In ${item.count} ${item.count === 1 ? 'essay' : 'essays'}`)
  const [from, to] = [item.firstSeen && formatDate(item.firstSeen), item.lastSeen && formatDate(item.lastSeen)]
  if (from && to) parts.push(from === to ? from : `${from} – ${to}`)
  return parts.join(' · ')
}

/** SPEC §2/§9 Concept Growth: how 4 concepts developed across the essays. */
export function ConceptGrowthTab() {
  const { data, isPending, isError } = useConceptEvolution()
  if (isPending) return <TabLoading what="concept growth" />
  const items = firstOf(isError ? [] : readConceptEvolution(data), ANALYTICS_LIMITS.evolution)
  if (items.shown.length === 0) return <TabEmpty>No concept has grown across several essays yet.</TabEmpty>
  return (
    <div className="analytics-tab">
      <ol className="evolution-list">
        {items.shown.map((item) => (
          <li key={item.concept} className="evolution-item">
            <p className="evolution-item__head">
              <TrendingUp size={15} aria-hidden="true" />
              <span className="evolution-item__concept">{item.concept}</span>
              {item.trend && <span className={`trend trend--${item.trend}`}>{trendText(item.trend)}</span>}
              {item.score !== null && (
                <span
                  className="link-item__strength"
                  data-tone={scoreTone(item.score)}
                >{`${percent(item.score)}%`}</span>
              )}
            </p>
            {item.text && <p className="evolution-item__text">{item.text}</p>}
            {reach(item) && <p className="evolution-item__text">{reach(item)}</p>}
            {item.where.length > 0 && <p className="evolution-item__where">{item.where.slice(0, 4).join(' → ')}</p>}
          </li>
        ))}
      </ol>
      <MoreNote more={items.more} />
    </div>
  )
}
