import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { clientOf, viewerOf } from '../http.js'
import { signIn, signOut } from '../middleware/session.js'

/** SPEC §7 authentication and profile calls, as settled by DECISIONS.md. */
export function authRoutes(blog: Blog): Router {
  const { auth } = blog
  return registerAll(Router(), {
    // A 401 here means "guest" to the web app (SPEC §7).
    me: (_input, _req, res) => ({ user: auth.me(viewerOf(res)) }),
    login: async (input, req) => {
      const { user, grant } = await auth.login(input.body, clientOf(req))
      signIn(req, grant)
      return { user, message: 'Login successful' }
    },
    logout: async (_input, req, res) => {
      await auth.logout(viewerOf(res))
      signOut(req)
      return { message: 'You have been logged out successfully' }
    },
    setup: async (input, req, res) => {
      // Who may create an admin is decided before the body is read (401/403/409 first).
      const { setup } = input.query
      auth.assertCanCreateAdmin(viewerOf(res), setup)
      const { user, slotsRemaining, grant } = await auth.createAdmin(input.body, viewerOf(res), setup)
      if (grant) signIn(req, grant)
      res.status(201)
      return { user, slotsRemaining }
    },
    forgotPassword: (input, req) => {
      auth.requestPasswordReset(input.body.email, clientOf(req))
      return { message: 'If an account uses that address, a reset link is on its way.' }
    },
    resetPassword: async (input) => {
      await auth.resetPassword(input.body)
      return { message: 'Your password has been updated. You can now log in.' }
    },
    updateEmail: async (input, _req, res) => {
      const user = await auth.updateEmail(viewerOf(res), input.body.email)
      return { user, message: 'Your e-mail address has been updated.' }
    },
    updatePassword: async (input, req, res) => {
      const grant = await auth.updatePassword(viewerOf(res), input.body, clientOf(req))
      // Every other session is now signed out; this one carries on with the new version.
      signIn(req, grant)
      return { message: 'Your password has been changed.' }
    },
    adminList: (_input, _req, res) => ({ adminUsers: auth.listAdmins(viewerOf(res)) }),
  })
}
