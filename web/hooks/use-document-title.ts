import { useEffect } from 'react'
import { documentTitle } from '../lib/document-title.js'
import { useSite } from '../site-context.js'

/**
 * Sets document.title in the browser after navigation (the server writes the first one):
 * "Page · Site", or exactly `full` when given.
 */
export function useDocumentTitle(pageTitle: string | null | undefined, full?: string): void {
  const { name } = useSite()
  const title = full ?? documentTitle(pageTitle, name)
  useEffect(() => {
    document.title = title
  }, [title])
}
