import { useCurrentUser } from '../api/auth.js'
import { AuthStatus } from '../components/admin-secret/auth-status.js'
import { CreateAdminForm } from '../components/admin-secret/create-admin-form.js'
import { QuickLoginForm } from '../components/admin-secret/quick-login-form.js'
import { RoleCapabilities } from '../components/admin-secret/role-capabilities.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'

export const ADMIN_SECRET_TITLE = 'Authentication Status'

/**
 * SPEC §2 /admin-secret (everyone): who is signed in and what they may do, a sign-in form, a
 * create-admin form, Logout and the links to the admin screens.
 */
export function AdminSecretPage() {
  const { user, isLoading } = useCurrentUser()
  useDocumentTitle(ADMIN_SECRET_TITLE)
  return (
    <div className="container page">
      <header className="page-header">
        <p className="eyebrow">Accounts</p>
        <h1 className="page-title">{ADMIN_SECRET_TITLE}</h1>
        <p className="page-lede">
          Check who is signed in and what that allows, sign in, or create an administrator account.
        </p>
      </header>
      <div className="admin-secret">
        <div className="admin-secret__column">
          <AuthStatus user={user} isLoading={isLoading} />
          <RoleCapabilities role={isLoading ? null : (user?.role ?? 'guest')} />
        </div>
        <div className="admin-secret__column">
          <QuickLoginForm signedIn={user !== null} />
          <CreateAdminForm />
        </div>
      </div>
    </div>
  )
}
