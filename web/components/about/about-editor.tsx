import { Save } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import { useUpdateAbout } from '../../api/site.js'
import { useToast } from '../ui/toaster.js'

/**
 * The server's limit for the About page (src/shared/schemas/site.ts ABOUT_MAX), restated so the
 * page does not pull zod into the bundle.
 */
export const ABOUT_MAX_LENGTH = 200_000

interface AboutEditorProps {
  /** The stored markdown ('' when none is stored). */
  initial: string
  /** Back to view mode: after Cancel or a successful save. */
  onClose: () => void
}

/**
 * SPEC §2/§4 About page edit mode: the markdown in a tall monospace text area, Save and Cancel.
 * A save goes to PATCH /api/about and the page is refetched; a failure keeps the text and says
 * so (SPEC §8). Ctrl/⌘+S saves too.
 */
export function AboutEditor({ initial, onClose }: AboutEditorProps) {
  const [text, setText] = useState(initial)
  const id = useId()
  const area = useRef<HTMLTextAreaElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const save = useUpdateAbout()
  const { toast } = useToast()

  useEffect(() => {
    area.current?.focus({ preventScroll: true })
  }, [])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    save.mutate(text, {
      onSuccess: () => {
        toast({ title: 'About page saved', description: 'Readers now see the new text.' })
        onClose()
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to update about page content.', variant: 'destructive' }),
    })
  }

  function onKeyDown(event: KeyboardEvent) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault()
      form.current?.requestSubmit()
    }
  }

  return (
    <form
      ref={form}
      className="about-editor"
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-busy={save.isPending || undefined}
    >
      <div className="field">
        <label htmlFor={`${id}-content`} className="field__label">
          Page content
        </label>
        <p id={`${id}-hint`} className="field__hint">
          Markdown, with formulas in LaTeX between <code>$…$</code> (inline) or <code>$$…$$</code> (display). Headings,
          lists, links, tables and code blocks work as in the essays.
        </p>
        <textarea
          ref={area}
          id={`${id}-content`}
          className="input about-editor__text"
          aria-describedby={`${id}-hint`}
          spellCheck
          maxLength={ABOUT_MAX_LENGTH}
          placeholder={'## Who we are\n\nA few words about the site and its author…'}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="about-editor__actions">
        {/* aria-disabled, not disabled: a disabled button drops the focus, and a failed save keeps the reader here */}
        <button type="submit" className="button button--primary" aria-disabled={save.isPending || undefined}>
          <Save size={17} aria-hidden="true" />
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  )
}
