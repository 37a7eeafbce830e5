import { Router, type Request, type Response } from 'express'
import type { Blog } from '../../app/blog.js'
import { registerAll } from '../api/register.js'
import { clientOf, viewerOf } from '../http.js'
import { escapeHtml } from '../../shared/escape-html.js'

/** What visitors send: newsletter sign-ups, comments, reading events. Each is validated and rate limited. */
export function communityRoutes(blog: Blog): Router {
  // One click from an alert e-mail: a tiny page, not JSON, since a person opens it. Mail
  // providers' one-click button (RFC 8058) POSTs to the same address.
  const unsubscribe = async (input: { query: { token: string } }, _req: Request, res: Response) => {
    const removed = await blog.newsletter.unsubscribe(input.query.token)
    const text = removed
      ? 'You have been unsubscribed. You will get no more alerts.'
      : 'This address is not subscribed (any more).'
    res
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Unsubscribed</title><p>${escapeHtml(text)}</p><p><a href="/">${escapeHtml(blog.config.siteName)}</a></p>`,
      )
  }
  return registerAll(Router(), {
    subscribe: async (input, req, res) => {
      const { created } = await blog.newsletter.subscribe(input.body.email, clientOf(req))
      res.status(created ? 201 : 200)
      return { message: 'Successfully subscribed!' }
    },
    unsubscribe,
    unsubscribeOneClick: unsubscribe,
    comments: (input, _req, res) => blog.comments.forPost(input.params.postId, viewerOf(res)),
    addComment: async (input, req, res) => {
      const postId = input.params.postId
      const comment = await blog.comments.add(postId, input.body, viewerOf(res), clientOf(req))
      res.status(201)
      const status = comment?.status ?? 'pending'
      return {
        comment,
        message:
          status === 'approved'
            ? 'Comment published.'
            : 'Thank you! Your comment will appear once it has been approved.',
      }
    },
    pendingComments: (_input, _req, res) => blog.comments.pending(viewerOf(res)),
    approveComment: (input, _req, res) => {
      // the body is checked first, as it always was; approving is all a PATCH does
      void input.body
      return blog.comments.approve(input.params.id, viewerOf(res))
    },
    deleteComment: async (input, _req, res) => {
      await blog.comments.remove(input.params.id, viewerOf(res))
      return { message: 'Comment deleted' }
    },
    // SPEC §7: the answer is ignored by the page, so it is empty.
    track: async (input, req, res) => {
      await blog.tracking.record(input.body, viewerOf(res), clientOf(req))
      res.status(204).end()
    },
  })
}
