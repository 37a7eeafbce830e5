import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/**
 * Discovery (SPEC §7): related posts and the smart sidebar for everyone (drafts only for
 * admins); the analytics panel's calls for admins (DECISIONS.md). Mounted before the posts
 * routes, whose `/api/posts/:slug` would otherwise not see these paths.
 */
export function discoveryRoutes(blog: Blog): Router {
  const d = blog.discovery
  return registerAll(Router(), {
    related: (input, _req, res) => d.related(viewerOf(res), input.params.postId, input.query.limit),
    smartSidebar: (input, _req, res) => d.smartSidebar(viewerOf(res), input.params.id),
    argumentStrength: (input, _req, res) => d.argumentStrength(viewerOf(res), input.params.id),
    crossReferences: (input, _req, res) => d.crossReferences(viewerOf(res), input.params.id),
    conceptEvolution: (_input, _req, res) => d.conceptEvolution(viewerOf(res)),
    userInsights: (_input, _req, res) => d.userInsights(viewerOf(res)),
  })
}
