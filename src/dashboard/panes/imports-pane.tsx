import { Text } from 'ink'
import { relative } from 'node:path'
import { runLine } from './run-line.js'
import type { Run } from '../activity.js'
import type { RecentImport } from '../snapshot.js'
import { oneLine } from '../summary.js'
import { Pane } from './pane.js'

const shown = (path: string) => relative(process.cwd(), path) || path

/** Imports started here (live, with each failed file's reason) and posts recently imported by anyone. */
export function ImportsPane({
  runs,
  recent,
  width,
  height,
}: {
  runs: Run[]
  recent: RecentImport[]
  width: number
  height: number
}) {
  const lines: { key: string; text: string; color?: string }[] = []
  for (const run of runs) {
    lines.push({ key: `run-${run.id}`, text: runLine(run, shown) })
    for (const f of run.failures)
      lines.push({
        key: `run-${run.id}-${f.item}`,
        text: `  ✗ ${shown(f.item)}: ${oneLine(f.error, 200)}`,
        color: 'red',
      })
  }
  for (const r of recent)
    lines.push({
      key: `recent-${r.slug}`,
      text: `${r.at.slice(0, 16).replace('T', ' ')} ${shown(r.path)} → /posts/${r.slug}`,
      color: 'gray',
    })
  return (
    <Pane title="Imports" width={width} height={height}>
      {lines.length === 0 ? <Text dimColor>Nothing imported yet. Press i to import a folder.</Text> : null}
      {lines.slice(0, Math.max(1, height - 3)).map((l) => (
        <Text key={l.key} color={l.color} wrap="truncate-end">
          {l.text}
        </Text>
      ))}
    </Pane>
  )
}
