import { X } from 'lucide-react'
import { Dialog, Tabs } from 'radix-ui'
import { useEffect, useRef, useState } from 'react'
import { ForgotPasswordForm } from './forgot-password-form.js'
import { EMPTY_LOGIN, LoginForm } from './login-form.js'
import type { LoginValues } from './login-form.js'
import { LOGIN_TABS, isLoginTab } from './login-tabs.js'
import type { LoginTab } from './login-tabs.js'
import { ResetPasswordForm } from './reset-password-form.js'
import { useReturnFocus } from '../../hooks/use-return-focus.js'
import type { ResetValues } from './reset-password-form.js'

export interface LoginDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  tab: LoginTab
  onTabChange: (tab: LoginTab) => void
  resetToken: string | null
}

/**
 * SPEC §2/§4 'Account Access': Login, Forgot Password and Reset Password tabs. The typed values
 * live here, above the tab panels, so switching tabs or closing the dialog keeps them; only a
 * successful login clears its form.
 */
export function LoginDialog({ open, onOpenChange, tab, onTabChange, resetToken }: LoginDialogProps) {
  const [login, setLogin] = useState<LoginValues>(EMPTY_LOGIN)
  const [email, setEmail] = useState('')
  const [reset, setReset] = useState<ResetValues>({ token: resetToken ?? '', password: '', confirmPassword: '' })
  const content = useRef<HTMLDivElement>(null)
  const focusPanel = useRef(false)
  // Opened from the phone menu, which closed on the way: its button is where the reader was.
  const returnFocus = useReturnFocus(open, () => document.querySelector<HTMLElement>('.site-header__menu-button'))

  useEffect(() => {
    if (resetToken) setReset((r) => ({ ...r, token: resetToken }))
  }, [resetToken])

  // A move made from inside a form (a link, a finished step) puts focus in the new panel's
  // first field; moving with the tab list keeps focus on the tab list. Radix fills the new
  // panel in a render of its own, so the field exists only on the next frame.
  useEffect(() => {
    if (!focusPanel.current) return
    focusPanel.current = false
    const frame = requestAnimationFrame(() => focusFirstField(content.current))
    return () => cancelAnimationFrame(frame)
  }, [tab])

  const goTo = (next: LoginTab) => {
    focusPanel.current = true
    onTabChange(next)
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={content}
          className="dialog login-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            focusFirstField(content.current)
          }}
          onCloseAutoFocus={returnFocus}
        >
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">Account Access</Dialog.Title>
            <Dialog.Description className="dialog__subtitle">
              Sign in to access content management features
            </Dialog.Description>
          </header>
          <Tabs.Root value={tab} onValueChange={(v) => isLoginTab(v) && onTabChange(v)} className="tabs">
            <Tabs.List className="tabs__list" aria-label="Account access">
              {LOGIN_TABS.map((t) => (
                <Tabs.Trigger key={t.value} value={t.value} className="tabs__trigger">
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="login" className="tabs__panel">
              <LoginForm
                values={login}
                onChange={setLogin}
                onForgot={() => goTo('forgot')}
                onSignedIn={() => {
                  setLogin(EMPTY_LOGIN)
                  onOpenChange(false)
                }}
              />
            </Tabs.Content>
            <Tabs.Content value="forgot" className="tabs__panel">
              <ForgotPasswordForm
                email={email}
                onChange={setEmail}
                onBack={() => goTo('login')}
                onSent={() => goTo('reset')}
              />
            </Tabs.Content>
            <Tabs.Content value="reset" className="tabs__panel">
              <ResetPasswordForm
                values={reset}
                onChange={setReset}
                onDone={() => {
                  setReset({ token: '', password: '', confirmPassword: '' })
                  goTo('login')
                }}
              />
            </Tabs.Content>
          </Tabs.Root>
          <Dialog.Close className="icon-button dialog__close" aria-label="Close">
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The first empty field of the open panel, else its first field. */
function focusFirstField(root: HTMLElement | null) {
  const inputs = [...(root?.querySelectorAll<HTMLInputElement>('[role="tabpanel"][data-state="active"] input') ?? [])]
  ;(inputs.find((i) => !i.value) ?? inputs[0])?.focus()
}
