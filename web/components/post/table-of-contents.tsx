import { ChevronDown, ListTree } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import type { TocEntry } from '../../../src/shared/schemas/index.js'

/** SPEC §9: the table of contents scrolls beyond this many entries. */
export const TOC_SCROLL_THRESHOLD = 12

/** Offset below the sticky header at which a heading counts as "being read". */
const ACTIVE_OFFSET = 120

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/** The id of the heading the reader is in: the last one whose top has passed the header. */
function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null)
  useEffect(() => {
    if (ids.length === 0) return
    let frame = 0
    const update = () => {
      frame = 0
      let current: string | null = null
      for (const id of ids) {
        const el = document.getElementById(id)
        if (!el) continue
        if (el.getBoundingClientRect().top - ACTIVE_OFFSET <= 0) current = id
        else break
      }
      setActive(current)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onScroll)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [ids])
  return active
}

/** Scrolls to a heading smoothly, records it in the address, and moves focus there. */
export function scrollToHeading(id: string): boolean {
  const el = document.getElementById(id)
  if (!el) return false
  el.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  history.replaceState(history.state, '', `#${encodeURIComponent(id)}`)
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
  el.focus({ preventScroll: true })
  return true
}

/**
 * SPEC §2 table of contents: collapsible, open by default, indented by heading level, smooth
 * scrolling to headings, scrolling itself when it has more than 12 entries. The entry being
 * read is marked with aria-current.
 */
export function TableOfContents({ entries, title = 'Table of Contents' }: { entries: readonly TocEntry[]; title?: string }) {
  const [open, setOpen] = useState(true)
  const id = useId()
  const listRef = useRef<HTMLOListElement>(null)
  const idKey = entries.map((e) => e.id).join('\u0000')
  const ids = useMemo(() => (idKey ? idKey.split('\u0000') : []), [idKey])
  const active = useActiveHeading(ids)
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
    else if (offsetTop + offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = offsetTop + offsetHeight - list.clientHeight + 8
  }, [active, scrolls])

  if (entries.length === 0) return null

  function onClick(event: MouseEvent<HTMLAnchorElement>, target: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
    if (scrollToHeading(target)) event.preventDefault()
  }

  return (
    <nav className="toc" aria-labelledby={`${id}-title`}>
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
        {entries.map((entry) => (
          <li key={entry.id} className="toc__item" data-depth={entry.depth - minDepth}>
            <a
              href={`#${entry.id}`}
              className="toc__link"
              aria-current={active === entry.id ? 'location' : undefined}
              onClick={(e) => onClick(e, entry.id)}
            >
              {/* Pipeline-made, sanitised markup (KaTeX) for headings with math; else plain text. */}
              {entry.html ? <span dangerouslySetInnerHTML={{ __html: entry.html }} /> : entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
