import { CircleCheck, CircleDashed, LogOut, Settings2, Upload } from 'lucide-react'
import { Link } from 'wouter'
import type { User } from '../../../src/shared/schemas/index.js'
import { accessLevel } from '../../lib/role-capabilities.js'
import { RoleBadge } from '../auth/role-badge.js'
import { useLogoutAction } from '../auth/use-logout-action.js'

/** SPEC §2 admin-secret: status, username, role and access level, Logout and the admin links. */
export function AuthStatus({ user, isLoading }: { user: User | null; isLoading: boolean }) {
  const { logout, isPending } = useLogoutAction()
  const signedIn = user !== null
  return (
    <section className="card auth-status" aria-labelledby="auth-status-title" aria-busy={isLoading || undefined}>
      <h2 id="auth-status-title" className="card-title">
        Current session
      </h2>
      <dl className="facts">
        <div className="facts__row">
          <dt>Status</dt>
          <dd>
            {isLoading ? (
              'Checking…'
            ) : (
              <span className={`auth-status__state auth-status__state--${signedIn ? 'on' : 'off'}`}>
                {signedIn ? (
                  <CircleCheck size={16} aria-hidden="true" />
                ) : (
                  <CircleDashed size={16} aria-hidden="true" />
                )}
                {signedIn ? 'Authenticated' : 'Not authenticated'}
              </span>
            )}
          </dd>
        </div>
        <div className="facts__row">
          <dt>Username</dt>
          <dd>{user?.username ?? '—'}</dd>
        </div>
        <div className="facts__row">
          <dt>Role</dt>
          <dd>{isLoading ? '—' : <RoleBadge role={user?.role ?? 'guest'} />}</dd>
        </div>
        <div className="facts__row">
          <dt>Access level</dt>
          <dd>{isLoading ? '—' : accessLevel(user?.role ?? null)}</dd>
        </div>
      </dl>
      <div className="auth-status__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={!signedIn || isPending}
          onClick={() => logout()}
        >
          <LogOut size={15} aria-hidden="true" />
          {isPending ? 'Logging out…' : 'Logout'}
        </button>
        <Link href="/upload" className="button button--quiet button--small">
          <Upload size={15} aria-hidden="true" />
          Upload
        </Link>
        <Link href="/manage" className="button button--quiet button--small">
          <Settings2 size={15} aria-hidden="true" />
          Manage
        </Link>
      </div>
    </section>
  )
}
