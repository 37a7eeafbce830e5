import { browserSessionStore } from './tracking-session.js'
import { ReadingTracker } from './tracking-tracker.js'
import { createTransport } from './tracking-transport.js'
import { trackingAllowed } from './tracking.js'

let tracker: ReadingTracker | null | undefined

/** The one tracker of this tab, made on first use in the browser; null when the browser asks not to be tracked. */
export function tabTracker(): ReadingTracker | null {
  if (tracker === undefined) {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
    tracker = trackingAllowed(nav, window as { doNotTrack?: string | null })
      ? new ReadingTracker({
          send: createTransport(),
          store: browserSessionStore(),
          now: () => performance.now(),
          date: () => new Date(),
        })
      : null
  }
  return tracker
}

/**
 * Makes the tab's tracker in a task of its own, before the page is hydrated. Its first touch
 * of sessionStorage costs the browser milliseconds; made by the first reading event, from the
 * effects React runs after hydrating, it lengthened the page's longest start-up task.
 */
export function prepareTabTracker(): void {
  setTimeout(tabTracker, 0)
}
