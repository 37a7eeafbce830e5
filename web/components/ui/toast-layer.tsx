import { X } from 'lucide-react'
import { Toast } from 'radix-ui'
import { useSyncExternalStore } from 'react'
import { TOAST_DURATION } from '../../lib/toast-store.js'
import type { ToastItem, ToastStore } from '../../lib/toast-store.js'

const NO_TOASTS: readonly ToastItem[] = []

/**
 * What is on screen: Radix Toast gives the live-region announcements, the F8 hotkey, swipe to
 * dismiss and pause on hover. Loaded with the first toast (see toaster.tsx).
 */
export function ToastLayer({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, () => NO_TOASTS)
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast--${t.variant}`}
          open={t.open}
          // failures interrupt a screen reader; confirmations wait their turn
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) store.dismiss(t.id)
          }}
        >
          <div className="toast__body">
            <Toast.Title className="toast__title">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="toast__description">{t.description}</Toast.Description>}
          </div>
          <Toast.Close className="toast__close" aria-label="Dismiss notification">
            <X size={16} aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  )
}
