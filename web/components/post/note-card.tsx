import { Popover } from 'radix-ui'
import type { RefObject } from 'react'
import type { NoteContent } from '../../lib/essay-notes.js'

export interface NoteCardProps {
  /** What the open card shows, or null when none is open. */
  note: NoteContent | null
  contentId: string
  anchorRef: RefObject<HTMLElement | null>
  /** Focus moves into the card (it was opened from the keyboard with Enter). */
  takeFocus: boolean
  onClose: () => void
  /** A pointer or focus outside the card: false keeps it open (another reference handles it). */
  onInteractOutside: (target: EventTarget | null) => boolean
  onCloseAutoFocus: () => void
  onPointerEnter: () => void
  onPointerLeave: () => void
}

/**
 * The card of a footnote or citation (Radix Popover anchored to its mark in the text): the
 * note's text, or the full bibliography entry. A chunk of its own, loaded as a reader first
 * comes near a mark (essay-notes.tsx). Escape and a tap elsewhere close it (Radix's dismissable
 * layer).
 */
export function NoteCard({
  note,
  contentId,
  anchorRef,
  takeFocus,
  onClose,
  onInteractOutside,
  onCloseAutoFocus,
  onPointerEnter,
  onPointerLeave,
}: NoteCardProps) {
  return (
    <Popover.Root open={note !== null} onOpenChange={(next) => !next && onClose()}>
      <Popover.Anchor virtualRef={anchorRef} />
      {note && (
        <Popover.Portal>
          <Popover.Content
            id={contentId}
            className={`note-card note-card--${note.kind}`}
            side="bottom"
            align="center"
            sideOffset={6}
            collisionPadding={12}
            aria-label={note.label}
            tabIndex={-1}
            onOpenAutoFocus={(event) => {
              // hover and focus only show the card; the reader stays where they are
              event.preventDefault()
              if (takeFocus) (event.currentTarget as HTMLElement | null)?.focus({ preventScroll: true })
            }}
            onInteractOutside={(event) => {
              if (!onInteractOutside(event.target)) event.preventDefault()
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              onCloseAutoFocus()
            }}
            onPointerEnter={onPointerEnter}
            onPointerLeave={onPointerLeave}
          >
            <p className="note-card__label">{note.label}</p>
            {/* a copy of the essay's own sanitised note or bibliography entry */}
            <div className="note-card__body" dangerouslySetInnerHTML={{ __html: note.html }} />
            <Popover.Arrow className="note-card__arrow" width={12} height={6} />
          </Popover.Content>
        </Popover.Portal>
      )}
    </Popover.Root>
  )
}
