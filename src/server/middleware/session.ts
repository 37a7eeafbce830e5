import cookieSession from 'cookie-session'
import type { NextFunction, Request, Response } from 'express'
import type { SessionGrant } from '../../auth/auth-service.js'

export const SESSION_COOKIE = 'scholia_session'
const THIRTY_DAYS = 30 * 24 * 60 * 60 * 1000

/**
 * Signed cookie sessions: httpOnly, SameSite=Lax, and Secure whenever the request arrived over
 * HTTPS (directly, or through a proxy the trust-proxy setting vouches for).
 */
export function sessions(secret: string) {
  const middleware = cookieSession({
    name: SESSION_COOKIE,
    keys: [secret],
    httpOnly: true,
    sameSite: 'lax',
    maxAge: THIRTY_DAYS,
  })
  return (req: Request, res: Response, next: NextFunction): void => {
    middleware(req, res, () => {
      if (req.sessionOptions) req.sessionOptions.secure = req.secure
      next()
    })
  }
}

/** Put a grant in the cookie; a new cookie value, so an old copy of the cookie is not this one. */
export function signIn(req: Request, grant: SessionGrant): void {
  req.session = { uid: grant.userId, sv: grant.sessionVersion }
}

export function signOut(req: Request): void {
  req.session = null
}
