import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { ImageOptionsSchema } from '../../shared/schemas/index.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

const SCOPE = { both: 'all images', banner: 'the banner image', content: 'the content images' } as const

/** SPEC §7 regenerate-images: queues a job and answers 202 with it; the tracker follows it. */
export function imagesRoutes(blog: Blog): Router {
  return registerAll(Router(), {
    regenerateImages: async (input, _req, res) => {
      const postId = input.params.id
      const { imageType, imageOptions } = input.body
      const { job } = await blog.jobs.enqueue(viewerOf(res), postId, 'images', {
        imageType,
        imageOptions: imageOptions ?? ImageOptionsSchema.parse({}),
      })
      res.status(202)
      return { message: `Started regenerating ${SCOPE[imageType]} for "${job.title}"`, job }
    },
  })
}
