import type { Endpoint } from './endpoint.js'
import { authEndpoints } from './endpoints/auth.js'
import { communityEndpoints } from './endpoints/community.js'
import { discoveryEndpoints } from './endpoints/discovery.js'
import { enhanceEndpoints } from './endpoints/enhance.js'
import { jobEndpoints } from './endpoints/jobs.js'
import { manageEndpoints } from './endpoints/manage.js'
import { postEndpoints } from './endpoints/posts.js'
import { postsAdminEndpoints } from './endpoints/posts-admin.js'
import { searchEndpoints } from './endpoints/search.js'
import { siteEndpoints } from './endpoints/site.js'

/**
 * Every call of the site's JSON API, by name: the one place its paths are written. Express
 * registers its routes from it (src/server/api/register.ts), server rendering and the static
 * copy find their data by it, and the web client takes its addresses (pathFor) and answer
 * types from it. Input schemas live beside it, keyed by the same names (./inputs.ts), so
 * that the browser can read paths without loading zod.
 *
 * Not here: feeds, the sitemap, robots.txt, media and pages (src/server/routes/feeds.ts,
 * media.ts, pages.ts) — documents and files, not the JSON API.
 */
export const ENDPOINTS = {
  ...authEndpoints,
  ...siteEndpoints,
  ...communityEndpoints,
  ...postsAdminEndpoints,
  ...enhanceEndpoints,
  ...jobEndpoints,
  ...manageEndpoints,
  ...discoveryEndpoints,
  ...searchEndpoints,
  ...postEndpoints,
} as const satisfies Record<string, Endpoint>

export type Endpoints = typeof ENDPOINTS
export type EndpointName = keyof Endpoints

/** Where every API path starts: the prefix the app's body parsers, 404 and the static copy look for. */
export const API_PREFIX = '/api'
