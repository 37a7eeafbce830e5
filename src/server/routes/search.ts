import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { SearchQuerySchema } from '../../shared/schemas/index.js'
import { http, parseInput, viewerOf } from '../http.js'

/** GET /api/search/advanced (SPEC §7): public; drafts only in an admin's results. */
export function searchRoutes(blog: Blog): Router {
  const router = Router()
  router.get(
    '/api/search/advanced',
    http(async (req, res) => blog.search.advanced(parseInput(SearchQuerySchema, req.query), viewerOf(res))),
  )
  return router
}
