import { Router } from 'express'

/**
 * The current-user read (SPEC §7). Accounts and sign-in are not built yet, so nobody can be
 * signed in: the answer is the 401 that SPEC says means "guest".
 */
export function authRoutes(): Router {
  const router = Router()
  router.get('/api/auth/me', (_req, res) => {
    res.status(401).json({ message: 'Not signed in' })
  })
  return router
}
