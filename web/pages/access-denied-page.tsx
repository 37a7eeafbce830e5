import { LockKeyhole, LogIn } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { isAdmin, useCurrentUser } from '../api/auth.js'
import { useLoginUi } from '../components/layout/login-context.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useToast } from '../components/ui/toaster.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'

export const ACCESS_DENIED_TEXT = 'You need admin privileges to access this page. Please log in as an administrator.'

/** SPEC §2: what a non-admin sees on /upload, /manage and /profile. */
export function AccessDenied({ signedIn }: { signedIn: boolean }) {
  const { openLogin } = useLoginUi()
  useDocumentTitle('Access Denied')
  return (
    <div className="container page">
      <StateMessage
        level={1}
        tone="error"
        icon={<LockKeyhole size={30} />}
        title="Access Denied"
        actions={
          !signedIn ? (
            <button type="button" className="button button--primary" onClick={openLogin}>
              <LogIn size={16} aria-hidden="true" />
              Admin Login
            </button>
          ) : undefined
        }
      >
        <p>{ACCESS_DENIED_TEXT}</p>
      </StateMessage>
    </div>
  )
}

/**
 * SPEC §2: the destructive toast that goes with Access Denied, once per visit, and only when
 * the visit began without admin rights; signing out on the page keeps the 'Logged out' toast.
 */
function useAccessDeniedToast(isLoading: boolean, denied: boolean) {
  const { toast } = useToast()
  const decided = useRef(false)
  useEffect(() => {
    if (isLoading || decided.current) return
    decided.current = true
    if (denied) toast({ title: 'Access Denied', description: ACCESS_DENIED_TEXT, variant: 'destructive' })
  }, [isLoading, denied, toast])
}

/**
 * Admin-only pages. Rendered on the server as a guest would see them; in the browser the
 * signed-in user is checked before anything admin-only shows. Give each page its own key so
 * moving between them counts as a new visit.
 */
export function AdminOnly({ title, lede, children }: { title: string; lede?: string; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser()
  useAccessDeniedToast(isLoading, !isAdmin(user))
  if (isLoading) {
    return (
      <div className="container page" aria-busy="true">
        <span className="sr-only" role="status">
          Checking access…
        </span>
      </div>
    )
  }
  if (!isAdmin(user)) return <AccessDenied signedIn={user !== null} />
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        {lede && <p className="page-lede">{lede}</p>}
      </header>
      {children}
    </div>
  )
}
