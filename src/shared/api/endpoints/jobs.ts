import type { Job } from '../../schemas/index.js'
import { json, type Endpoint } from '../endpoint.js'

export interface JobsStatus {
  jobs: Job[]
  totalJobs: number
  pendingJobs: number
}

/** The job tracker's calls (SPEC §7/§9). Admins only; the polled status is never cached. */
export const jobEndpoints = {
  jobsStatus: {
    method: 'GET',
    path: '/api/jobs/status',
    access: 'admin',
    cache: 'private, no-store',
    output: json<JobsStatus>(),
  },
  cancelJob: {
    method: 'DELETE',
    path: '/api/jobs/:id',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string; job: Job }>(),
  },
  cancelAllJobs: {
    method: 'DELETE',
    path: '/api/jobs',
    access: 'admin',
    cache: 'default',
    output: json<{ message: string; cancelledCount: number }>(),
  },
} as const satisfies Record<string, Endpoint>
