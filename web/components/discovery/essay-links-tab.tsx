import { ArrowUpRight } from 'lucide-react'
import { Link } from 'wouter'
import { useCrossReferences } from '../../api/discovery.js'
import { ANALYTICS_LIMITS, firstOf, percent, scoreTone } from '../../lib/score-style.js'
import { postHref } from '../../lib/post-href.js'
import { MoreNote, TabEmpty, TabLoading } from './analytics-parts.js'

const RELATIONS: Record<string, string> = {
  support: 'Supports',
  citation: 'Cites',
  expansion: 'Expands',
  contradiction: 'Contradicts',
  evolution: 'Evolves',
}

/** SPEC §2/§9 Essay Links: the first 5 connections to other essays, then '+N more'. */
export function EssayLinksTab({ postId }: { postId: number }) {
  const { data, isPending, isError } = useCrossReferences(postId)
  if (isPending) return <TabLoading what="the essay links" />
  const links = firstOf(Array.isArray(data) ? data : [], ANALYTICS_LIMITS.connections)
  if (isError || links.shown.length === 0) return <TabEmpty>No links to other essays were found.</TabEmpty>
  return (
    <div className="analytics-tab">
      <ul className="link-list">
        {links.shown.map((ref) => (
          <li key={`${ref.targetPostSlug}-${ref.concept}-${ref.relationshipType}`} className="link-item">
            <p className="link-item__head">
              <span className={`relation relation--${ref.relationshipType}`}>
                {RELATIONS[ref.relationshipType] ?? ref.relationshipType}
              </span>
              <span className="link-item__concept">{ref.concept}</span>
              <span
                className="link-item__strength"
                data-tone={scoreTone(ref.strength)}
                title="Strength of the link"
              >{`${percent(ref.strength)}%`}</span>
            </p>
            <Link href={postHref(ref.targetPostSlug)} className="link-item__target">
              {ref.targetPostTitle}
              <ArrowUpRight size={14} aria-hidden="true" />
            </Link>
            {/* The evidence behind the claim and how the percentage was computed (issue 22). */}
            {Array.isArray(ref.evidence) && ref.evidence.length > 0 && (
              <ul className="link-item__evidence">
                {ref.evidence.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <MoreNote more={links.more} />
    </div>
  )
}
