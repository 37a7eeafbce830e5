import type { CSSProperties, ReactNode } from 'react'
import { percent, scoreLabel, scoreTone } from '../../lib/score-style.js'

/** A 0–1 score as a labelled bar in its SPEC §9 colour, with the label (Excellent … Weak) in words. */
export function ScoreBar({ label, score }: { label: string; score: number }) {
  const value = percent(score)
  return (
    <div className="score-bar" data-tone={scoreTone(score)}>
      <div className="score-bar__label">
        <span>{label}</span>
        <span className="score-bar__value">{`${value}% · ${scoreLabel(score)}`}</span>
      </div>
      <div
        className="score-bar__track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%, ${scoreLabel(score)}`}
      >
        <span className="score-bar__fill" style={{ '--score': `${value}%` } as CSSProperties} />
      </div>
    </div>
  )
}

/** A small heading and list inside a tab. */
export function TabSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="analytics-section">
      <h3 className="analytics-section__title">{title}</h3>
      {children}
    </section>
  )
}

/** While a tab's call runs. */
export function TabLoading({ what }: { what: string }) {
  return (
    <div className="analytics-loading" aria-busy="true">
      <span className="sr-only" role="status">{`Loading ${what}…`}</span>
      <span className="skeleton skeleton--title" style={{ width: '45%' }} />
      <span className="skeleton skeleton--text" />
      <span className="skeleton skeleton--text" style={{ width: '80%' }} />
      <span className="skeleton skeleton--text" style={{ width: '65%' }} />
    </div>
  )
}

/**
 * A tab with nothing to show: its call failed or found nothing. SPEC §8 shows no error text
 * beyond its catalogue, so both read the same.
 */
export function TabEmpty({ children }: { children: ReactNode }) {
  return <p className="analytics-empty">{children}</p>
}

/** '+N more' after a cut list; nothing when nothing was cut. */
export function MoreNote({ more }: { more: number }) {
  return more > 0 ? <p className="analytics-more">{`+${more} more`}</p> : null
}
