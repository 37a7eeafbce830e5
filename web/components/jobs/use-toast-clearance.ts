import { useEffect, useState } from 'react'

/** Space kept between the top of a toast and what floats above it. */
const GAP = 12

/**
 * How far from the bottom of the window the open toasts reach (0 when none is open), so a
 * panel that also floats at the bottom right can sit above them rather than under. The toasts
 * are rendered by their own layer (components/ui/toast-layer), so this watches the page for
 * its viewport and then the viewport for toasts coming and going.
 */
export function useToastClearance(): number {
  const [clearance, setClearance] = useState(0)
  useEffect(() => {
    let viewport: HTMLElement | null = null
    let frame = 0
    const measure = () => {
      frame = 0
      const open = viewport ? [...viewport.querySelectorAll<HTMLElement>('.toast[data-state="open"]')] : []
      if (open.length === 0) return setClearance(0)
      const top = Math.min(...open.map((t) => t.getBoundingClientRect().top))
      setClearance(Math.max(0, Math.round(window.innerHeight - top + GAP)))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    const watchViewport = new MutationObserver(schedule)
    const findViewport = new MutationObserver(() => {
      const found = document.querySelector<HTMLElement>('ol.toast-viewport')
      if (!found) return
      viewport = found
      findViewport.disconnect()
      watchViewport.observe(found, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-state'],
      })
      schedule()
    })
    const existing = document.querySelector<HTMLElement>('ol.toast-viewport')
    if (existing) {
      viewport = existing
      watchViewport.observe(existing, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-state'],
      })
      schedule()
    } else {
      findViewport.observe(document.body, { childList: true, subtree: true })
    }
    window.addEventListener('resize', schedule)
    return () => {
      findViewport.disconnect()
      watchViewport.disconnect()
      window.removeEventListener('resize', schedule)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [])
  return clearance
}
