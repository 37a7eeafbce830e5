import { Router } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/** SPEC §7: the About page and the footer; reading is public, editing is for admins. */
export function siteContentRoutes(blog: Blog): Router {
  const content = blog.siteContent
  return registerAll(Router(), {
    about: () => content.about(),
    updateAbout: (input, _req, res) => content.updateAbout(viewerOf(res), input.body.content),
    footer: () => content.footer(),
    updateFooter: (input, _req, res) => content.updateFooter(viewerOf(res), input.body),
  })
}
