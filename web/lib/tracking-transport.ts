import type { TrackingEvent } from './tracking.js'

/** SPEC §7: POST /api/user/track. */
export const TRACK_URL = '/api/user/track'

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
}

/**
 * Sends events. SPEC §7: the answer is ignored and failures are only logged (console.debug),
 * never shown to the reader.
 */
export function createTransport(deps: TransportDeps = {}): SendEvent {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const beacon =
    deps.sendBeacon ??
    (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (url: string, data: Blob) => navigator.sendBeacon(url, data)
      : undefined)

  return (event, { leaving = false } = {}) => {
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
}
