import { useEffect } from 'react'
import type { RefObject } from 'react'

/** Below this width the tracker is a bar along the bottom; from it on, a column at the right (jobs.css). */
export const SIDE_DOCK_QUERY = '(min-width: 64rem)'

/**
 * Makes room for the docked job tracker so it never sits over the page's controls (issue 23.9):
 * its size goes to `--job-dock-width` / `--job-dock-height` on <html>, with `data-job-dock`, and
 * jobs.css pads the page by it: a column on the right on wide screens (nothing ever scrolls under
 * it), the height of the bar at the bottom on narrow ones (the last controls scroll clear of it,
 * and scroll-padding keeps a focused control out from under it). Removed when the tracker goes.
 */
export function useDockSpace(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const root = document.documentElement
    const write = () => {
      const { width, height } = el.getBoundingClientRect()
      root.style.setProperty('--job-dock-width', `${Math.ceil(width)}px`)
      root.style.setProperty('--job-dock-height', `${Math.ceil(height)}px`)
    }
    write()
    root.dataset.jobDock = ''
    const observer = new ResizeObserver(write)
    observer.observe(el)
    return () => {
      observer.disconnect()
      delete root.dataset.jobDock
      root.style.removeProperty('--job-dock-width')
      root.style.removeProperty('--job-dock-height')
    }
  }, [ref])
}
