import { Router, type Response } from 'express'
import type { Blog } from '../../app/blog.js'
import type { JobKind } from '../../shared/schemas/index.js'
import { registerAll } from '../api/register.js'
import { viewerOf } from '../http.js'

/** SPEC §7 bulk generation (as jobs) and the job tracker's calls. Admins only. */
export function jobsRoutes(blog: Blog): Router {
  const bulk =
    (kind: JobKind & ('annotations' | 'bibliography')) =>
    async (input: { body: { postIds: number[] } }, _req: unknown, res: Response) => {
      const { jobsCreated, jobs } = await blog.jobs.enqueueMany(viewerOf(res), input.body.postIds, kind)
      res.status(202)
      return { message: `Queued ${kind} for ${jobs.length} post${jobs.length === 1 ? '' : 's'}`, jobsCreated, jobs }
    }
  return registerAll(Router(), {
    bulkAnnotations: bulk('annotations'),
    bulkBibliography: bulk('bibliography'),
    jobsStatus: (_input, _req, res) => blog.jobs.status(viewerOf(res)),
    cancelJob: async (input, _req, res) => ({
      message: 'Job cancelled',
      job: await blog.jobs.cancel(viewerOf(res), input.params.id),
    }),
    cancelAllJobs: async (_input, _req, res) => {
      const cancelledCount = await blog.jobs.cancelAll(viewerOf(res))
      return { message: `Cancelled ${cancelledCount} job${cancelledCount === 1 ? '' : 's'}`, cancelledCount }
    },
  })
}
