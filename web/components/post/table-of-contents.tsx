import { ChevronDown, ListTree } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import type { TocEntry } from '../../../src/shared/schemas/index.js'
import { landOn } from '../../lib/essay-jump.js'

/** SPEC §9: the table of contents scrolls beyond this many entries. */
export const TOC_SCROLL_THRESHOLD = 12

/** Offset below the sticky header at which a heading counts as "being read". */
const ACTIVE_OFFSET = 120

/**
 * The id of the heading the reader is in: the last one whose top has passed the line just
 * below the sticky header, or the last heading in view once the page can scroll no further.
 * An IntersectionObserver says when a heading crosses that line (or the viewport's edges);
 * only then is the answer worked out again, so scrolling itself costs nothing. `version`
 * changes when the essay's markup is replaced (annotations shown or hidden), so the new
 * heading elements are observed.
 */
function useActiveHeading(ids: readonly string[], version: unknown): string | null {
  const [active, setActive] = useState<string | null>(null)
  useEffect(() => {
    if (ids.length === 0 || typeof IntersectionObserver === 'undefined') return
    const headings = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null)
    if (headings.length === 0) return
    let frame = 0
    const update = () => {
      frame = 0
      let current: string | null = null
      // read the headings afresh: the essay's markup may have been replaced since
      const fresh = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null)
      for (const el of fresh) {
        if (el.getBoundingClientRect().top - ACTIVE_OFFSET <= 0) current = el.id
        else break
      }
      const root = document.documentElement
      if (root.scrollHeight > root.clientHeight && window.scrollY + window.innerHeight >= root.scrollHeight - 2) {
        // at the very end: the last section in view is the one being read
        const visible = fresh.filter((el) => el.getBoundingClientRect().top < window.innerHeight)
        if (visible.length > 0) current = visible[visible.length - 1].id
      }
      setActive(current)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    const observer = new IntersectionObserver(schedule, {
      rootMargin: `-${ACTIVE_OFFSET}px 0px 0px 0px`,
      threshold: [0, 0.25, 0.5, 0.75, 1],
    })
    headings.forEach((el) => observer.observe(el))
    // reaching the end of the page crosses no heading: watch the page's footer come in too
    const footers = document.getElementsByTagName('footer')
    if (footers.length > 0) observer.observe(footers[footers.length - 1])
    // No first update() here: an observer reports every target once as it starts observing,
    // which schedules one for the next frame, without a forced layout in the effects that
    // follow hydration.
    return () => {
      observer.disconnect()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [ids, version])
  return active
}

/** Scrolls to a heading smoothly, records it in the address, and moves focus there. */
export function scrollToHeading(id: string): boolean {
  const el = document.getElementById(id)
  if (!el) return false
  landOn(el, true)
  history.replaceState(history.state, '', `#${encodeURIComponent(id)}`)
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
  el.focus({ preventScroll: true })
  return true
}

/**
 * SPEC §2 table of contents: collapsible, open by default, indented by heading level, smooth
 * scrolling to headings, scrolling itself when it has more than 12 entries. The entry being
 * read is marked with aria-current="location".
 */
export function TableOfContents({
  entries,
  title = 'Table of Contents',
  contentVersion,
  inline = false,
}: {
  entries: readonly TocEntry[]
  title?: string
  contentVersion?: unknown
  /**
   * The contents above the essay where the sidebar has no room (phones, tablets): closed at
   * first, one button away, so the essay still starts near the top of the screen.
   */
  inline?: boolean
}) {
  const [open, setOpen] = useState(!inline)
  const id = useId()
  const listRef = useRef<HTMLOListElement>(null)
  const idKey = entries.map((e) => e.id).join('\u0000')
  const ids = useMemo(() => (idKey ? idKey.split('\u0000') : []), [idKey])
  const active = useActiveHeading(ids, contentVersion)
  // stable objects, or React would rewrite these entries' markup on every change of `active`
  const markup = useMemo(() => entries.map((e) => (e.html ? { __html: e.html } : null)), [entries])
  const minDepth = entries.reduce((m, e) => Math.min(m, e.depth), 6)
  const scrolls = entries.length > TOC_SCROLL_THRESHOLD

  // keep the current entry visible inside a scrolling list (without moving the page)
  useEffect(() => {
    const list = listRef.current
    if (!scrolls || !list || !active) return
    const item = list.querySelector<HTMLElement>('[aria-current="location"]')
    if (!item) return
    const { offsetTop, offsetHeight } = item
    if (offsetTop < list.scrollTop) list.scrollTop = offsetTop - 8
    else if (offsetTop + offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = offsetTop + offsetHeight - list.clientHeight + 8
  }, [active, scrolls])

  if (entries.length === 0) return null

  function onClick(event: MouseEvent<HTMLAnchorElement>, target: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    if (scrollToHeading(target)) event.preventDefault()
  }

  return (
    <nav className={inline ? 'toc toc--inline' : 'toc'} aria-labelledby={`${id}-title`}>
      <button
        type="button"
        className="toc__toggle"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((o) => !o)}
      >
        <ListTree size={16} aria-hidden="true" />
        <span id={`${id}-title`} className="toc__title">
          {title}
        </span>
        <ChevronDown size={16} aria-hidden="true" className="toc__chevron" />
      </button>
      <ol
        ref={listRef}
        id={`${id}-list`}
        className={`toc__list${scrolls ? ' toc__list--scroll' : ''}`}
        hidden={!open}
        tabIndex={scrolls ? 0 : undefined}
        aria-label={scrolls ? title : undefined}
      >
        {entries.map((entry, i) => (
          <li key={entry.id} className="toc__item" data-depth={entry.depth - minDepth}>
            <a
              href={`#${entry.id}`}
              className="toc__link"
              aria-current={active === entry.id ? 'location' : undefined}
              onClick={(e) => onClick(e, entry.id)}
            >
              {/* Pipeline-made, sanitised markup (KaTeX) for headings with math; else plain text. */}
              {markup[i] ? <span dangerouslySetInnerHTML={markup[i]} /> : entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
