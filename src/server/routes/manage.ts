import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/**
 * The Post Manager's reads (issue 23.10/23.11): a page of posts by search and filters, and
 * which AI provider will answer. Admins only, guarded before any input is read; never cached
 * (both by the endpoint table's rules).
 */
export function manageRoutes(blog: Blog): Router {
  return registerAll(Router(), {
    managePosts: (input, _req, res) => blog.manage.browse(viewerOf(res), input.query),
    aiStatus: (_input, _req, res) => blog.aiStatus(viewerOf(res)),
  })
}
