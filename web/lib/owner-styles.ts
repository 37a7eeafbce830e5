import { moveBodyStylesheetsToHead } from './body-stylesheets.js'

let loading: Promise<unknown> | null = null

/**
 * Loads the owner's stylesheet (web/styles/owner.css) once, for a viewer who has just become an
 * admin in this page (signed in). A page the server rendered for an admin links it already.
 */
export function loadOwnerStyles(): Promise<unknown> {
  // Vite puts the owner's stylesheet at the end of the head: the app's must be above it.
  moveBodyStylesheetsToHead(document)
  return (loading ??= import('../styles/owner.css').catch((error: unknown) => {
    loading = null
    throw error
  }))
}
