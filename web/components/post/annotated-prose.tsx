import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent, MouseEvent } from 'react'
import type { Annotation } from '../../../src/shared/schemas/enhancements.js'
import { EssayNotes } from './essay-notes.js'
import { useScrollRegions } from '../../hooks/use-scroll-regions.js'

const AnnotationPopover = lazy(() => import('./annotation-popover.js').then((m) => ({ default: m.AnnotationPopover })))

interface Open {
  index: number
  anchor: HTMLElement
}

function triggerOf(target: EventTarget | null, container: HTMLElement | null): HTMLElement | null {
  if (!(target instanceof Element) || !container) return null
  const el = target.closest<HTMLElement>('[data-annotation]')
  return el && container.contains(el) ? el : null
}

/**
 * The essay's HTML, and, when annotations are shown, the popover of the highlighted term the
 * reader opens (Radix Popover, anchored to that term). The highlights are plain elements in
 * the essay markup (see lib/annotations.ts), so clicks and keys are handled here by
 * delegation: Enter or Space on a focused term opens it, Escape closes it and returns focus.
 */
export function AnnotatedProse({ html, annotations }: { html: string; annotations: readonly Annotation[] | null }) {
  const container = useRef<HTMLDivElement>(null)
  useScrollRegions(container, html)
  const [open, setOpen] = useState<Open | null>(null)
  const anchorRef = useRef<HTMLElement | null>(null)
  /** The term last opened: focus goes back to it when its popover closes. */
  const lastAnchor = useRef<HTMLElement | null>(null)
  const interactedOutside = useRef(false)
  const id = useId()
  const contentId = `${id}-annotation`
  anchorRef.current = open?.anchor ?? null
  // React 19 rewrites innerHTML whenever this object is a new one (it compares the object,
  // not the string): keep it the same while the HTML is, or every render (a refetch, the
  // popover opening) would replace the essay's elements under the reader.
  const inner = useMemo(() => ({ __html: html }), [html])

  // the markup changed (annotations hidden): nothing to anchor to any more
  useEffect(() => setOpen(null), [html])

  // the highlighted term tells assistive technology whether its popover is open
  useEffect(() => {
    if (!open) return
    const el = open.anchor
    el.setAttribute('aria-expanded', 'true')
    el.setAttribute('aria-controls', contentId)
    return () => {
      el.setAttribute('aria-expanded', 'false')
      el.removeAttribute('aria-controls')
    }
  }, [open, contentId])

  function toggle(anchor: HTMLElement) {
    const index = Number(anchor.dataset.annotation)
    if (!annotations || !Number.isInteger(index) || !annotations[index]) return
    interactedOutside.current = false
    lastAnchor.current = anchor
    setOpen((current) => (current?.anchor === anchor ? null : { index, anchor }))
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const anchor = triggerOf(event.target, container.current)
    if (anchor) toggle(anchor)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return
    const anchor = triggerOf(event.target, container.current)
    if (!anchor || event.target !== anchor) return
    event.preventDefault()
    toggle(anchor)
  }

  const annotation = open && annotations ? annotations[open.index] : null
  return (
    <>
      {/* Pipeline-made, sanitised essay HTML; highlights add only validated markup (lib/annotations.ts). */}
      <div ref={container} className="prose" onClick={onClick} onKeyDown={onKeyDown} dangerouslySetInnerHTML={inner} />
      {/* footnotes in the margin and the cards of notes and citations, added once hydrated */}
      <EssayNotes proseRef={container} html={html} />
      {/* the popover's code (Radix Popover and its positioning) loads once annotations are shown */}
      {annotations && (
        <Suspense fallback={null}>
          <AnnotationPopover
            annotation={annotation}
            contentId={contentId}
            anchorRef={anchorRef}
            onClose={() => setOpen(null)}
            onInteractOutside={(target) => {
              // a click on the open term itself toggles it (handled by the click)
              if (open && target instanceof Node && open.anchor.contains(target)) return false
              interactedOutside.current = true
              return true
            }}
            onCloseAutoFocus={() => {
              if (!interactedOutside.current && lastAnchor.current?.isConnected)
                lastAnchor.current.focus({ preventScroll: true })
            }}
          />
        </Suspense>
      )}
    </>
  )
}
