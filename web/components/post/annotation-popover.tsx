import { X } from 'lucide-react'
import { Popover } from 'radix-ui'
import type { RefObject } from 'react'
import type { Annotation } from '../../../src/shared/schemas/enhancements.js'
import { ANNOTATION_TYPE_LABELS } from '../../lib/annotations.js'

export interface AnnotationPopoverProps {
  /** The annotation of the open term, or null when none is open. */
  annotation: Annotation | null
  contentId: string
  /** The highlighted term the popover is anchored to. */
  anchorRef: RefObject<HTMLElement | null>
  onClose: () => void
  /** A pointer or focus outside the popover: false keeps it open (the open term's own click toggles it). */
  onInteractOutside: (target: EventTarget | null) => boolean
  /** The popover closed: where focus goes is the caller's choice. */
  onCloseAutoFocus: () => void
}

/**
 * The note of an annotated term (Radix Popover, anchored to that term). A chunk of its own:
 * readers who never show annotations never download Radix's popover and positioning code.
 */
export function AnnotationPopover({
  annotation,
  contentId,
  anchorRef,
  onClose,
  onInteractOutside,
  onCloseAutoFocus,
}: AnnotationPopoverProps) {
  return (
    <Popover.Root open={annotation !== null} onOpenChange={(next) => !next && onClose()}>
      <Popover.Anchor virtualRef={anchorRef} />
      {annotation && (
        <Popover.Portal>
          <Popover.Content
            id={contentId}
            className={`annotation-popover annotation-popover--${annotation.type}`}
            side="bottom"
            align="start"
            sideOffset={8}
            collisionPadding={12}
            aria-labelledby={`${contentId}-term`}
            aria-describedby={`${contentId}-text`}
            tabIndex={-1}
            onOpenAutoFocus={(event) => {
              // start on the note itself (read first), not on its close button
              event.preventDefault()
              ;(event.currentTarget as HTMLElement | null)?.focus({ preventScroll: true })
            }}
            onInteractOutside={(event) => {
              if (!onInteractOutside(event.target)) event.preventDefault()
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              onCloseAutoFocus()
            }}
          >
            <div className="annotation-popover__meta">
              <span className={`annotation-badge annotation-badge--${annotation.type}`}>
                {ANNOTATION_TYPE_LABELS[annotation.type]}
              </span>
              {annotation.category && <span className="annotation-popover__category">{annotation.category}</span>}
            </div>
            <p id={`${contentId}-term`} className="annotation-popover__term">
              {annotation.targetText}
            </p>
            <p id={`${contentId}-text`} className="annotation-popover__text">
              {annotation.annotation}
            </p>
            <Popover.Close className="icon-button annotation-popover__close" aria-label="Close annotation">
              <X size={16} aria-hidden="true" />
            </Popover.Close>
            <Popover.Arrow className="annotation-popover__arrow" width={14} height={7} />
          </Popover.Content>
        </Popover.Portal>
      )}
    </Popover.Root>
  )
}
