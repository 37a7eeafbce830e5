import { progressLine } from '../../terminal/progress-bar.js'
import type { Run } from '../activity.js'

/** A run's line: the bar while it works, then its counts (first, so a narrow pane still shows them). */
export function runLine(run: Run, name: (item: string) => string = (item) => item): string {
  if (run.finished) return `${run.failures.length ? '!' : '✓'} ${run.outcome} (${run.title})`
  return `▶ ${run.title} ${progressLine(run.done, run.total, run.current ? name(run.current) : 'starting…', 10)}`
}
