/**
 * Jumps within an essay. Its blocks below the screen wait unlaid-out (content-visibility in
 * prose.css) with a paragraph's height as placeholder, so a jump measured then lands far off:
 * 4,000 px on a long essay (issue 23.1). Before a jump the essay is laid out whole, once; it
 * costs one layout of the essay, which the reader asked for by jumping. Links the browser
 * follows itself (to #id from elsewhere, footnotes) are covered by prose.css's :target rule.
 */

/** Lays out, for real, the whole essay that holds `el` (nothing if `el` is not in an essay). */
export function layOutEssayAround(el: Element): void {
  el.closest('.post-content')?.setAttribute('data-laid-out', '')
}

/** Scrolls `el` to the top of the reading area (below the sticky header: scroll-padding-top). */
export function landOn(el: Element, smooth: boolean): void {
  layOutEssayAround(el)
  el.scrollIntoView({ behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto', block: 'start' })
}

/** The element the address's #fragment names, or null. */
export function fragmentTarget(hash = window.location.hash): HTMLElement | null {
  if (hash.length < 2) return null
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // an id with a stray % is looked up as written
  }
  return document.getElementById(id)
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}
