import type { AdminSummary, User } from '../../schemas/auth.js'
import { json, type Endpoint } from '../endpoint.js'

type Said = { message: string }

/** SPEC §7 authentication and profile calls, as settled by DECISIONS.md. A 401 on `me` means "guest" to the web app. */
export const authEndpoints = {
  me: { method: 'GET', path: '/api/auth/me', access: 'signed-in', cache: 'default', output: json<{ user: User }>() },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    cache: 'default',
    output: json<{ user: User; message: string }>(),
  },
  logout: { method: 'POST', path: '/api/auth/logout', access: 'public', cache: 'default', output: json<Said>() },
  setup: {
    method: 'POST',
    path: '/api/auth/setup',
    access: 'setup',
    cache: 'default',
    output: json<{ user: User; slotsRemaining: number }>(),
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    cache: 'default',
    output: json<Said>(),
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    cache: 'default',
    output: json<Said>(),
  },
  updateEmail: {
    method: 'PATCH',
    path: '/api/auth/update-email',
    access: 'signed-in',
    cache: 'default',
    output: json<{ user: User; message: string }>(),
  },
  updatePassword: {
    method: 'PATCH',
    path: '/api/auth/update-password',
    access: 'signed-in',
    cache: 'default',
    output: json<Said>(),
  },
  adminList: {
    method: 'GET',
    path: '/api/auth/admin-list',
    access: 'admin',
    cache: 'default',
    output: json<{ adminUsers: AdminSummary[] }>(),
  },
} as const satisfies Record<string, Endpoint>
