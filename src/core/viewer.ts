import { BlogError } from './errors.js'

/** Who is asking. Rules that depend on the role (drafts, admin calls) take this, never a request. */
export interface Viewer {
  userId: number | null
  role: 'admin' | 'guest' | (string & {})
}

export const GUEST: Viewer = { userId: null, role: 'guest' }

export const isAdmin = (viewer: Viewer): boolean => viewer.role === 'admin'

/**
 * DECISIONS.md: admin-only work answers 401 to a visitor who is not signed in and 403 to a
 * signed-in non-admin. Every admin rule in the core and the HTTP guard go through this.
 */
export function requireAdmin(viewer: Viewer): void {
  if (viewer.userId === null) throw new BlogError('UNAUTHENTICATED', 'Please sign in as an administrator to do this.')
  if (!isAdmin(viewer)) throw new BlogError('FORBIDDEN', 'You need admin privileges to do this.')
}

/** Calls that need someone signed in, whatever their role (their own profile). */
export function requireSignedIn(viewer: Viewer): number {
  if (viewer.userId === null) throw new BlogError('UNAUTHENTICATED', 'Please sign in to do this.')
  return viewer.userId
}
