import { Suspense, lazy } from 'react'
import { isAdmin, useCurrentUser } from '../../api/auth.js'
import { useHydrated } from '../../hooks/use-hydrated.js'

// Only admins get the panel: its code (tabs, four views) loads for them alone.
const AnalyticsPanel = lazy(() => import('./analytics-panel.js').then((m) => ({ default: m.AnalyticsPanel })))

/**
 * SPEC §2: the floating 'Essay Analytics' panel, signed-in only: for admins, since the server
 * answers the analytics calls to admins alone (DECISIONS.md). Mounted in the browser after
 * hydration, so the server's markup (the same for every reader) never has it.
 */
export function AnalyticsDock({ postId }: { postId: number }) {
  const { user } = useCurrentUser()
  const hydrated = useHydrated()
  if (!hydrated || !isAdmin(user)) return null
  return (
    <Suspense fallback={null}>
      <AnalyticsPanel postId={postId} />
    </Suspense>
  )
}
