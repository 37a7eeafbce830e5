import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/** GET /api/search/advanced (SPEC §7): public; drafts only in an admin's results. */
export function searchRoutes(blog: Blog): Router {
  return registerAll(Router(), {
    advancedSearch: ({ query }, _req, res) => blog.search.advanced(query, viewerOf(res)),
  })
}
