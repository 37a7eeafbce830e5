/**
 * Resolves once the browser has painted the page as it stands: the callback of the next
 * animation frame runs just before that frame is drawn, so a task queued from it runs after.
 * A hidden tab draws no frames; there it resolves at once rather than waiting to be shown.
 */
export function afterFirstPaint(
  win: Pick<Window, 'requestAnimationFrame' | 'setTimeout' | 'document'> = window,
): Promise<void> {
  return new Promise((resolve) => {
    if (win.document.visibilityState === 'hidden') return resolve()
    win.requestAnimationFrame(() => win.setTimeout(resolve, 0))
  })
}

/** What a reader does that the app must be there for: a press, a key, a touch, focus moving, a mouse on the page. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'pointermove', 'wheel'] as const

/**
 * Resolves when the browser is next idle (requestIdleCallback, within `timeout` ms), or at once
 * when the reader interacts with the page, whichever comes first. The app's code is fetched and
 * run then: after the browser's own first work on the page (laying out a long essay takes it
 * hundreds of milliseconds on a phone) rather than in the middle of it, and as soon as a reader
 * reaches for something. Where there is no requestIdleCallback, a timer stands in for it.
 */
export function idleOrInteraction(
  win: Pick<Window, 'setTimeout' | 'clearTimeout' | 'addEventListener' | 'removeEventListener'> &
    Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>> = window,
  timeout = 2000,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) win.removeEventListener(type, done, true)
      if (idle !== null) win.cancelIdleCallback?.(idle)
      if (timer !== null) win.clearTimeout(timer)
      resolve()
    }
    for (const type of INTERACTIONS) win.addEventListener(type, done, { capture: true, passive: true })
    const idle = win.requestIdleCallback ? win.requestIdleCallback(done, { timeout }) : null
    const timer = idle === null ? win.setTimeout(done, 1) : null
  })
}
