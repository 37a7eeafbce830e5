import { useSyncExternalStore } from 'react'

/** Where the post page's left sidebar appears (web/styles/post.css: 75rem). */
const WIDE = '(min-width: 75rem)'

function subscribe(onChange: () => void) {
  const list = window.matchMedia(WIDE)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/**
 * True on screens wide enough for the left sidebar; false on the server. The smart sidebar
 * only asks for its data where it can be seen (SPEC §2: large screens only).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  )
}
