import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { AboutSchema, FooterUpdateSchema } from '../../shared/schemas/index.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

/** SPEC §7: the About page and the footer; reading is public, editing is for admins. */
export function siteContentRoutes(blog: Blog): Router {
  const router = Router()
  const content = blog.siteContent
  router.get('/api/about', http(() => content.about()))
  router.patch(
    '/api/about',
    adminOnly,
    http((req, res) => content.updateAbout(viewerOf(res), parseInput(AboutSchema, req.body).content)),
  )
  router.get('/api/footer', http(() => content.footer()))
  router.patch(
    '/api/footer',
    adminOnly,
    http((req, res) => content.updateFooter(viewerOf(res), parseInput(FooterUpdateSchema, req.body))),
  )
  return router
}
