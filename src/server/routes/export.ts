import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/**
 * The share bar's arXiv downloads (admins only): the text of `blog export --arxiv`, and the
 * archive with figures of `blog export --arxiv SLUG -o x.tar.gz`.
 */
export function exportRoutes(blog: Blog): Router {
  return registerAll(Router(), {
    exportArxiv: async (input, _req, res) => {
      const { fileName, text } = await blog.export.arxiv(input.params.id, viewerOf(res))
      res.type('text/plain; charset=utf-8').set('Content-Disposition', `attachment; filename="${fileName}"`).send(text)
    },
    exportArxivArchive: async (input, _req, res) => {
      const { fileName, bytes, missing } = await blog.export.arxivArchive(input.params.id, viewerOf(res))
      // Stored figures gone from the media folder are named, so the owner knows what the archive lacks.
      if (missing.length > 0) res.set('X-Missing-Figures', missing.map(encodeURIComponent).join(','))
      res.type('application/gzip').set('Content-Disposition', `attachment; filename="${fileName}"`).send(bytes)
    },
  })
}
