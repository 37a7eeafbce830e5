import { Pencil } from 'lucide-react'
import { Suspense, lazy, useRef, useState } from 'react'
import type { FooterContent } from '../../../src/shared/footer-defaults.js'
import { isAdmin, useCurrentUser } from '../../api/auth.js'
import { useHydrated } from '../../hooks/use-hydrated.js'

const loadEditor = () => import('./footer-editor.js')
// The editor (a full-screen Radix Dialog and its forms) loads when an admin first asks for it.
const FooterEditor = lazy(() => loadEditor().then((m) => ({ default: m.FooterEditor })))

/**
 * 'Edit Footer' and the editor behind it. DECISIONS.md: admins only (the stricter of SPEC §6's
 * two readings). Shown once the scripts run, so it is never a dead button.
 */
export function EditFooterButton({ footer }: { footer: FooterContent }) {
  const { user } = useCurrentUser()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  if (!hydrated || !isAdmin(user)) return null
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
