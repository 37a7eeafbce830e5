/** SPEC §9: only one toast is shown at a time; a newer one replaces it. */
export const TOAST_LIMIT = 1
/** SPEC §9: how long a toast stays on screen (the toast facility's default). */
export const TOAST_DURATION = 5000
/** SPEC §9: a dismissed toast is kept (closed, for its exit animation) this long, then dropped. */
export const TOAST_REMOVE_DELAY = 1_000_000

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
}

export interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: string
  description?: string
  /** False once dismissed: the toast animates out, then is removed. */
  open: boolean
}

export interface ToastStore {
  subscribe(listener: () => void): () => void
  getSnapshot(): readonly ToastItem[]
  /** Shows a toast (replacing the one on screen) and returns its id. */
  toast(input: ToastInput): string
  /** Closes one toast, or all of them. */
  dismiss(id?: string): void
}

const EMPTY: readonly ToastItem[] = []

/**
 * The toasts on screen, as a tiny external store: one per app (not per module), so server
 * renders never share it. The clock is injectable for tests.
 */
export function createToastStore(
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): ToastStore {
  let toasts: readonly ToastItem[] = EMPTY
  let count = 0
  const listeners = new Set<() => void>()
  const removals = new Map<string, ReturnType<typeof setTimeout>>()

  const set = (next: readonly ToastItem[]) => {
    toasts = next
    for (const listener of listeners) listener()
  }

  const forget = (id: string) => {
    const timer = removals.get(id)
    if (timer !== undefined) timers.clearTimeout(timer)
    removals.delete(id)
  }

  const scheduleRemoval = (id: string) => {
    if (removals.has(id)) return
    const timer = timers.setTimeout(() => {
      removals.delete(id)
      set(toasts.filter((t) => t.id !== id))
    }, TOAST_REMOVE_DELAY)
    removals.set(id, timer)
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => toasts,
    toast({ title, description, variant = 'default' }) {
      const id = String(++count)
      const next = [{ id, title, description, variant, open: true }, ...toasts]
      // the ones pushed out are gone for good: no pending removal should outlive them
      for (const dropped of next.slice(TOAST_LIMIT)) forget(dropped.id)
      set(next.slice(0, TOAST_LIMIT))
      return id
    },
    dismiss(id) {
      if (!toasts.some((t) => t.open && (id === undefined || t.id === id))) return
      for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
      set(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
    },
  }
}
