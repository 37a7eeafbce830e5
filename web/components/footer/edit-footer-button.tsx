import { Suspense, lazy } from 'react'
import type { FooterContent } from '../../../src/shared/footer-defaults.js'
import { isAdmin, useCurrentUser } from '../../api/auth.js'
import { useHydrated } from '../../hooks/use-hydrated.js'

// The button's own code loads for the owner only: a reader never downloads it.
const EditFooterBody = lazy(() => import('./edit-footer-body.js').then((m) => ({ default: m.EditFooterBody })))

/**
 * 'Edit Footer' and the editor behind it. DECISIONS.md: admins only (the stricter of SPEC §6's
 * two readings). Shown once the scripts run, so it is never a dead button.
 */
export function EditFooterButton({ footer }: { footer: FooterContent }) {
  const { user } = useCurrentUser()
  const hydrated = useHydrated()
  if (!hydrated || !isAdmin(user)) return null
  return (
    <Suspense fallback={null}>
      <EditFooterBody footer={footer} />
    </Suspense>
  )
}
