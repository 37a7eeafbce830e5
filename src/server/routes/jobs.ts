import { Router } from 'express'
import { z } from 'zod'
import type { Blog } from '../../app/blog.js'
import { http, parseInput, viewerOf } from '../http.js'
import { adminOnly } from '../middleware/guards.js'

const Id = z.coerce.number('Not a valid post id').int('Not a valid post id').min(1, 'Not a valid post id').max(Number.MAX_SAFE_INTEGER, 'Not a valid post id')
export const BulkBody = z.object({ postIds: z.array(Id).min(1, 'Select at least one post').max(10_000) })
const JobId = z.string().min(1).max(100)

/** SPEC §7 bulk generation (as jobs) and the job tracker's calls. Admins only. */
export function jobsRoutes(blog: Blog): Router {
  const router = Router()
  for (const kind of ['annotations', 'bibliography'] as const) {
    router.post(
      `/api/posts/${kind}/bulk-generate`,
      adminOnly,
      http(async (req, res) => {
        const { jobsCreated, jobs } = await blog.jobs.enqueueMany(viewerOf(res), parseInput(BulkBody, req.body ?? {}).postIds, kind)
        res.status(202)
        return { message: `Queued ${kind} for ${jobs.length} post${jobs.length === 1 ? '' : 's'}`, jobsCreated, jobs }
      }),
    )
  }
  router.get(
    '/api/jobs/status',
    adminOnly,
    http((_req, res) => {
      res.set('Cache-Control', 'private, no-store')
      return blog.jobs.status(viewerOf(res))
    }),
  )
  router.delete(
    '/api/jobs/:id',
    adminOnly,
    http(async (req, res) => ({ message: 'Job cancelled', job: await blog.jobs.cancel(viewerOf(res), parseInput(JobId, req.params.id)) })),
  )
  router.delete(
    '/api/jobs',
    adminOnly,
    http(async (_req, res) => {
      const cancelledCount = await blog.jobs.cancelAll(viewerOf(res))
      return { message: `Cancelled ${cancelledCount} job${cancelledCount === 1 ? '' : 's'}`, cancelledCount }
    }),
  )
  return router
}
