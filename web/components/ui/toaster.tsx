import { Suspense, createContext, lazy, useContext, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { createToastStore } from '../../lib/toast-store.js'
import type { ToastInput, ToastStore } from '../../lib/toast-store.js'

// The toasts' rendering (Radix Toast and its layers) loads with the first toast: most readers
// never see one, and a toast is never part of the server's markup.
const ToastLayer = lazy(() => import('./toast-layer.js').then((m) => ({ default: m.ToastLayer })))

const ToastContext = createContext<ToastStore | null>(null)

export interface ToastApi {
  /** Shows a toast (SPEC §8/§9: one at a time, 5 s); returns its id. */
  toast: (input: ToastInput) => string
  dismiss: (id?: string) => void
}

const NO_OP: ToastApi = { toast: () => '', dismiss: () => {} }

/**
 * Toasts for any component below the provider. Outside one (a component rendered alone in a
 * test) the calls do nothing rather than throw.
 */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? NO_OP
}

/** The toast facility, mounted once around the app. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore)
  const [wanted, setWanted] = useState(false)
  const hasToasts = useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().length > 0,
    () => false,
  )
  // once loaded the layer stays, so closing toasts can animate out
  if (hasToasts && !wanted) setWanted(true)
  return (
    <ToastContext.Provider value={store}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastLayer store={store} />
        </Suspense>
      )}
    </ToastContext.Provider>
  )
}
