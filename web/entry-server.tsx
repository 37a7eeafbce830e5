import { dehydrate } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { Root } from './app.js'
import { createQueryClient } from './api/query-client.js'
import type { RenderRequest, RenderResponse } from './ssr-contract.js'
import { loadAllPages } from './route-pages.js'
import { collectServerComputed, takeServerComputed } from './lib/server-computed.js'

// The pages are separate chunks for the browser; a server render is synchronous, so all of
// them are loaded before this module is ready.
await loadAllPages()

export { prefetchPlan, resolveRoute, ROUTES } from './routes.js'
export { documentTitle, homeDocumentTitle } from './lib/document-title.js'

/**
 * Renders one page for the server (see web/ssr-contract.ts). Every call gets a fresh query
 * cache seeded with the prefetched data, so requests never share state. Queries not seeded
 * render their loading state; nothing is fetched during a server render.
 */
export function render(req: RenderRequest): RenderResponse {
  const queryClient = createQueryClient()
  for (const { queryKey, data } of req.queries) {
    if (data !== undefined) queryClient.setQueryData(queryKey, data)
  }
  const { pathname, search } = new URL(req.url, 'http://localhost')
  collectServerComputed()
  let html: string
  let computed: Record<string, unknown>
  try {
    html = renderToString(
      <Root queryClient={queryClient} site={req.site} ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')} />,
    )
  } finally {
    computed = takeServerComputed()
  }
  const state = { site: req.site, dehydrated: dehydrate(queryClient), computed }
  queryClient.clear()
  return { html, state }
}
