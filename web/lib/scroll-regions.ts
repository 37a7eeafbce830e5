/** What in an essay scrolls sideways inside itself when it is wider than the column (prose-blocks.css). */
const SCROLLERS = '.katex-display, .math-display, pre, table'

/**
 * Lets the keyboard reach what scrolls sideways (a wide formula, code block or table: arrow
 * keys then scroll it). Every such block gets a tab stop at once, which costs no layout; each
 * one loses it again once it is laid out near the screen and found to fit, so a page of short
 * formulas keeps no tab stop per formula where the reader is. Blocks far below are not laid
 * out yet (content-visibility in prose.css) and are not measured until the reader nears them.
 * Returns the call that stops watching.
 */
export function watchScrollRegions(root: ParentNode): () => void {
  const fits = (el: HTMLElement) => el.scrollWidth <= el.clientWidth
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        const el = entry.target as HTMLElement
        observer.unobserve(el)
        if (fits(el)) release(el)
      }
    },
    { rootMargin: '50% 0px' },
  )
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (el.dataset.scrollRegion === undefined) {
      if (el.hasAttribute('tabindex')) continue
      el.tabIndex = 0
      el.dataset.scrollRegion = ''
    }
    observer.observe(el)
  }
  return () => observer.disconnect()
}

function release(el: HTMLElement): void {
  el.removeAttribute('tabindex')
  delete el.dataset.scrollRegion
}
