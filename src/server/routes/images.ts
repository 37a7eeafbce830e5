import { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { ImageOptionsSchema, RegenerateImagesBodySchema } from '../../shared/schemas/index.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

const Id = z.coerce.number('Not a valid post id').int('Not a valid post id').min(1, 'Not a valid post id').max(Number.MAX_SAFE_INTEGER, 'Not a valid post id')
const SCOPE = { both: 'all images', banner: 'the banner image', content: 'the content images' } as const

/** SPEC §7 regenerate-images: queues a job and answers 202 with it; the tracker follows it. */
export function imagesRoutes(blog: Blog): Router {
  const router = Router()
  router.post(
    '/api/posts/:id/regenerate-images',
    adminOnly,
    http(async (req, res) => {
      const postId = parseInput(Id, req.params.id)
      const { imageType, imageOptions } = parseInput(RegenerateImagesBodySchema, req.body ?? {})
      const { job } = await blog.jobs.enqueue(viewerOf(res), postId, 'images', { imageType, imageOptions: imageOptions ?? ImageOptionsSchema.parse({}) })
      res.status(202)
      return { message: `Started regenerating ${SCOPE[imageType]} for "${job.title}"`, job }
    }),
  )
  return router
}
