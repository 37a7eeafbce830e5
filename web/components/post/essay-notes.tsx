import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react'
import type { RefObject } from 'react'
import {
  CITATION,
  FOOTNOTE_REF,
  noteContent,
  noteTrigger,
  type NoteContent,
  type NoteKind,
} from '../../lib/essay-notes.js'
import { Sidenotes, WIDE_QUERY } from './sidenotes.js'
import type * as NoteCardModuleType from './note-card.js'

type NoteCardModule = typeof NoteCardModuleType

// The card's code (Radix Popover and its positioning) is fetched when a reader first comes near a
// mark (a pointer over it, focus, a touch), not with the page: most visits open no card, and
// loading, running and mounting it with the page cost every visitor of an essay with notes or
// citations (issue 40). The pointer's rest before a card opens (HOVER_OPEN_MS) covers the fetch.
let noteCardCode: Promise<NoteCardModule> | null = null
function loadNoteCard(): Promise<NoteCardModule> {
  return (noteCardCode ??= import('./note-card.js').catch((error: unknown) => {
    noteCardCode = null // a failed fetch (offline, a new deploy) may be tried again
    throw error
  }))
}
const NoteCard = lazy(() => loadNoteCard().then((m) => ({ default: m.NoteCard })))

/** How the open card was opened: it decides what closes it and where focus goes. */
type Via = 'hover' | 'focus' | 'tap' | 'keyboard'

interface Open {
  trigger: HTMLAnchorElement
  note: NoteContent
  via: Via
}

/** A pointer resting on a mark shows its card after this long (passing over the text does not). */
const HOVER_OPEN_MS = 120
/** Time to move the pointer from the mark onto its card before it closes. */
const HOVER_CLOSE_MS = 250

/**
 * The reading aids of an essay's notes, added after hydration without changing its markup:
 * footnotes in the margin on wide screens (Sidenotes), and one card at a time for a citation
 * (its full entry, on hover, keyboard focus or tap) or, on narrow screens, a footnote (on tap,
 * focus or Enter). Escape closes the card. The footnote list and the references at the end stay
 * as they are: the links to them still work, for print, and without script.
 */
