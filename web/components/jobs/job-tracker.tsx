import { Suspense, lazy } from 'react'
import { isAdmin, useCurrentUser } from '../../api/auth.js'
import { useHydrated } from '../../hooks/use-hydrated.js'

// Only admins have jobs to follow: the tracker's code loads for them alone.
const JobTrackerPanel = lazy(() => import('./job-tracker-panel.js').then((m) => ({ default: m.JobTrackerPanel })))

/** SPEC §2: the floating job tracker at the bottom right of every page, for admins. */
export function JobTracker() {
  const { user } = useCurrentUser()
  // loaded in the browser only, after hydration: the server's markup never has it
  const hydrated = useHydrated()
  if (!hydrated || !isAdmin(user)) return null
  return (
    <Suspense fallback={null}>
      <JobTrackerPanel />
    </Suspense>
  )
}
