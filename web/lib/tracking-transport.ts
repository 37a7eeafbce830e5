import { ENDPOINTS } from '../../src/shared/api/endpoints.js'
import type { TrackingEvent } from './tracking.js'

/** SPEC §7: POST /api/user/track. */
export const TRACK_URL = ENDPOINTS.track.path

export interface SendOptions {
  /**
   * The page may be going away (leaving a post, hiding the tab): use navigator.sendBeacon,
   * which the browser delivers even after the page is gone, else a keepalive fetch.
   */
  leaving?: boolean
}

export type SendEvent = (event: TrackingEvent, options?: SendOptions) => void

interface TransportDeps {
  fetch?: typeof fetch
  sendBeacon?: (url: string, data: Blob) => boolean
  /** Runs `fn` in a later task (default: setTimeout 0). */
  later?: (fn: () => void) => void
}

/**
 * Sends events. SPEC §7: the answer is ignored and failures are only logged (console.debug),
 * never shown to the reader. Events wait for a task of their own: the first ones come from
 * effects that run while the page is being hydrated, and a fetch started there makes that
 * task longer (measured: about a third of the post page's hydration effects). An event sent
 * while leaving takes the waiting ones with it, in order.
 */
export function createTransport(deps: TransportDeps = {}): SendEvent {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const later = deps.later ?? ((fn: () => void) => void setTimeout(fn, 0))
  const beacon =
    deps.sendBeacon ??
    (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (url: string, data: Blob) => navigator.sendBeacon(url, data)
      : undefined)

  const post = (event: TrackingEvent, leaving: boolean) => {
    const body = JSON.stringify(event)
    if (leaving && beacon) {
      try {
        if (beacon(TRACK_URL, new Blob([body], { type: 'application/json' }))) return
      } catch (error) {
        console.debug('Scholia: tracking beacon refused', error)
      }
    }
    try {
      doFetch(TRACK_URL, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: leaving,
      }).then(
        (res) => {
          if (!res.ok) console.debug(`Scholia: tracking '${event.actionType}' answered ${res.status}`)
        },
        (error: unknown) => console.debug(`Scholia: tracking '${event.actionType}' failed`, error),
      )
    } catch (error) {
      console.debug(`Scholia: tracking '${event.actionType}' failed`, error)
    }
  }

  const waiting: TrackingEvent[] = []
  const flush = (leaving: boolean) => {
    for (const event of waiting.splice(0)) post(event, leaving)
  }
  return (event, { leaving = false } = {}) => {
    waiting.push(event)
    if (leaving) flush(true)
    else if (waiting.length === 1) later(() => flush(false))
  }
}
