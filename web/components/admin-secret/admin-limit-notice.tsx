import { Info } from 'lucide-react'
import { useAdminList } from '../../api/auth-mutations.js'
import { formatDate } from '../../lib/format.js'

/**
 * SPEC §8: after 'Maximum admin accounts', the existing admins (GET /api/auth/admin-list) and
 * a note to log in with one of them. A guest may not read the list; the note still shows.
 */
export function AdminLimitNotice() {
  const list = useAdminList(true)
  const admins = list.data?.adminUsers ?? []
  return (
    <div className="admin-limit" role="status">
      <p className="admin-limit__note">
        <Info size={16} aria-hidden="true" />
        <span>All 5 admin accounts are in use. Log in with an existing admin account instead.</span>
      </p>
      {list.isPending && <p className="admin-limit__loading">Loading the admin accounts…</p>}
      {admins.length > 0 && (
        <table className="admin-limit__table">
          <caption className="sr-only">Existing admin accounts</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {admins.map((admin) => (
              <tr key={admin.id}>
                <td>{admin.username}</td>
                <td>{formatDate(admin.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