export function EssayNotes({ proseRef, html }: { proseRef: RefObject<HTMLElement | null>; html: string }) {
  const [open, setOpen] = useState<Open | null>(null)
  const [hasMarks, setHasMarks] = useState(false)
  /** Whether a card has been asked for: only then is the card (closed or open) mounted. */
  const [wanted, setWanted] = useState(false)
  const anchorRef = useRef<HTMLElement | null>(null)
  const openRef = useRef<Open | null>(null)
  /** The card open last: where focus goes back to once it has closed. */
  const lastOpen = useRef<Open | null>(null)
  const closeTimer = useRef(0)
  /** Set while focus is given back to a mark, so that its focus does not open the card again. */
  const refocusing = useRef(false)
  const contentId = `${useId()}-note`
  anchorRef.current = open?.trigger ?? null
  openRef.current = open
  if (open) lastOpen.current = open

  useEffect(() => {
    setOpen(null)
    setHasMarks(proseRef.current?.querySelector(`${FOOTNOTE_REF}, ${CITATION}`) != null)
  }, [html, proseRef])

  // the mark tells assistive technology that its card is open
  useEffect(() => {
    if (!open) return
    const el = open.trigger
    el.setAttribute('aria-expanded', 'true')
    el.setAttribute('aria-controls', contentId)
    return () => {
      el.removeAttribute('aria-expanded')
      el.removeAttribute('aria-controls')
    }
  }, [open, contentId])

  useEffect(() => {
    const scope = proseRef.current?.parentElement
    if (!scope || !hasMarks) return
    const wide = window.matchMedia(WIDE_QUERY)
    let openTimer = 0
    const sidenoteOf = (ref: HTMLAnchorElement) => {
      const id = decodeURIComponent((ref.getAttribute('href') ?? '').slice(1))
      return [...scope.querySelectorAll<HTMLElement>('.sidenote')].find((note) => note.dataset.note === id) ?? null
    }
    /** On a wide screen a footnote is already in the margin: its mark only points it out. */
    const inMargin = (kind: NoteKind, el: HTMLAnchorElement) =>
      kind === 'footnote' && wide.matches ? sidenoteOf(el) : null

    const show = (trigger: HTMLAnchorElement, kind: NoteKind, via: Via) => {
      window.clearTimeout(closeTimer.current)
      const note = noteContent(trigger, kind)
      if (!note) return
      setWanted(true)
      setOpen({ trigger, note, via })
    }
    const warm = () => void loadNoteCard().catch(() => {})
    const toggle = (trigger: HTMLAnchorElement, kind: NoteKind, via: Via) => {
      if (openRef.current?.trigger === trigger) setOpen(null)
      else show(trigger, kind, via)
    }

    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      const mark = noteTrigger(event.target, scope)
      if (!mark) return
      warm()
      const sidenote = inMargin(mark.kind, mark.el)
      if (sidenote) return void sidenote.classList.add('is-active')
      window.clearTimeout(openTimer)
      window.clearTimeout(closeTimer.current)
      if (openRef.current?.trigger === mark.el) return
      openTimer = window.setTimeout(() => show(mark.el, mark.kind, 'hover'), HOVER_OPEN_MS)
    }
    const onPointerOut = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      const mark = noteTrigger(event.target, scope)
      if (!mark || (event.relatedTarget instanceof Node && mark.el.contains(event.relatedTarget))) return
      inMargin(mark.kind, mark.el)?.classList.remove('is-active')
      window.clearTimeout(openTimer)
      if (openRef.current?.trigger === mark.el && openRef.current.via === 'hover') scheduleClose()
    }
    const onFocusIn = (event: FocusEvent) => {
      const mark = noteTrigger(event.target, scope)
      if (mark) warm()
      if (!mark || refocusing.current || !mark.el.matches(':focus-visible')) return
      const sidenote = inMargin(mark.kind, mark.el)
      if (sidenote) sidenote.classList.add('is-active')
      else show(mark.el, mark.kind, 'focus')
    }
    const onFocusOut = (event: FocusEvent) => {
      const mark = noteTrigger(event.target, scope)
      if (mark) inMargin(mark.kind, mark.el)?.classList.remove('is-active')
    }
    const onClick = (event: MouseEvent) => {
      const mark = noteTrigger(event.target, scope)
      if (!mark) return
      const keyboard = event.detail === 0
      const touch = event instanceof PointerEvent && (event.pointerType === 'touch' || event.pointerType === 'pen')
      if (mark.kind === 'citation') {
        // a mouse has seen the card already and Enter follows the link, to the references list
        if (!touch) return void setOpen(null)
        event.preventDefault()
        return toggle(mark.el, 'citation', 'tap')
      }
      const sidenote = inMargin(mark.kind, mark.el)
      if (sidenote) {
        // Enter still goes to the list (the margin is not read out); a click points at the note
        if (keyboard) return
        event.preventDefault()
        sidenote.classList.remove('is-flash')
        void sidenote.offsetWidth
        sidenote.classList.add('is-flash')
        return
      }
      event.preventDefault()
      if (keyboard) show(mark.el, 'footnote', 'keyboard')
      else toggle(mark.el, 'footnote', 'tap')
    }

    // a tap's press comes before its click: the card's code is on its way by then
    const onPointerDown = (event: PointerEvent) => {
      if (noteTrigger(event.target, scope)) warm()
    }

    scope.addEventListener('pointerover', onPointerOver)
    scope.addEventListener('pointerdown', onPointerDown)
    scope.addEventListener('pointerout', onPointerOut)
    scope.addEventListener('focusin', onFocusIn)
    scope.addEventListener('focusout', onFocusOut)
    scope.addEventListener('click', onClick)
    return () => {
      window.clearTimeout(openTimer)
      window.clearTimeout(closeTimer.current)
      scope.removeEventListener('pointerover', onPointerOver)
      scope.removeEventListener('pointerdown', onPointerDown)
      scope.removeEventListener('pointerout', onPointerOut)
      scope.removeEventListener('focusin', onFocusIn)
      scope.removeEventListener('focusout', onFocusOut)
      scope.removeEventListener('click', onClick)
    }
  }, [hasMarks, proseRef])

  function scheduleClose() {
    window.clearTimeout(closeTimer.current)
    closeTimer.current = window.setTimeout(() => setOpen(null), HOVER_CLOSE_MS)
  }

  return (
    <>
      <Sidenotes proseRef={proseRef} html={html} />
      {hasMarks && wanted && (
        <Suspense fallback={null}>
          <NoteCard
            note={open?.note ?? null}
            contentId={contentId}
            anchorRef={anchorRef}
            takeFocus={open?.via === 'keyboard'}
            onClose={() => setOpen(null)}
            onInteractOutside={(target) => {
              // another mark (or this one) handles its own click or focus
              if (target instanceof Element && target.closest(`${FOOTNOTE_REF}, ${CITATION}`)) return false
              return true
            }}
            onCloseAutoFocus={() => {
              const current = lastOpen.current
              if (!current || (current.via !== 'keyboard' && current.via !== 'focus')) return
              if (!current.trigger.isConnected || document.activeElement === current.trigger) return
              refocusing.current = true
              current.trigger.focus({ preventScroll: true })
              refocusing.current = false
            }}
            onPointerEnter={() => window.clearTimeout(closeTimer.current)}
            onPointerLeave={() => {
              if (openRef.current?.via === 'hover') scheduleClose()
            }}
          />
        </Suspense>
      )}
    </>
  )
}
