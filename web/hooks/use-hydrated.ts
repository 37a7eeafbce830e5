import { startTransition, useEffect, useState } from 'react'

/** Whether the app's first render in this page has committed (never on the server). */
let appHydrated = false

/**
 * False on the server and during hydration, true after. For parts that load on demand in the
 * browser (React.lazy): rendering them only once hydrated keeps the server's markup and the
 * first browser render identical, instead of suspending mid-hydration. A part mounted later (a
 * page opened in the app) is hydrated from the start.
 *
 * The switch is a transition, not the synchronous re-render useSyncExternalStore makes when the
 * browser's answer differs from the server's: that re-rendered the post page, and flushed every
 * effect of the hydration with it, in one task of 40 ms on a fast machine (160 ms at
 * Lighthouse's 4× CPU slowdown) right after the page became interactive. As a transition the
 * render yields to the browser every few milliseconds.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated)
  useEffect(() => {
    appHydrated = true
    if (!hydrated) startTransition(() => setHydrated(true))
    // Only the first commit matters: after it, the state is true for good.
  }, [])
  return hydrated
}
