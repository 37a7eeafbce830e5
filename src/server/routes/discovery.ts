import { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

const Id = z.coerce.number('Not a valid post id').int('Not a valid post id').min(1, 'Not a valid post id').max(Number.MAX_SAFE_INTEGER, 'Not a valid post id')
const RelatedQuery = z.object({ limit: z.coerce.number('limit must be a number').int('limit must be a whole number').min(1, 'limit must be 1 to 20').max(20, 'limit must be 1 to 20').default(5) })

/**
 * Discovery (SPEC §7): related posts and the smart sidebar for everyone (drafts only for
 * admins); the analytics panel's calls for admins (DECISIONS.md). Mounted before the posts
 * routes, whose `/api/posts/:slug` would otherwise not see these paths.
 */
export function discoveryRoutes(blog: Blog): Router {
  const router = Router()
  const d = blog.discovery
  router.get(
    '/api/posts/:postId/related',
    http(async (req, res) => d.related(viewerOf(res), parseInput(Id, req.params.postId), parseInput(RelatedQuery, req.query).limit)),
  )
  router.get(
    '/api/posts/:id/smart-sidebar',
    http(async (req, res) => d.smartSidebar(viewerOf(res), parseInput(Id, req.params.id))),
  )
  router.get(
    '/api/posts/:id/argument-strength',
    adminOnly,
    http(async (req, res) => d.argumentStrength(viewerOf(res), parseInput(Id, req.params.id))),
  )
  router.get(
    '/api/posts/:id/cross-references',
    adminOnly,
    http(async (req, res) => d.crossReferences(viewerOf(res), parseInput(Id, req.params.id))),
  )
  router.get(
    '/api/concepts/evolution',
    adminOnly,
    http(async (_req, res) => d.conceptEvolution(viewerOf(res))),
  )
  // "Signed-in only" in SPEC §7; an analytics call, so admin-only (DECISIONS.md): it shows all readers' behaviour.
  router.get(
    '/api/user/insights',
    adminOnly,
    http(async (_req, res) => d.userInsights(viewerOf(res))),
  )
  return router
}
