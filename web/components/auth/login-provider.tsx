import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { readResetToken, withoutResetToken } from '../../lib/reset-token.js'
import { LoginContext } from '../layout/login-context.js'
import type { LoginTab } from './login-tabs.js'

// The dialog (with Radix Dialog, Tabs and the zod form checks) loads on first use, so readers
// who never sign in do not download it. Nothing of it renders on the server.
const LoginDialog = lazy(() => import('./login-dialog.js').then((m) => ({ default: m.LoginDialog })))

interface DialogState {
  open: boolean
  tab: LoginTab
  /** From a reset e-mail's link; filled into the Reset Password tab. */
  resetToken: string | null
}

/**
 * Owns the login dialog: whether it is open and on which tab. Anything below asks for it with
 * useLoginUi().openLogin(). Opening `/?resetToken=…` opens it on Reset Password with the token
 * filled in (DECISIONS.md), and takes the token out of the address.
 */
export function LoginProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ open: false, tab: 'login', resetToken: null })
  const [used, setUsed] = useState(false)
  const [, navigate] = useLocation()

  useEffect(() => {
    const { pathname, search, hash } = window.location
    const resetToken = readResetToken(search)
    if (!resetToken) return
    setUsed(true)
    setState({ open: true, tab: 'reset', resetToken })
    // the token leaves the address, so a reload or a shared link does not reopen the dialog
    navigate(withoutResetToken(pathname, search, hash), { replace: true })
  }, [navigate])

  const openLogin = useCallback(() => {
    setUsed(true)
    setState((s) => ({ ...s, open: true, tab: 'login' }))
  }, [])
  const ui = useMemo(() => ({ openLogin }), [openLogin])
  const setOpen = useCallback((open: boolean) => setState((s) => ({ ...s, open })), [])
  const setTab = useCallback((tab: LoginTab) => setState((s) => ({ ...s, tab })), [])

  return (
    <LoginContext.Provider value={ui}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <LoginDialog
            open={state.open}
            onOpenChange={setOpen}
            tab={state.tab}
            onTabChange={setTab}
            resetToken={state.resetToken}
          />
        </Suspense>
      )}
    </LoginContext.Provider>
  )
}
