import { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { CommentInputSchema, CommentModerationSchema, SubscriptionSchema, TrackingEventSchema } from '../../shared/schemas/index.js'
import { clientOf, http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'
import { escapeHtml } from '../../shared/escape-html.js'

const IdParam = z.coerce.number('Not a valid id').int('Not a valid id').min(1, 'Not a valid id').max(Number.MAX_SAFE_INTEGER, 'Not a valid id')
export const TokenQuery = z.object({ token: z.string('The unsubscribe link is incomplete.').min(1, 'The unsubscribe link is incomplete.').max(200, 'The unsubscribe link is not valid.') })

/** What visitors send: newsletter sign-ups, comments, reading events. Each is validated and rate limited. */
export function communityRoutes(blog: Blog): Router {
  const router = Router()

  router.post(
    '/api/subscribe',
    http(async (req, res) => {
      const { created } = await blog.newsletter.subscribe(parseInput(SubscriptionSchema, req.body).email, clientOf(req))
      res.status(created ? 201 : 200)
      return { message: 'Successfully subscribed!' }
    }),
  )

  // One click from an alert e-mail: a tiny page, not JSON, since a person opens it. Mail
  // providers' one-click button (RFC 8058) POSTs to the same address.
  const unsubscribe = http(async (req, res) => {
      const { token } = parseInput(TokenQuery, req.query)
      const removed = await blog.newsletter.unsubscribe(token)
      const text = removed ? 'You have been unsubscribed. You will get no more alerts.' : 'This address is not subscribed (any more).'
      res.type('html').send(`<!doctype html><meta charset="utf-8"><title>Unsubscribed</title><p>${escapeHtml(text)}</p><p><a href="/">${escapeHtml(blog.config.siteName)}</a></p>`)
  })
  router.get('/api/unsubscribe', unsubscribe)
  router.post('/api/unsubscribe', unsubscribe)

  router.get(
    '/api/posts/:postId/comments',
    http((req, res) => blog.comments.forPost(parseInput(IdParam, req.params.postId), viewerOf(res))),
  )
  router.post(
    '/api/posts/:postId/comments',
    http(async (req, res) => {
      const postId = parseInput(IdParam, req.params.postId)
      const comment = await blog.comments.add(postId, parseInput(CommentInputSchema, req.body), viewerOf(res), clientOf(req))
      res.status(201)
      const status = comment?.status ?? 'pending'
      return { comment, message: status === 'approved' ? 'Comment published.' : 'Thank you! Your comment will appear once it has been approved.' }
    }),
  )
  router.get('/api/comments/pending', adminOnly, http((_req, res) => blog.comments.pending(viewerOf(res))))
  router.patch(
    '/api/comments/:id',
    adminOnly,
    http(async (req, res) => {
      parseInput(CommentModerationSchema, req.body)
      return blog.comments.approve(parseInput(IdParam, req.params.id), viewerOf(res))
    }),
  )
  router.delete(
    '/api/comments/:id',
    adminOnly,
    http(async (req, res) => {
      await blog.comments.remove(parseInput(IdParam, req.params.id), viewerOf(res))
      return { message: 'Comment deleted' }
    }),
  )

  // SPEC §7: the answer is ignored by the page, so it is empty.
  router.post(
    '/api/user/track',
    http(async (req, res) => {
      await blog.tracking.record(parseInput(TrackingEventSchema, req.body), viewerOf(res), clientOf(req))
      res.status(204).end()
    }),
  )
  return router
}
