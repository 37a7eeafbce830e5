import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import type { JobsStatus } from '../../src/shared/api/endpoints/jobs.js'
import { ENDPOINTS } from '../../src/shared/api/endpoints.js'
import { call } from './call.js'

export type { JobsStatus } from '../../src/shared/api/endpoints/jobs.js'

export const jobKeys = { status: () => [ENDPOINTS.jobsStatus.path] as const }

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
    mutationFn: (id: string) => call('cancelJob', { params: { id } }),
    onSettled: () => jobsChanged(queryClient),
  })
}

/** DELETE /api/jobs: cancels every pending job; answers cancelledCount. */
export function useCancelAllJobs() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call('cancelAllJobs'),
    onSettled: () => jobsChanged(queryClient),
  })
}
