import { Pencil } from 'lucide-react'
import { Suspense, lazy, useRef, useState } from 'react'
import type { FooterContent } from '../../../src/shared/footer-defaults.js'

const loadEditor = () => import('./footer-editor.js')
// The editor (a full-screen Radix Dialog and its forms) loads when an admin first asks for it.
const FooterEditor = lazy(() => loadEditor().then((m) => ({ default: m.FooterEditor })))

/** 'Edit Footer' and the editor behind it, for the owner (edit-footer-button.tsx). */
export function EditFooterBody({ footer }: { footer: FooterContent }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--quiet button--small site-footer__edit"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadEditor()}
        onFocus={() => void loadEditor()}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <Pencil size={15} aria-hidden="true" />
        Edit Footer
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FooterEditor open={open} onOpenChange={setOpen} footer={footer} returnFocus={button} />
        </Suspense>
      )}
    </>
  )
}
