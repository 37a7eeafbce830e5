/**
 * SPEC §4: one session id per browser session, created once and reused for every event. It
 * lives in sessionStorage, so it ends with the tab and is never shared between tabs or sent
 * anywhere but the site's own tracking call.
 */

export const SESSION_KEY = 'scholia:tracking-session'
export const ENTRY_KEY = 'scholia:tracking-entry'

/** The part of Storage this needs; null when the browser refuses storage (privacy modes). */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem'> | null

interface CryptoLike {
  randomUUID?: () => string
  getRandomValues?: (array: Uint8Array<ArrayBuffer>) => unknown
}

/**
 * A random v4 UUID. crypto.randomUUID exists only in secure contexts (https, localhost), and
 * a blog may well be served over plain http on a home network, so getRandomValues backs it up.
 */
export function newSessionId(crypto: CryptoLike | undefined = globalThis.crypto): string {
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const USABLE_ID = /^[\w-]{8,100}$/

function read(store: SessionStore, key: string): string | null {
  try {
    return store?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(store: SessionStore, key: string, value: string): void {
  try {
    store?.setItem(key, value)
  } catch {
    // storage full or refused: the id then lasts as long as the page
  }
}

/** The session's id: the stored one, or a new one that is stored for the rest of the session. */
export function sessionIdFrom(store: SessionStore, create: () => string = newSessionId): string {
  const stored = read(store, SESSION_KEY)
  if (stored && USABLE_ID.test(stored)) return stored
  const id = create()
  write(store, SESSION_KEY, id)
  return id
}

/**
 * True the first time it is asked in a session, false after: SPEC §7's 'entry' is sent once
 * per session, not on every page load. Without storage it is true once per page load.
 */
export function claimEntry(store: SessionStore): boolean {
  if (read(store, ENTRY_KEY)) return false
  write(store, ENTRY_KEY, '1')
  return true
}

/** window.sessionStorage, or null where reading it throws (blocked storage) or there is no window. */
export function browserSessionStore(): SessionStore {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}
