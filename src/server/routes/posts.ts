import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

export function postsRoutes(blog: Blog): Router {
  return registerAll(Router(), {
    listPosts: ({ query }, _req, res) => blog.posts.list(viewerOf(res), { search: query.search }),
    getPost: ({ params }, _req, res) => blog.posts.get(params.slug, viewerOf(res)),
  })
}
