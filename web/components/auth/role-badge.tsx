import type { Role } from '../../../src/shared/schemas/index.js'

/** SPEC §2: the signed-in user's role, 'admin' or 'guest'. */
export function RoleBadge({ role }: { role: Role }) {
  return <span className={`badge role-badge role-badge--${role}`}>{role}</span>
}
