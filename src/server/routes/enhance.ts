import { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

const Id = z.coerce.number('Not a valid post id').int('Not a valid post id').min(1, 'Not a valid post id').max(Number.MAX_SAFE_INTEGER, 'Not a valid post id')
export const BulkModels = z.object({ postIds: z.array(Id).min(1, 'Select at least one post').max(1_000) })

/**
 * SPEC §7 enhancement calls that answer when the work is done (the bulk annotation and
 * bibliography calls queue jobs instead: see jobs.ts). Admin-only, guarded before any input is read.
 */
export function enhanceRoutes(blog: Blog): Router {
  const router = Router()
  // Before /api/posts/:postId/…, which would otherwise read "models" as an id.
  router.post(
    '/api/posts/models/bulk-generate',
    adminOnly,
    http(async (req, res) => blog.enhance.generateModels(viewerOf(res), parseInput(BulkModels, req.body ?? {}).postIds)),
  )
  router.post(
    '/api/posts/:id/generate-annotations',
    adminOnly,
    http(async (req, res) => {
      const annotations = await blog.enhance.generateFor(viewerOf(res), parseInput(Id, req.params.id), 'annotations')
      return { message: `Generated ${annotations.length} annotation${annotations.length === 1 ? '' : 's'}`, annotations }
    }),
  )
  router.post(
    '/api/posts/:id/generate-bibliography',
    adminOnly,
    http(async (req, res) => {
      const bibliography = await blog.enhance.generateFor(viewerOf(res), parseInput(Id, req.params.id), 'bibliography')
      const n = bibliography.entries.length
      return { message: `Generated a bibliography of ${n} entr${n === 1 ? 'y' : 'ies'}`, bibliography }
    }),
  )
  for (const path of ['/api/posts/:postId/generate-model', '/api/posts/:postId/regenerate-model']) {
    router.post(
      path,
      adminOnly,
      http(async (req, res) => blog.enhance.generateModel(viewerOf(res), parseInput(Id, req.params.postId))),
    )
  }
  return router
}
