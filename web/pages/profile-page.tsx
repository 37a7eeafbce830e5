import { useCurrentUser } from '../api/auth.js'
import { RoleBadge } from '../components/auth/role-badge.js'
import { EmailForm } from '../components/profile/email-form.js'
import { PasswordForm } from '../components/profile/password-form.js'
import { formatDate } from '../lib/format.js'
import { AdminOnly } from './access-denied-page.js'

/** SPEC §2 /profile (admin only): read-only username and role, e-mail and password forms. */
export function ProfilePage() {
  return (
    <AdminOnly title="Profile" lede="Your account's e-mail address and password.">
      <ProfileDetails />
    </AdminOnly>
  )
}

function ProfileDetails() {
  const { user } = useCurrentUser()
  if (!user) return null
  return (
    <div className="profile">
      <section className="card profile__account" aria-labelledby="profile-account-title">
        <h2 id="profile-account-title" className="card-title">
          Account
        </h2>
        <dl className="facts">
          <div className="facts__row">
            <dt>Username</dt>
            <dd>{user.username}</dd>
          </div>
          <div className="facts__row">
            <dt>Role</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
          </div>
          <div className="facts__row">
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </div>
        </dl>
        <p className="facts__note">The username and role cannot be changed here.</p>
      </section>
      <section className="card">
        <EmailForm user={user} />
      </section>
      <section className="card">
        <PasswordForm />
      </section>
    </div>
  )
}
