import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { ManageQuerySchema } from '../../shared/schemas/index.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

/**
 * The Post Manager's reads (issue 23.10/23.11): a page of posts by search and filters, and
 * which AI provider will answer. Admins only, guarded before any input is read; never cached.
 */
export function manageRoutes(blog: Blog): Router {
  const router = Router()
  router.get(
    '/api/manage/posts',
    adminOnly,
    http(async (req, res) => {
      res.set('Cache-Control', 'private, no-store')
      return blog.manage.browse(viewerOf(res), parseInput(ManageQuerySchema, req.query))
    }),
  )
  router.get(
    '/api/manage/ai',
    adminOnly,
    http((_req, res) => {
      res.set('Cache-Control', 'private, no-store')
      return blog.aiStatus(viewerOf(res))
    }),
  )
  return router
}
