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

/** SPEC §7/§9: the job list is polled every 3 seconds while there is work going on. */
export const JOBS_POLL_MS = 3000
/**
 * With nothing going on, a slow look now and then, so jobs queued elsewhere (the CLI, another
 * tab) still appear. Jobs this tab creates start the fast polling at once (see jobsChanged).
 */
export const JOBS_IDLE_POLL_MS = 30_000

/** GET /api/jobs/status, for admins only (the call answers 401/403 to anyone else). */
export function useJobsStatus(enabled: boolean) {
  return useQuery<JobsStatus>({
    queryKey: jobKeys.status(),
    enabled,
    refetchInterval: (query) => ((query.state.data?.pendingJobs ?? 0) > 0 ? JOBS_POLL_MS : JOBS_IDLE_POLL_MS),
    // an owner coming back to the tab wants the present state, not the one of half an hour ago
    refetchOnWindowFocus: true,
  })
}

/** A job was created (or cancelled): read the list now, which starts the 3 s polling. */
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
