import { useQuery } from '@tanstack/react-query'
import { createContext, createElement, useContext, useMemo } from 'react'
import type { ReactNode } from 'react'
import type { User } from '../../src/shared/schemas/index.js'
import { ENDPOINTS } from '../../src/shared/api/endpoints.js'

export const authKeys = { me: () => [ENDPOINTS.me.path] as const }

/**
 * Reads the signed-in user; null for a guest. SPEC §7: a 401 means "no user", not a failure,
 * and there is no retry. Any other failure also leaves the visitor a guest (logged, never
 * thrown): the query then always holds data, so a refetch never drops back to "pending" and
 * pages that branch on the user do not flicker.
 */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<User | null> {
  try {
    const res = await fetch(ENDPOINTS.me.path, { credentials: 'include', signal })
    if (!res.ok) {
      if (res.status !== 401)
        console.warn(`Scholia: ${ENDPOINTS.me.path} answered ${res.status}; continuing as a guest`)
      return null
    }
    const body: unknown = await res.json()
    // accept either the user itself or { user }
    if (body && typeof body === 'object' && 'user' in body) return (body.user ?? null) as User | null
    return (body ?? null) as User | null
  } catch (error) {
    if (signal.aborted) throw error
    console.warn('Scholia: could not read the current user; continuing as a guest', error)
    return null
  }
}

export interface CurrentUser {
  user: User | null
  isLoading: boolean
}

/**
 * The signed-in user, or null for a guest. The server seeds this query with the viewer it
 * rendered the page for, so a page the server rendered is not asked again on mount (a guest's
 * browser would otherwise log a 401 on every page); sign-in and sign-out set it themselves.
 * Without a seed (a static copy, a page the app rendered itself) it is fetched as usual.
 */
function useCurrentUserQuery(): CurrentUser {
  const { data, isPending } = useQuery<User | null>({
    queryKey: authKeys.me(),
    queryFn: fetchCurrentUser,
    retry: false,
    refetchOnMount: false,
  })
  return { user: data ?? null, isLoading: isPending }
}

const CurrentUserContext = createContext<CurrentUser | null>(null)

/**
 * One lookup of the current user for the whole app (web/app.tsx): a post page has a dozen
 * parts that ask who is reading, and each query observer of its own was set up, subscribed and
 * checked again at hydration, about a tenth of the app's hydration work on a phone (issue 40).
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUserQuery()
  const value = useMemo(() => ({ user, isLoading }), [user, isLoading])
  return createElement(CurrentUserContext.Provider, { value }, children)
}

/**
 * The signed-in user, or null for a guest (see useCurrentUserQuery): the app's one lookup
 * (CurrentUserProvider), or a lookup of its own for a part rendered outside the app (a test).
 */
export function useCurrentUser(): CurrentUser {
  const shared = useContext(CurrentUserContext)
  // Whether a provider is above a component never changes while it is mounted, so the
  // hooks it calls stay the same from render to render.
  return shared ?? useCurrentUserQuery()
}

/** SPEC §6: a user is a guest unless signed in with the admin role. */
export function isAdmin(user: User | null): boolean {
  return user?.role === 'admin'
}
