import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true after. For parts that load on demand in the
 * browser (React.lazy): rendering them only once hydrated keeps the server's markup and the
 * first browser render identical, instead of suspending mid-hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
