import { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { http, parseInput, viewerOf } from '../http.js'

export const ListQuery = z.object({ search: z.string().max(500).optional() })
const SlugParam = z.object({ slug: z.string().min(1).max(200) })

export function postsRoutes(blog: Blog): Router {
  const router = Router()
  router.get(
    '/api/posts',
    http(async (req, res) => {
      const { search } = parseInput(ListQuery, req.query)
      return blog.posts.list(viewerOf(res), { search })
    }),
  )
  router.get(
    '/api/posts/:slug',
    http(async (req, res) => {
      const { slug } = parseInput(SlugParam, req.params)
      return blog.posts.get(slug, viewerOf(res))
    }),
  )
  return router
}
