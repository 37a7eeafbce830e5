import { useEffect, type RefObject } from 'react'
import { watchScrollRegions } from '../lib/scroll-regions.js'

/**
 * Keeps the essay's sideways-scrolling formulas, code and tables reachable by keyboard (see
 * watchScrollRegions), measured again when the column's width changes (window, zoom) or the
 * formulas' fonts arrive. `data-scroll-regions="ready"` on the prose says the tab stops are set.
 */
export function useScrollRegions(ref: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => {
    const root = ref.current
    if (!root || typeof IntersectionObserver === 'undefined') return
    let stop = watchScrollRegions(root)
    root.dataset.scrollRegions = 'ready'
    let width = root.clientWidth
    let frame = 0
    const again = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        stop()
        stop = watchScrollRegions(root)
      })
    }
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            // Only a change of width changes what fits; the essay grows in height as it loads.
            if (root.clientWidth === width) return
            width = root.clientWidth
            again()
          })
    resized?.observe(root)
    const fonts = typeof document.fonts === 'undefined' ? null : document.fonts
    fonts?.addEventListener('loadingdone', again)
    return () => {
      fonts?.removeEventListener('loadingdone', again)
      resized?.disconnect()
      cancelAnimationFrame(frame)
      stop()
    }
  }, [ref, html])
}
