import type { NextFunction, Request, Response } from 'express'
import type { Blog } from '../../app/blog.js'
import { signOut } from './session.js'

/**
 * Decide who is asking, from the session cookie. A cookie from a session that was signed out
 * since (logout, a password change elsewhere, a reset) is cleared and the visitor is a guest.
 */
export function resolveViewer(blog: Blog) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const session = req.session as { uid?: unknown; sv?: unknown } | null | undefined
    const user = blog.auth.sessionUser(session)
    if (!user && session?.uid !== undefined) signOut(req)
    res.locals.viewer = blog.auth.viewerOf(user)
    next()
  }
}
