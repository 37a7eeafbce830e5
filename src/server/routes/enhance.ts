import { Router, type Response } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/**
 * SPEC §7 enhancement calls that answer when the work is done (the bulk annotation and
 * bibliography calls queue jobs instead: see jobs.ts). Admin-only, guarded before any input is read.
 */
export function enhanceRoutes(blog: Blog): Router {
  const model = (input: { params: { postId: number } }, _req: unknown, res: Response) =>
    blog.enhance.generateModel(viewerOf(res), input.params.postId)
  return registerAll(Router(), {
    // Before /api/posts/:postId/…, which would otherwise read "models" as an id.
    bulkModels: (input, _req, res) => blog.enhance.generateModels(viewerOf(res), input.body.postIds),
    generateAnnotations: async (input, _req, res) => {
      const annotations = await blog.enhance.generateFor(viewerOf(res), input.params.id, 'annotations')
      return {
        message: `Generated ${annotations.length} annotation${annotations.length === 1 ? '' : 's'}`,
        annotations,
      }
    },
    generateBibliography: async (input, _req, res) => {
      const bibliography = await blog.enhance.generateFor(viewerOf(res), input.params.id, 'bibliography')
      const n = bibliography.entries.length
      return { message: `Generated a bibliography of ${n} entr${n === 1 ? 'y' : 'ies'}`, bibliography }
    },
    generateModel: model,
    regenerateModel: model,
  })
}
