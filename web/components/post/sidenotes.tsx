import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { MARGIN_CONTENT, footnotesOf, type Footnote } from '../../lib/essay-notes.js'
import { placeSidenotes, type Span } from '../../lib/sidenote-layout.js'

/** Wide enough for a margin beside the text (post-notes.css reserves it at the same width). */
export const WIDE_QUERY = '(min-width: 75rem)'
/** Space kept between two notes in the margin, in pixels. */
const GAP = 12

/**
 * The essay's footnotes in the right margin, each beside the line that refers to it (the
 * Tufte/Distill layout), on wide screens only. A copy of the footnote list, which stays at the
 * end of the essay for print, narrow screens, screen readers and readers without script: the
 * margin is hidden from assistive technology and out of the tab order, as it repeats that list.
 *
 * Nothing is rendered on the server or in the first client render, so hydration sees the same
 * markup; the notes appear once the page is interactive.
 */
export function Sidenotes({ proseRef, html }: { proseRef: RefObject<HTMLElement | null>; html: string }) {
  const [notes, setNotes] = useState<Footnote[]>([])
  const layer = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const media = window.matchMedia(WIDE_QUERY)
    const read = () => setNotes(media.matches && proseRef.current ? footnotesOf(proseRef.current) : [])
    read()
    media.addEventListener('change', read)
    return () => media.removeEventListener('change', read)
  }, [html, proseRef])

  useLayoutEffect(() => {
    const prose = proseRef.current
    const margin = layer.current
    if (!prose || !margin || notes.length === 0) return
    for (const link of margin.querySelectorAll('a')) link.tabIndex = -1
    let frame = 0
    const layout = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => placeAll(prose, margin, notes))
    }
    placeAll(prose, margin, notes)
    // The text reflows as fonts and images arrive and as blocks far down are first drawn
    // (content-visibility), which moves the references; the notes follow.
    const observer = new ResizeObserver(layout)
    observer.observe(prose)
    void document.fonts?.ready.then(layout)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
    }
  }, [notes, proseRef])

  if (notes.length === 0) return null
  return (
    <div ref={layer} className="sidenotes" aria-hidden="true">
      {notes.map((note) => (
        <div key={note.id} className="sidenote" data-note={note.id}>
          <span className="sidenote__number">{note.number}</span>
          {/* a copy of the essay's own (sanitised) footnote */}
          <div className="sidenote__body" dangerouslySetInnerHTML={{ __html: note.html }} />
        </div>
      ))}
    </div>
  )
}

function placeAll(prose: HTMLElement, margin: HTMLElement, notes: readonly Footnote[]): void {
  const origin = margin.getBoundingClientRect().top
  const boxes = [...margin.children] as HTMLElement[]
  // the first line of a note lines up with the line of its reference
  const wanted = notes.map((note) => note.ref.getBoundingClientRect().top - origin - 2)
  const heights = boxes.map((box) => box.offsetHeight)
  const obstacles: Span[] = [...prose.querySelectorAll(MARGIN_CONTENT)].map((el) => {
    const rect = el.getBoundingClientRect()
    return { top: rect.top - origin, bottom: rect.bottom - origin }
  })
  const tops = placeSidenotes(wanted, heights, obstacles, GAP)
  boxes.forEach((box, i) => {
    box.style.top = `${Math.round(tops[i] ?? 0)}px`
    box.classList.add('is-placed')
  })
}
