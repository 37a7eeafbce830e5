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
