import type { Comment } from '../../schemas/community.js'
import { empty, html, json, type Endpoint } from '../endpoint.js'

/** What visitors send (newsletter sign-ups, comments, reading events) and the owner's moderation. */
export const communityEndpoints = {
  subscribe: {
    method: 'POST',
    path: '/api/subscribe',
    access: 'public',
    cache: 'default',
    output: json<{ message: string }>(),
  },
  // One click from an alert e-mail: a tiny page, since a person opens it; mail providers'
  // one-click button (RFC 8058) POSTs to the same address.
  unsubscribe: { method: 'GET', path: '/api/unsubscribe', access: 'public', cache: 'default', output: html() },
  unsubscribeOneClick: { method: 'POST', path: '/api/unsubscribe', access: 'public', cache: 'default', output: html() },
  comments: {
    method: 'GET',
    path: '/api/posts/:postId/comments',
    access: 'public',
    cache: 'default',
    output: json<Comment[]>(),
  },
  addComment: {
    method: 'POST',
    path: '/api/posts/:postId/comments',
    access: 'public',
    cache: 'default',
    output: json<{ comment: Comment | null; message: string }>(),
  },
  pendingComments: {
    method: 'GET',
    path: '/api/comments/pending',
    access: 'admin',
    cache: 'default',
    output: json<Comment[]>(),
  },
  approveComment: {
    method: 'PATCH',
    path: '/api/comments/:id',
    access: 'admin',
    cache: 'default',
    output: json<Comment>(),
  },
  deleteComment: {
    method: 'DELETE',
    path: '/api/comments/:id',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string }>(),
  },
  // SPEC §7: the answer is ignored by the page, so it is empty.
  track: { method: 'POST', path: '/api/user/track', access: 'public', cache: 'default', output: empty() },
} as const satisfies Record<string, Endpoint>
