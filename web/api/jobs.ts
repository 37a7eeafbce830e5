import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { Job } from '../../src/shared/schemas/index.js'
import { apiRequest } from './query-client.js'

export interface JobsStatus {
  jobs: Job[]
  totalJobs: number
  pendingJobs: number
}

export const jobKeys = { status: () => ['/api/jobs/status'] as const }

/**
 * SPEC §7/§9: the job list is polled every 3 seconds. Only an admin's page asks (the tracker
 * and the upload page mount for admins alone; guests never poll), and only while the page is
 * visible: react-query pauses an interval in a hidden tab (refetchIntervalInBackground false).
 */
export const JOBS_POLL_MS = 3000

/** The status query's options, apart so a test can read the polling rule. */
export function jobsStatusOptions(enabled: boolean) {
  return {
    queryKey: jobKeys.status(),
    enabled,
    refetchInterval: enabled ? JOBS_POLL_MS : (false as const),
    refetchIntervalInBackground: false,
    // an owner coming back to the tab wants the present state at once, not at the next tick
    refetchOnWindowFocus: true,
  }
}

/** GET /api/jobs/status, for admins only (the call answers 401/403 to anyone else). */
export function useJobsStatus(enabled: boolean) {
  return useQuery<JobsStatus>(jobsStatusOptions(enabled))
}

/** A job was created (or cancelled): read the list now rather than at the next 3 s tick. */
export function jobsChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: jobKeys.status() })
}

/** DELETE /api/jobs/{id}: cancels one pending job. */
export function useCancelJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await apiRequest('DELETE', `/api/jobs/${encodeURIComponent(id)}`)).json() as Promise<{ message?: string }>,
    onSettled: () => jobsChanged(queryClient),
  })
}

/** DELETE /api/jobs: cancels every pending job; answers cancelledCount. */
export function useCancelAllJobs() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await apiRequest('DELETE', '/api/jobs')).json() as Promise<{ cancelledCount: number; message?: string }>,
    onSettled: () => jobsChanged(queryClient),
  })
}
