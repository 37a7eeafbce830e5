/** Who is asking. Rules that depend on the role (drafts, admin calls) take this, never a request. */
export interface Viewer {
  userId: number | null
  role: 'admin' | 'guest' | (string & {})
}

export const GUEST: Viewer = { userId: null, role: 'guest' }

export const isAdmin = (viewer: Viewer): boolean => viewer.role === 'admin'
