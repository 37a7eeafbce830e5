import type { Post, PostStatus, TocEntry } from '../../schemas/index.js'
import { json, text, type Endpoint } from '../endpoint.js'

export type UploadFileStatus = 'imported' | 'updated' | 'unchanged' | 'failed'

/** What POST /api/upload answers, as far as the web reads it. */
export interface UploadAnswer {
  posts: { id: number; slug: string; title: string; status: PostStatus }[]
  files?: {
    name: string
    status: UploadFileStatus
    slug: string | null
    error: string | null
    /** A new post dated more than 30 days back: listed by that date and not announced to subscribers. */
    notice?: string | null
  }[]
  summary?: Record<UploadFileStatus, number>
}

/** The owner's calls on posts (SPEC §7): edit, delete, preview, upload, export. Admins only. */
export const postsAdminEndpoints = {
  // Listed (and so registered) before /api/posts/:id, which would otherwise take "annotations" for an id.
  clearAnnotations: {
    method: 'DELETE',
    path: '/api/posts/annotations',
    access: 'admin',
    cache: 'default',
    output: json<{ updatedCount: number }>(),
  },
  deletePosts: {
    method: 'DELETE',
    path: '/api/posts',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string; deleted: number }>(),
  },
  updatePost: {
    method: 'PUT',
    path: '/api/posts/:id',
    access: 'admin',
    cache: 'default',
    body: 'essay-json',
    output: json<Post>(),
  },
  deletePost: {
    method: 'DELETE',
    path: '/api/posts/:id',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string }>(),
  },
  preview: {
    method: 'POST',
    path: '/api/preview',
    access: 'admin',
    cache: 'default',
    body: 'essay-json',
    output: json<{ html: string; toc: TocEntry[] }>(),
  },
  upload: {
    method: 'POST',
    path: '/api/upload',
    access: 'admin',
    cache: 'default',
    body: 'multipart',
    output: json<UploadAnswer>(),
  },
  exportArxiv: {
    method: 'GET',
    path: '/api/posts/:id/export/arxiv',
    access: 'admin',
    cache: 'private, no-store',
    output: text(),
  },
  /** The same source as a submission archive: `{job}.tex` and its `figures/`, a `.tar.gz`. */
  exportArxivArchive: {
    method: 'GET',
    path: '/api/posts/:id/export/arxiv-archive',
    access: 'admin',
    cache: 'private, no-store',
    output: text(),
  },
} as const satisfies Record<string, Endpoint>
