import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { AdminSummary, User } from '../../src/shared/schemas/index.js'
import { authKeys } from './auth.js'
import { call, urlOf } from './call.js'

/**
 * Who is signed in decides what the API answers (drafts, admin-only data), so every cached
 * read is refetched after a sign-in or sign-out; the current user is set first so the header
 * changes at once.
 */
function afterViewerChange(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData(authKeys.me(), user)
  // not awaited: the dialog closes now, the pages catch up in the background
  void queryClient.invalidateQueries()
}

export interface LoginPayload {
  username: string
  password: string
}

/** POST /api/auth/login; SPEC §7: on success refreshes the current user. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: LoginPayload) => call('login', { body }),
    onSuccess: ({ user }) => afterViewerChange(queryClient, user),
  })
}

/** POST /api/auth/logout; SPEC §7: clears the current user. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call('logout'),
    onSuccess: () => afterViewerChange(queryClient, null),
  })
}

export interface SetupPayload {
  username: string
  password: string
  email?: string
}

/**
 * POST /api/auth/setup. A visitor who creates the first admin is signed in by it, so the
 * current user and everything read as a guest are refetched.
 */
export function useSetupAdmin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SetupPayload) => call('setup', { body, query: setupQuery() }),
    onSuccess: () => void queryClient.invalidateQueries(),
  })
}

/**
 * A site that already has posts takes its first admin only with the token of the setup link
 * `blog serve` prints (`/admin-secret?setup=TOKEN`); it is passed on as it came.
 */
function setupQuery(): string | undefined {
  const token = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('setup')
  return token ? `setup=${encodeURIComponent(token)}` : undefined
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) => call('forgotPassword', { body }),
  })
}

export interface ResetPayload {
  token: string
  password: string
  confirmPassword: string
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPayload) => call('resetPassword', { body }),
  })
}

/** PATCH /api/auth/update-email; the answer carries the updated user, which replaces the cached one. */
export function useUpdateEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { email: string }) => call('updateEmail', { body }),
    onSuccess: ({ user }) => {
      if (user) queryClient.setQueryData(authKeys.me(), user)
      else return queryClient.invalidateQueries({ queryKey: authKeys.me() })
    },
  })
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => call('updatePassword', { body }),
  })
}

export const adminListKey = () => [urlOf('adminList')] as const

/** GET /api/auth/admin-list; SPEC §7: read only after setup failed for the maximum admin count. */
export function useAdminList(enabled: boolean) {
  return useQuery<{ adminUsers: AdminSummary[] }>({ queryKey: adminListKey(), enabled })
}
