import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'

/**
 * A floating panel that starts as a launcher button (the Mathematical Model, Essay Analytics):
 * open or closed, with focus following the reader into the panel's heading and back to the
 * button, and Escape inside the panel closing it.
 */
export function useFloatingPanel() {
  const [open, setOpen] = useState(false)
  const id = useId()
  const launcher = useRef<HTMLButtonElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // only a change the reader made moves focus; the first render leaves it where it is
  const moved = useRef(false)

  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    if (open) heading.current?.focus()
    else launcher.current?.focus()
  }, [open])

  const set = (next: boolean) => {
    moved.current = true
    setOpen(next)
  }

  const onPanelKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.stopPropagation()
      set(false)
    }
  }

  return { open, set, onPanelKeyDown, launcher, heading, panelId: `${id}-panel`, titleId: `${id}-title` }
}
