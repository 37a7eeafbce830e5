import { Text } from 'ink'
import { progressLine } from '../../terminal/progress-bar.js'
import { runLine } from './run-line.js'
import type { Job } from '../../shared/schemas/index.js'
import type { JobProgress, Run } from '../activity.js'
import { oneLine } from '../summary.js'
import { Pane } from './pane.js'

const ICON: Record<string, string> = { pending: '…', processing: '▶', completed: '✓', failed: '✗' }

/** Jobs in the data folder (whoever runs them) and the generation runs started here. */
export function JobsPane({
  jobs,
  progress,
  runs,
  width,
  height,
}: {
  jobs: Job[]
  progress: ReadonlyMap<string, JobProgress>
  runs: Run[]
  width: number
  height: number
}) {
  const lines: { key: string; text: string; color?: string }[] = []
  for (const run of runs) {
    lines.push({ key: `run-${run.id}`, text: runLine(run) })
    for (const f of run.failures)
      lines.push({ key: `run-${run.id}-${f.item}`, text: `  ✗ ${f.item}: ${oneLine(f.error, 200)}`, color: 'red' })
  }
  for (const job of jobs) {
    const p = progress.get(job.id)
    const state = job.status === 'processing' && p ? progressLine(p.done, p.total, p.message, 10) : job.status
    lines.push({
      key: job.id,
      text: `${ICON[job.status] ?? '·'} ${job.kind} "${job.title}" ${state}`,
      color: job.status === 'failed' ? 'red' : undefined,
    })
    if (job.error) lines.push({ key: `${job.id}-error`, text: `  ${oneLine(job.error, 200)}`, color: 'red' })
  }
  const pending = jobs.filter((j) => j.status === 'pending' || j.status === 'processing').length
  return (
    <Pane title={`Jobs ${pending} waiting or running`} width={width} height={height}>
      {lines.length === 0 ? (
        <Text dimColor>No jobs. Press g to generate enhancements for the selected posts.</Text>
      ) : null}
      {lines.slice(0, Math.max(1, height - 3)).map((l) => (
        <Text key={l.key} color={l.color} wrap="truncate-end">
          {l.text}
        </Text>
      ))}
    </Pane>
  )
}
