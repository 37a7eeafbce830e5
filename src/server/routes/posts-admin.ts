import express, { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { PostUpdateSchema } from '../../shared/schemas/index.js'
import { renderOffThread } from '../../importer/render-pool.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

const Id = z.coerce.number('Not a valid post id').int('Not a valid post id').min(1, 'Not a valid post id').max(Number.MAX_SAFE_INTEGER, 'Not a valid post id')
const Ids = z.array(Id).min(1, 'Select at least one post').max(10_000)
export const DeleteMany = z.object({ ids: Ids })
export const ClearAnnotations = z.object({ postIds: Ids })
export const Preview = z.object({ content: z.string().max(5_000_000) })

/** Calls whose JSON may hold a whole essay (5 MB of markdown); paths relative to /api. */
export const ESSAY_BODY_ROUTES = [
  { method: 'PUT', path: /^\/posts\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/preview\/?$/ },
]
const essayJson = express.json({ limit: '16mb' })

/** SPEC §7 owner calls on posts. Each is admin-only, guarded before its input is read. */
export function postsAdminRoutes(blog: Blog): Router {
  const router = Router()
  // Before /api/posts/:id, which would otherwise take "annotations" for an id.
  router.delete(
    '/api/posts/annotations',
    adminOnly,
    http(async (req, res) => ({ updatedCount: await blog.editor.clearAnnotations(viewerOf(res), parseInput(ClearAnnotations, req.body).postIds) })),
  )
  router.delete(
    '/api/posts',
    adminOnly,
    http(async (req, res) => {
      const deleted = await blog.editor.removeMany(viewerOf(res), parseInput(DeleteMany, req.body).ids)
      return { message: `Deleted ${deleted} post${deleted === 1 ? '' : 's'}`, deleted }
    }),
  )
  router.put(
    '/api/posts/:id',
    adminOnly,
    essayJson,
    http(async (req, res) => {
      const id = parseInput(Id, req.params.id)
      await blog.editor.update(viewerOf(res), id, parseInput(PostUpdateSchema, req.body ?? {}))
      return blog.posts.getById(id, viewerOf(res))
    }),
  )
  router.delete(
    '/api/posts/:id',
    adminOnly,
    http(async (req, res) => {
      await blog.editor.remove(viewerOf(res), parseInput(Id, req.params.id))
      return { message: 'Post deleted' }
    }),
  )
  // The edit modal's Preview: the site's own renderer, math included.
  router.post(
    '/api/preview',
    adminOnly,
    essayJson,
    // On a render worker, under its time and memory limits: a preview cannot stall the server.
    http(async (req) => {
      const { html, toc } = await renderOffThread(parseInput(Preview, req.body).content)
      return { html, toc }
    }),
  )
  return router
}
