/**
 * Runs `task` when the browser is next idle, within `timeout` ms (a timer where there is no
 * requestIdleCallback); returns its cancel. For work a page does after it is taken over that
 * nothing on screen waits for: it then runs between the frames and the reader's input rather
 * than lengthening the tasks that follow hydration.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 1)
  return () => clearTimeout(id)
}
