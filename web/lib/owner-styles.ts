let loading: Promise<unknown> | null = null

/**
 * Loads the owner's stylesheet (web/styles/owner.css) once, for a viewer who has just become an
 * admin in this page (signed in). A page the server rendered for an admin links it already.
 */
export function loadOwnerStyles(): Promise<unknown> {
  return (loading ??= import('../styles/owner.css').catch((error: unknown) => {
    loading = null
    throw error
  }))
}
