import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/** SPEC §7 owner calls on posts. Each is admin-only, guarded before its input is read. */
export function postsAdminRoutes(blog: Blog): Router {
  return registerAll(Router(), {
    // Before /api/posts/:id, which would otherwise take "annotations" for an id.
    clearAnnotations: async (input, _req, res) => ({
      updatedCount: await blog.editor.clearAnnotations(viewerOf(res), input.body.postIds),
    }),
    deletePosts: async (input, _req, res) => {
      const deleted = await blog.editor.removeMany(viewerOf(res), input.body.ids)
      return { message: `Deleted ${deleted} post${deleted === 1 ? '' : 's'}`, deleted }
    },
    updatePost: async (input, _req, res) => {
      const id = input.params.id
      await blog.editor.update(viewerOf(res), id, input.body)
      return blog.posts.getById(id, viewerOf(res))
    },
    deletePost: async (input, _req, res) => {
      await blog.editor.remove(viewerOf(res), input.params.id)
      return { message: 'Post deleted' }
    },
    preview: (input, _req, res) => blog.editor.preview(viewerOf(res), input.body),
  })
}
