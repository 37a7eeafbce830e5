import { useInput, type Key } from 'ink'
import { useRef } from 'react'

/**
 * useInput with the handler of the latest render. Ink re-subscribes a new handler only after
 * the screen is drawn, so a key pressed right after a change would otherwise meet the
 * handler of the screen before it (a post list still empty, a mode already left).
 */
export function useKeys(handler: (input: string, key: Key) => void, isActive = true): void {
  const latest = useRef(handler)
  latest.current = handler
  useInput((input, key) => latest.current(input, key), { isActive })
}
