import { useLayoutEffect, useRef } from 'react'

/**
 * Where focus goes when a dialog opened from elsewhere closes: back to what had it when the
 * dialog opened (the button that opened it), or to `fallback` when that is gone (a menu item of
 * a menu that closed to open the dialog). Radix returns focus only to its own Trigger; a
 * dialog opened by state has none, and focus fell to <body>. Returns the handler for the
 * dialog content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null)
  // A layout effect runs before the dialog's own (passive) effect moves focus inside it.
  useLayoutEffect(() => {
    if (!open) return
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
  }, [open])
  return (event) => {
    const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null)
    opener.current = null
    if (!target) return
    event.preventDefault()
    target.focus()
  }
}
