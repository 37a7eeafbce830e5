/**
 * Jumps within an essay. Its blocks below the screen wait unlaid-out (content-visibility in
 * prose.css) with a paragraph's height as placeholder, so a jump measured then lands far off:
 * 4,000 px on a long essay (issue 23.1). Before a jump the essay is laid out whole, once; it
 * costs one layout of the essay, which the reader asked for by jumping. Links the browser
 * follows itself (to #id from elsewhere, footnotes, cross-references) are covered by
 * `layOutForFragments`.
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
export function fragmentTarget(hash = window.location.hash, doc: Document = document): HTMLElement | null {
  if (hash.length < 2) return null
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // an id with a stray % is looked up as written
  }
  return doc.getElementById(id)
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/**
 * Lays out the essay before the browser lands on an element of it by itself: the element the
 * address names as the page loads (called from the page's first script, before the browser's
 * last jump to it, at the load event), a link within the page as it is clicked (before the
 * browser follows it), and a fragment reached otherwise (history, a script), after which the
 * jump is made again on the real layout. It used to be a `:has(:target)` rule in prose.css,
 * which made the browser check the whole essay again for a target each time the parser added
 * elements to it: half the style work of loading the heaviest math page (issue 24).
 */
export function layOutForFragments(doc: Document = document): void {
  const win = doc.defaultView
  if (!win) return
  const target = fragmentTarget(win.location.hash, doc)
  if (target) layOutEssayAround(target)
  // on the window, as the event's last listener: a link the app handles itself (a footnote's
  // card, a contents entry) has had its default prevented by then
  win.addEventListener('click', (event) => {
    if (event.defaultPrevented) return
    const link = event.target instanceof Element ? event.target.closest('a[href*="#"]') : null
    if (!(link instanceof HTMLAnchorElement)) return
    const url = new URL(link.href, win.location.href)
    if (url.origin !== win.location.origin || url.pathname !== win.location.pathname) return
    const el = fragmentTarget(url.hash, doc)
    if (el) layOutEssayAround(el)
  })
  win.addEventListener('hashchange', () => {
    const el = fragmentTarget(win.location.hash, doc)
    const essay = el?.closest('.post-content')
    if (!el || !essay || essay.hasAttribute('data-laid-out')) return
    layOutEssayAround(el)
    el.scrollIntoView({ block: 'start' })
  })
}
