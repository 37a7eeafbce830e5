import type { AiStatus, ManagePage } from '../../schemas/manage.js'
import { json, type Endpoint } from '../endpoint.js'

/** The Post Manager's reads (issue 23.10/23.11). Admins only, never cached. */
export const manageEndpoints = {
  managePosts: {
    method: 'GET',
    path: '/api/manage/posts',
    access: 'admin',
    cache: 'private, no-store',
    output: json<ManagePage>(),
  },
  aiStatus: {
    method: 'GET',
    path: '/api/manage/ai',
    access: 'admin',
    cache: 'private, no-store',
    output: json<AiStatus>(),
  },
} as const satisfies Record<string, Endpoint>
