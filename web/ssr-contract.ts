import type { SiteInfo } from '../src/shared/site-info.js'

/**
 * The seam between the Express server and the React app. The server fetches what a page
 * needs through the core API, hands it over keyed exactly as the client's react-query keys
 * (['/api/posts'], ['/api/posts', slug]), and gets back the markup to hydrate.
 */
export interface PrefetchedQuery {
  queryKey: readonly unknown[]
  data: unknown
}

export interface RenderRequest {
  url: string
  site: SiteInfo
  queries: PrefetchedQuery[]
}

export interface RenderResponse {
  /** Markup for inside <div id="root">. */
  html: string
  /** JSON-serialisable state for the client: site info + dehydrated react-query cache. */
  state: ClientState
}

export interface ClientState {
  site: SiteInfo
  dehydrated: unknown
  /** What the server's render worked out that hydration would again (web/lib/server-computed.ts). */
  computed?: Record<string, unknown>
}

/** The id of the <script type="application/json"> element that carries ClientState. */
export const STATE_ELEMENT_ID = '__SCHOLIA_STATE__'
