import { LockKeyhole, LogIn } from 'lucide-react'
import type { ReactNode } from 'react'
import { isAdmin, useCurrentUser } from '../api/auth.js'
import { useLoginUi } from '../components/layout/login-context.js'
import { StateMessage } from '../components/ui/state-message.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'

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
        <p>You need admin privileges to access this page. Please log in as an administrator.</p>
      </StateMessage>
    </div>
  )
}

/**
 * Admin-only pages. Rendered on the server as a guest would see them; in the browser the
 * signed-in user is checked before anything admin-only shows.
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser()
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
      </header>
      {children}
    </div>
  )
}
