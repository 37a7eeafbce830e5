import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/** The share button's arXiv download (admins only): the same text as `blog export --arxiv`. */
export function exportRoutes(blog: Blog): Router {
  return registerAll(Router(), {
    exportArxiv: async (input, _req, res) => {
      const { fileName, text } = await blog.export.arxiv(input.params.id, viewerOf(res))
      res.type('text/plain; charset=utf-8').set('Content-Disposition', `attachment; filename="${fileName}"`).send(text)
    },
  })
}
