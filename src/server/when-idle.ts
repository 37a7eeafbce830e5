import type { Server } from 'node:http'

/** How long the server must have had no request before background warm-up starts. */
const QUIET_MS = 1_000

/**
 * Runs `task` once, as soon as `server` has had no request in flight for a second. Work that
 * can wait (building the search index from scratch: seconds of CPU on a large blog) then never
 * competes with the first readers; a search that arrives before builds the index itself.
 * Returns a function that cancels the wait.
 */
export function whenIdle(server: Server, task: () => void, quietMs = QUIET_MS): () => void {
  let inFlight = 0
  let lastActive = performance.now()
  const onRequest = (_req: unknown, res: { once(event: 'close', fn: () => void): void }): void => {
    inFlight++
    lastActive = performance.now()
    res.once('close', () => {
      inFlight--
      lastActive = performance.now()
    })
  }
  server.on('request', onRequest)
  const timer = setInterval(() => {
    if (inFlight > 0 || performance.now() - lastActive < quietMs) return
    cancel()
    task()
  }, quietMs / 4)
  timer.unref()
  function cancel(): void {
    clearInterval(timer)
    server.off('request', onRequest)
  }
  return cancel
}
