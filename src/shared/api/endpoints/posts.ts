import type { Post, PostListItem } from '../../schemas/index.js'
import { json, type Endpoint } from '../endpoint.js'

/** Reading posts (SPEC §7): the list (with `?search=`) and one post by slug. */
export const postEndpoints = {
  listPosts: { method: 'GET', path: '/api/posts', access: 'public', cache: 'default', output: json<PostListItem[]>() },
  getPost: { method: 'GET', path: '/api/posts/:slug', access: 'public', cache: 'default', output: json<Post>() },
} as const satisfies Record<string, Endpoint>
