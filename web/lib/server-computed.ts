/**
 * Values the server already worked out while rendering a page, handed to the browser with the
 * page's state (ClientState.computed) so that hydration reads them rather than working them out
 * again. Each is a pure function of data both sides hold (whether the lede repeats the essay's
 * opening, the essay's citation), so the answer is the same; only the cost moves: on a phone
 * the first run of those functions (compiling their patterns, scanning the essay's HTML) was
 * some 90 ms of the post page's hydration (issue 40).
 *
 * The server renders synchronously, one page at a time, so one collection open for the length
 * of a render is that render's alone.
 */

type Values = Record<string, unknown>

let collecting: Values | null = null
let received: Values = {}

/** Server: starts collecting what the coming render computes. */
export function collectServerComputed(): void {
  collecting = {}
}

/** Server: what the render just finished computed, for the page's state; collecting stops. */
export function takeServerComputed(): Values {
  const values = collecting ?? {}
  collecting = null
  return values
}

/** Browser: the values the server's page handed over (before the app's first render). */
export function receiveServerComputed(values: unknown): void {
  received = values && typeof values === 'object' ? (values as Values) : {}
}

/**
 * The value named `key`: as the server handed it over, else computed here (and, on the server,
 * kept for the page's state). The key names everything the value depends on: a post's id
 * and its last change, say.
 */
export function serverComputed<T>(key: string, compute: () => T): T {
  if (Object.hasOwn(received, key)) return received[key] as T
  const value = compute()
  if (collecting) collecting[key] = value
  return value
}
