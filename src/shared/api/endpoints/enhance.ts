import type { Annotation, Bibliography, Job, MathematicalModel } from '../../schemas/index.js'
import { json, type Endpoint } from '../endpoint.js'

type Queued = { message: string; jobsCreated: number; jobs: Job[] }
type Model = { model: MathematicalModel; variablesCount: number }

/**
 * SPEC §7 enhancement calls. Models and single-post annotations or bibliography answer when the
 * work is done; the bulk annotation and bibliography calls and image regeneration queue jobs (202).
 */
export const enhanceEndpoints = {
  bulkAnnotations: {
    method: 'POST',
    path: '/api/posts/annotations/bulk-generate',
    access: 'admin',
    cache: 'default',
    output: json<Queued>(),
  },
  bulkBibliography: {
    method: 'POST',
    path: '/api/posts/bibliography/bulk-generate',
    access: 'admin',
    cache: 'default',
    output: json<Queued>(),
  },
  bulkModels: {
    method: 'POST',
    path: '/api/posts/models/bulk-generate',
    access: 'admin',
    cache: 'default',
    output: json<{ modelsCreated: number; failed: { postId: number; error: string }[] }>(),
  },
  generateAnnotations: {
    method: 'POST',
    path: '/api/posts/:id/generate-annotations',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string; annotations: Annotation[] }>(),
  },
  generateBibliography: {
    method: 'POST',
    path: '/api/posts/:id/generate-bibliography',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string; bibliography: Bibliography }>(),
  },
  generateModel: {
    method: 'POST',
    path: '/api/posts/:postId/generate-model',
    access: 'admin',
    cache: 'default',
    output: json<Model>(),
  },
  regenerateModel: {
    method: 'POST',
    path: '/api/posts/:postId/regenerate-model',
    access: 'admin',
    cache: 'default',
    output: json<Model>(),
  },
  regenerateImages: {
    method: 'POST',
    path: '/api/posts/:id/regenerate-images',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string; job: Job }>(),
  },
} as const satisfies Record<string, Endpoint>
