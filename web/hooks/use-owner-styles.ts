import { useEffect } from 'react'
import { isAdmin, useCurrentUser } from '../api/auth.js'
import { loadOwnerStyles } from '../lib/owner-styles.js'

/** Brings in the owner's stylesheet as soon as the viewer is an admin (signed in on this page). */
export function useOwnerStyles(): void {
  const { user } = useCurrentUser()
  const admin = isAdmin(user)
  useEffect(() => {
    if (admin)
      loadOwnerStyles().catch((error: unknown) => console.error("Scholia: the owner's styles failed to load", error))
  }, [admin])
}
