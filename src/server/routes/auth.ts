import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { ForgotPasswordSchema, LoginSchema, PasswordResetSchema, SetupQuerySchema, SetupSchema, UpdateEmailSchema, UpdatePasswordSchema } from '../../shared/schemas/index.js'
import { clientOf, http, parseInput, viewerOf } from '../http.js'
import { adminOnly, signedInOnly } from '../middleware/guards.js'
import { signIn, signOut } from '../middleware/session.js'

/** SPEC §7 authentication and profile calls, as settled by DECISIONS.md. */
export function authRoutes(blog: Blog): Router {
  const router = Router()
  const { auth } = blog

  // A 401 here means "guest" to the web app (SPEC §7).
  router.get('/api/auth/me', http((_req, res) => ({ user: auth.me(viewerOf(res)) })))

  router.post(
    '/api/auth/login',
    http(async (req) => {
      const { user, grant } = await auth.login(parseInput(LoginSchema, req.body), clientOf(req))
      signIn(req, grant)
      return { user, message: 'Login successful' }
    }),
  )

  router.post(
    '/api/auth/logout',
    http(async (req, res) => {
      await auth.logout(viewerOf(res))
      signOut(req)
      return { message: 'You have been logged out successfully' }
    }),
  )

  router.post(
    '/api/auth/setup',
    http(async (req, res) => {
      // Who may create an admin is decided before the body is read (401/403/409 first).
      const { setup } = parseInput(SetupQuerySchema, req.query)
      auth.assertCanCreateAdmin(viewerOf(res), setup)
      const { user, slotsRemaining, grant } = await auth.createAdmin(parseInput(SetupSchema, req.body), viewerOf(res), setup)
      if (grant) signIn(req, grant)
      res.status(201)
      return { user, slotsRemaining }
    }),
  )

  router.post(
    '/api/auth/forgot-password',
    http((req) => {
      auth.requestPasswordReset(parseInput(ForgotPasswordSchema, req.body).email, clientOf(req))
      return { message: 'If an account uses that address, a reset link is on its way.' }
    }),
  )

  router.post(
    '/api/auth/reset-password',
    http(async (req) => {
      await auth.resetPassword(parseInput(PasswordResetSchema, req.body))
      return { message: 'Your password has been updated. You can now log in.' }
    }),
  )

  router.patch(
    '/api/auth/update-email',
    signedInOnly,
    http(async (req, res) => {
      const user = await auth.updateEmail(viewerOf(res), parseInput(UpdateEmailSchema, req.body).email)
      return { user, message: 'Your e-mail address has been updated.' }
    }),
  )

  router.patch(
    '/api/auth/update-password',
    signedInOnly,
    http(async (req, res) => {
      const grant = await auth.updatePassword(viewerOf(res), parseInput(UpdatePasswordSchema, req.body), clientOf(req))
      // Every other session is now signed out; this one carries on with the new version.
      signIn(req, grant)
      return { message: 'Your password has been changed.' }
    }),
  )

  router.get(
    '/api/auth/admin-list',
    adminOnly,
    http((_req, res) => ({ adminUsers: auth.listAdmins(viewerOf(res)) })),
  )

  return router
}
