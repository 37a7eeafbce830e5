import { useCallback, useState } from 'react'

/**
 * How far below the viewport a section counts as near: a phone screen and a half of scrolling
 * ahead, so its data and code have arrived by the time the reader gets there. The end of an
 * essay holds its references and the "Cite this essay" box before the comments; a short note's
 * comments still load with the page.
 */
export const NEAR_MARGIN_PX = 1200

type ObserverClass = typeof IntersectionObserver

/**
 * Calls `onNear` once, when `element` comes within `marginPx` below the viewport (or is
 * already in or above it). Without IntersectionObserver (old browsers) it calls at once:
 * showing the section is better than never showing it. Returns the way to stop watching.
 */
export function watchNear(
  element: Element,
  onNear: () => void,
  marginPx = NEAR_MARGIN_PX,
  Observer: ObserverClass | undefined = globalThis.IntersectionObserver,
): () => void {
  if (typeof Observer !== 'function') {
    onNear()
    return () => {}
  }
  const observer = new Observer(
    (entries) => {
      // Above the viewport at the first report counts too: the page opened further down
      // (restored scroll, a link to a later heading), so the reader has passed it.
      const near = entries.some((e) => e.isIntersecting || e.boundingClientRect.bottom < 0)
      if (!near) return
      observer.disconnect()
      onNear()
    },
    { rootMargin: `0px 0px ${marginPx}px 0px` },
  )
  observer.observe(element)
  return () => observer.disconnect()
}

/**
 * For parts of a page that only matter once the reader gets near them (the post page's
 * related posts and comments): `near` turns true, and stays true, once the element given to
 * `ref` comes within `marginPx` of the viewport. It starts false on the server and in the
 * first browser render alike, so hydration sees the same markup the server sent.
 */
export function useNearViewport<T extends Element = HTMLElement>(
  marginPx = NEAR_MARGIN_PX,
): { ref: (element: T | null) => (() => void) | undefined; near: boolean } {
  const [near, setNear] = useState(false)
  // React 19 calls the returned function when the element goes away or the callback changes.
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return undefined
      return watchNear(element, () => setNear(true), marginPx)
    },
    [near, marginPx],
  )
  return { ref, near }
}
