import { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

const IdParam = z.coerce.number('Not a valid id').int('Not a valid id').min(1, 'Not a valid id').max(Number.MAX_SAFE_INTEGER, 'Not a valid id')

/** The share button's arXiv download (admins only): the same text as `blog export --arxiv`. */
export function exportRoutes(blog: Blog): Router {
  const router = Router()
  router.get(
    '/api/posts/:id/export/arxiv',
    adminOnly,
    http(async (req, res) => {
      const { fileName, text } = await blog.export.arxiv(parseInput(IdParam, req.params.id), viewerOf(res))
      res
        .type('text/plain; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="${fileName}"`)
        .set('Cache-Control', 'private, no-store')
        .send(text)
    }),
  )
  return router
}
