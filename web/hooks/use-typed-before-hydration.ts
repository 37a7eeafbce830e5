import { useEffect } from 'react'
import type { RefObject } from 'react'

/**
 * The app takes over the server's page only after it is painted, so a reader may type into a
 * server-rendered field first. React keeps its own state (the server's value), not what the
 * field shows: this hands the field's text to `onTyped` once, when the component mounts, so
 * what the reader typed counts (a Subscribe button enables, a search runs).
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  value: string,
  onTyped: (text: string) => void,
): void {
  useEffect(() => {
    const el = field.current
    if (el && el.value !== value) onTyped(el.value)
    // on mount only: later differences are the app's own updates
  }, [])
}
