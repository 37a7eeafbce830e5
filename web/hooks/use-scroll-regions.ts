import { useEffect, type RefObject } from 'react'
import { watchScrollRegions } from '../lib/scroll-regions.js'
import { whenIdle } from '../lib/when-idle.js'

/**
 * Keeps the essay's sideways-scrolling formulas, code and tables reachable by keyboard (see
 * watchScrollRegions), measured again when the column's width changes (window, zoom) or the
 * formulas' fonts arrive. `data-scroll-regions="ready"` on the prose says the tab stops are set.
 *
 * The tab stops are set when the browser is idle, not in the task that hydrates the page: on
 * the longest math essay, finding and marking every wide block was a tenth of the app's script
 * at load, all of it in the load's longest task (issue 40). A keyboard reader cannot tab into
 * the essay before then anyway.
 */
export function useScrollRegions(ref: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => {
    const root = ref.current
    if (!root || typeof IntersectionObserver === 'undefined') return
    // new markup (annotations shown or hidden) has no tab stops until the idle pass marks it
    delete root.dataset.scrollRegions
    let stop = () => {}
    let frame = 0
    const cancelStart = whenIdle(() => {
      stop = watchScrollRegions(root)
      root.dataset.scrollRegions = 'ready'
    })
    const again = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        stop()
        stop = watchScrollRegions(root)
      })
    }
    // The first width comes with the observer's first report, after the browser's own layout:
    // reading root.clientWidth here would force the whole essay's layout inside this task.
    let width: number | null = null
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            // Only a change of width changes what fits; the essay grows in height as it loads.
            const now = entry.contentRect.width
            if (width === null || now === width) {
              width = now
              return
            }
            width = now
            if (root.dataset.scrollRegions === 'ready') again()
          })
    resized?.observe(root)
    const fonts = typeof document.fonts === 'undefined' ? null : document.fonts
    const fontsArrived = () => {
      if (root.dataset.scrollRegions === 'ready') again()
    }
    fonts?.addEventListener('loadingdone', fontsArrived)
    return () => {
      fonts?.removeEventListener('loadingdone', fontsArrived)
      resized?.disconnect()
      cancelStart()
      cancelAnimationFrame(frame)
      stop()
    }
  }, [ref, html])
}
