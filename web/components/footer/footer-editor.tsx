import { ArrowLeft, CircleAlert, Save } from 'lucide-react'
import { AlertDialog, Dialog } from 'radix-ui'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent, RefObject } from 'react'
import type { FooterContent } from '../../../src/shared/footer-defaults.js'
import { useUpdateFooter } from '../../api/site.js'
import { serverMessage } from '../../lib/errors.js'
import { useToast } from '../ui/toaster.js'
import { EditorField } from './editor-field.js'
import { FOOTER_LIMITS, checkFooterDraft, draftFromContent, fieldId, footerPayload, isDirty } from './footer-draft.js'
import type { FieldPath, FooterDraft, FooterProblems } from './footer-draft.js'
import { LinkSectionsEditor } from './link-sections-editor.js'
import { SocialLinksEditor } from './social-links-editor.js'

export interface FooterEditorProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The footer as shown now: the editor starts from it each time it opens. */
  footer: FooterContent
  /** Where focus goes back when the editor closes (the Edit Footer button). */
  returnFocus: RefObject<HTMLElement | null>
}

const FORM_ID = 'footer-editor-form'

/**
 * SPEC §2/§4 footer editor: full screen, opened by Edit Footer, closed by Back (or Escape) and
 * after a successful save; with unsaved changes, Back first asks whether to discard them.
 * Radix Dialog keeps focus inside and hides the page from assistive technology while it is open.
 */
export function FooterEditor({ open, onOpenChange, footer, returnFocus }: FooterEditorProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <EditorScreen footer={footer} onClose={() => onOpenChange(false)} returnFocus={returnFocus} />
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The open editor; mounted on each opening, so it always starts from the footer as shown. */
function EditorScreen({
  footer,
  onClose,
  returnFocus,
}: {
  footer: FooterContent
  onClose: () => void
  returnFocus: RefObject<HTMLElement | null>
}) {
  const [original] = useState(() => draftFromContent(footer))
  const [draft, setDraft] = useState<FooterDraft>(original)
  const [problems, setProblems] = useState<FooterProblems>({})
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null)
  const [confirmLeave, setConfirmLeave] = useState(false)
  const backButton = useRef<HTMLButtonElement>(null)
  const discarding = useRef(false)
  const { toast } = useToast()
  const save = useUpdateFooter()
  const content = useRef<HTMLDivElement>(null)
  const problemCount = Object.keys(problems).length

  // focus requested by add/remove and by a refused save, once the new rows are on screen
  useEffect(() => {
    if (!focusTarget) return
    const el = document.getElementById(focusTarget.id)
    el?.focus()
    if (el instanceof HTMLInputElement) el.select()
  }, [focusTarget])
  const focusLater = (id: string) => setFocusTarget({ id })

  /** Applies an edit; a field's problem goes away as soon as it is edited. */
  const edit = (next: FooterDraft) => {
    setDraft(next)
    if (problemCount > 0) {
      const still = checkFooterDraft(next)
      setProblems(
        (current) => Object.fromEntries(Object.entries(current).filter(([path]) => path in still)) as FooterProblems,
      )
    }
  }

  /** Back and Escape: leave, after asking when there are unsaved changes. */
  const leave = () => {
    if (isDirty(draft, original)) setConfirmLeave(true)
    else onClose()
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    const found = checkFooterDraft(draft)
    const first = Object.keys(found)[0] as FieldPath | undefined
    setProblems(found)
    if (first) {
      focusLater(fieldId(first))
      return
    }
    save.mutate(footerPayload(draft), {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Footer updated successfully' })
        onClose()
      },
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error, 'Failed to update footer'), variant: 'destructive' }),
    })
  }

  return (
    <Dialog.Content
      ref={content}
      className="fullscreen-editor"
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        document.getElementById(fieldId('title'))?.focus()
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        returnFocus.current?.focus()
      }}
      onEscapeKeyDown={(event) => {
        event.preventDefault()
        leave()
      }}
    >
      <header className="fullscreen-editor__bar">
        <div className="container fullscreen-editor__bar-inner">
          <button
            ref={backButton}
            type="button"
            className="button button--quiet fullscreen-editor__back"
            onClick={leave}
          >
            <ArrowLeft size={18} aria-hidden="true" />
            <span className="fullscreen-editor__back-label">Back</span>
          </button>
          <div className="fullscreen-editor__heading">
            <Dialog.Title className="fullscreen-editor__title">Edit Footer</Dialog.Title>
            <Dialog.Description className="fullscreen-editor__subtitle">
              Shown at the foot of every page.
            </Dialog.Description>
          </div>
          {/* aria-disabled, not disabled: a disabled button drops the focus, and a failed save keeps the reader here */}
          <button
            type="submit"
            form={FORM_ID}
            className="button button--primary"
            aria-disabled={save.isPending || undefined}
          >
            <Save size={17} aria-hidden="true" />
            {save.isPending ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </header>

      <form id={FORM_ID} className="container footer-editor" onSubmit={onSubmit} noValidate>
        {problemCount > 0 && (
          <p className="editor-alert" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            {problemCount === 1
              ? 'One field needs attention before saving.'
              : `${problemCount} fields need attention before saving.`}
          </p>
        )}

        <section className="editor-section" aria-labelledby="footer-site-heading">
          <div className="editor-section__head">
            <h3 id="footer-site-heading" className="editor-section__title">
              Site
            </h3>
            <p className="editor-section__note">The name, description and copyright line.</p>
          </div>
          <div className="editor-grid">
            <EditorField
              id={fieldId('title')}
              label="Title"
              value={draft.title}
              maxLength={FOOTER_LIMITS.title}
              required
              error={problems.title}
              onChange={(title) => edit({ ...draft, title })}
            />
            <EditorField
              id="footer-field-copyright"
              label="Copyright"
              value={draft.copyright}
              maxLength={FOOTER_LIMITS.copyright}
              placeholder="© 2025 Your Name. All rights reserved."
              onChange={(copyright) => edit({ ...draft, copyright })}
            />
            <EditorField
              id="footer-field-description"
              className="editor-grid__wide"
              label="Description"
              multiline
              value={draft.description}
              maxLength={FOOTER_LIMITS.description}
              onChange={(description) => edit({ ...draft, description })}
            />
          </div>
        </section>

        <SocialLinksEditor
          links={draft.socialLinks}
          onChange={(socialLinks) => edit({ ...draft, socialLinks })}
          problems={problems}
          focusLater={focusLater}
        />
        <LinkSectionsEditor
          sections={draft.linkSections}
          onChange={(linkSections) => edit({ ...draft, linkSections })}
          problems={problems}
          focusLater={focusLater}
        />
      </form>

      <AlertDialog.Root open={confirmLeave} onOpenChange={setConfirmLeave}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay confirm-overlay" />
          <AlertDialog.Content
            className="dialog confirm-dialog"
            onCloseAutoFocus={(event) => {
              // kept on editing: back to Back; discarded: the editor's own close returns focus
              event.preventDefault()
              if (!discarding.current) backButton.current?.focus()
            }}
          >
            <AlertDialog.Title className="dialog__title">Discard your changes?</AlertDialog.Title>
            <AlertDialog.Description className="dialog__subtitle">
              The footer keeps its saved version, and what you changed here is lost.
            </AlertDialog.Description>
            <div className="confirm-dialog__actions">
              <AlertDialog.Cancel className="button button--secondary">Keep editing</AlertDialog.Cancel>
              <AlertDialog.Action
                className="button button--danger"
                onClick={() => {
                  discarding.current = true
                  onClose()
                }}
              >
                Discard changes
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Dialog.Content>
  )
}
