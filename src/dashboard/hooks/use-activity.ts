import { useEffect, useState } from 'react'
import type { ActivityLog, JobProgress, Run } from '../activity.js'

/** The runs started here and job progress, re-rendered on every change. */
export function useActivity(activity: ActivityLog): { runs: Run[]; jobProgress: ReadonlyMap<string, JobProgress> } {
  const [, setTick] = useState(0)
  useEffect(() => {
    const onChange = () => setTick((t) => t + 1)
    activity.on('change', onChange)
    return () => void activity.off('change', onChange)
  }, [activity])
  return { runs: activity.runs, jobProgress: activity.jobProgress }
}
